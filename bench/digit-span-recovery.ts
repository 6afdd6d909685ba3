// Span recovery of Digit Span: the 1,000 simulated runs of the domain's recovery test
// (packages/domain/src/tasks/digit-span/testing/parameter-recovery.ts: every pair of a forward span 4-8 and a
// backward span 3-7, the default configuration), with the figures the test only bounds.
// Usage: npx tsx bench/digit-span-recovery.ts   Writes bench/results/digit-span-recovery.json.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import * as digitSpan from '@cogni/domain/tasks/digit-span';
import * as digitSpanTesting from '@cogni/domain/tasks/digit-span/testing';
import { mean } from '../packages/domain/src/tasks/shared/statistics';
import { ROOT } from './lib';

const RUNS = 1000;
const config = digitSpan.DEFAULT_CONFIG;
const started = performance.now();
const runs = Array.from({ length: RUNS }, (_, i) =>
  digitSpanTesting.simulateRecoveryRun(i, config),
);
const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

const direction = (name: digitSpan.Direction) => ({
  meanLongestSpanMinusTrue: round(
    mean(runs.map((r) => (r.scores[name]?.longestSpan ?? Number.NaN) - r.truth[name])),
  ),
  bySpan: digitSpanTesting.RECOVERY_SPANS[name].map((span) => {
    const at = runs.filter((r) => r.truth[name] === span);
    return {
      trueSpan: span,
      runs: at.length,
      meanLongestSpan: round(mean(at.map((r) => r.scores[name]?.longestSpan ?? Number.NaN))),
      ladderExpectation: round(digitSpanTesting.expectedLongest(config, name, span)),
    };
  }),
});
const differences = [...new Set(runs.map((r) => r.truth.forward - r.truth.backward))].sort(
  (a, b) => a - b,
);
const figures = {
  date: new Date().toISOString(),
  machine: `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`,
  runs: RUNS,
  seconds: round((performance.now() - started) / 1000),
  forward: direction('forward'),
  backward: direction('backward'),
  spanDifferenceMinusTrue: differences.map((difference) => {
    const at = runs.filter((r) => r.truth.forward - r.truth.backward === difference);
    return {
      trueDifference: difference,
      runs: at.length,
      meanError: round(mean(at.map((r) => (r.scores.spanDifference as number) - difference))),
    };
  }),
};
const file = path.join(ROOT, 'bench/results/digit-span-recovery.json');
writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
console.log(`Wrote ${path.relative(ROOT, file)} in ${figures.seconds} s`);
