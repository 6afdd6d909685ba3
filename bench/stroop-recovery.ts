// Parameter recovery of the Stroop switch cost: for true costs of 0, 50 and 150 ms and
// Colour-minus-Word differences of 0, 150 and 300 ms, 1,000 simulated participants each
// (packages/domain/src/tasks/stroop/simulated-participant.ts: ex-Gaussian RTs, errors,
// post-error slowing, anticipations, slow outliers, interruptions) on the real design, scored by
// version 2 (within each cue, averaged) and, for comparison, version 1 (pooled).
// Usage: npm run bench:stroop-recovery   Writes bench/results/stroop-recovery.{json,md}.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import * as stroop from '@cogni/domain/tasks/stroop';
import * as stroopTesting from '@cogni/domain/tasks/stroop/testing';
import { ROOT } from './lib';

const RUNS = 1000;
const started = performance.now();
const cells: stroopTesting.RecoveryCell[] = [];
for (const trueSwitchCostMs of [0, 50, 150]) {
  for (const cueDifferenceMs of [0, 150, 300]) {
    cells.push(
      stroopTesting.recoverSwitchCost({
        config: stroop.DEFAULT_CONFIG,
        participant: stroop.SIMULATED_PARTICIPANT,
        trueSwitchCostMs,
        cueDifferenceMs,
        runs: RUNS,
        seed: `bench:${trueSwitchCostMs}:${cueDifferenceMs}`,
        compareVersion1: true,
      }),
    );
  }
}
const seconds = (performance.now() - started) / 1000;
const date = new Date().toISOString();
const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
const f = (value: number | undefined) => (value === undefined ? '' : value.toFixed(2));
const md = [
  '# Stroop switch-cost recovery',
  '',
  `${date}, ${machine}; ${RUNS} simulated runs per row, ${seconds.toFixed(1)} s in all (\`npm run bench:stroop-recovery\`).`,
  '',
  `The participant: Word-cue mean RT ${stroop.SIMULATED_PARTICIPANT.meanRtMs.Word} ms, Colour-cue that plus the cue difference, ex-Gaussian (sigma ${stroop.SIMULATED_PARTICIPANT.sigmaMs}, tau ${stroop.SIMULATED_PARTICIPANT.tauMs} ms); errors ${stroop.SIMULATED_PARTICIPANT.errorRate.Color * 100} % (Colour) and ${stroop.SIMULATED_PARTICIPANT.errorRate.Word * 100} % (Word), ${stroop.SIMULATED_PARTICIPANT.switchErrorIncrease * 100} points more on switches; ${stroop.SIMULATED_PARTICIPANT.postErrorSlowingMs} ms post-error slowing; ${stroop.SIMULATED_PARTICIPANT.anticipationRate * 100} % anticipations, ${stroop.SIMULATED_PARTICIPANT.slowOutlierRate * 100} % slow outliers, ${stroop.SIMULATED_PARTICIPANT.interruptionRate * 100} % interruptions. Bias is the mean estimate minus the true cost; SD is the spread of single runs' estimates.`,
  '',
  '| true switch cost ms | Colour − Word ms | v2 mean ms | v2 bias ms | v2 SD ms | v1 mean ms | v1 bias ms | v1 SD ms |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...cells.map(
    (c) =>
      `| ${c.trueSwitchCostMs} | ${c.cueDifferenceMs} | ${f(c.version2.meanMs)} | ${f(c.version2.biasMs)} | ${f(c.version2.sdMs)} | ${f(c.version1?.meanMs)} | ${f(c.version1?.biasMs)} | ${f(c.version1?.sdMs)} |`,
  ),
  '',
].join('\n');
writeFileSync(path.join(ROOT, 'bench/results/stroop-recovery.md'), md);
writeFileSync(
  path.join(ROOT, 'bench/results/stroop-recovery.json'),
  `${JSON.stringify({ date, machine, runsPerCell: RUNS, seconds, cells }, null, 2)}\n`,
);
console.log(md);
