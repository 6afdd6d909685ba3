/** Retries an assertion until it passes or the time is up (for states the page reaches soon). */
export async function eventually(
  assertion: () => Promise<void> | void,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
