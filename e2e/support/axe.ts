import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type AxeResults = {
  violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
};

/** Serious and critical axe-core violations on the page as it is now. */
export async function axeViolations(
  page: Page,
): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  // Evaluated over the DevTools protocol: our CSP (rightly) refuses an injected <script>.
  await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}
