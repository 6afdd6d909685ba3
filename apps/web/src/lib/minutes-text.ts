/** A duration in whole minutes, at least 1: how a page says how long something takes. */
export function wholeMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60_000));
}

/** '1 minute', '5 minutes': a duration in whole minutes, at least 1. */
export function minutesText(ms: number): string {
  const minutes = wholeMinutes(ms);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
