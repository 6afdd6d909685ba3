// Parameter recovery of the flanker effect: for true effects of 0, 30, 60 and 120 ms, 1,000
// simulated participants each (packages/domain/src/tasks/flanker/participant.ts: normal RTs,
// errors by congruency, omissions, anticipations, extra presses) on the default design, played
// through the engine and scored as stored runs are.
// Usage: npm run bench:flanker-recovery   Writes bench/results/flanker-recovery-<date>.{json,md}.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { DEFAULT_CONFIG, DEFAULT_PARTICIPANT } from '@cogni/domain/tasks/flanker';
import {
  type FlankerRecoveryCell,
  recoverFlankerEffect,
} from '@cogni/domain/tasks/flanker/testing';
import { ROOT } from './lib';

const RUNS = 1000;
const started = performance.now();
const cells: FlankerRecoveryCell[] = [0, 30, 60, 120].map((trueEffectMs) =>
  recoverFlankerEffect({
    config: DEFAULT_CONFIG,
    participant: DEFAULT_PARTICIPANT,
    trueEffectMs,
    runs: RUNS,
    seed: `bench:${trueEffectMs}`,
  }),
);
const seconds = (performance.now() - started) / 1000;
const date = new Date().toISOString();
const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
const p = DEFAULT_PARTICIPANT;
const md = [
  '# Flanker effect recovery',
  '',
  `${date}, ${machine}; ${RUNS} simulated runs per row at the default configuration (${DEFAULT_CONFIG.testTrials} test trials, half incongruent), ${seconds.toFixed(1)} s in all (\`npm run bench:flanker-recovery\`).`,
  '',
  `The participant: congruent RT normal, mean ${p.congruentRtMeanMs} ms, SD ${p.rtSdMs} ms, incongruent the same plus the true effect; errors ${p.congruentErrorRate * 100} % (congruent) and ${p.incongruentErrorRate * 100} % (incongruent); ${p.omissionRate * 100} % omissions, ${p.anticipationRate * 100} % anticipations, ${p.extraResponseRate * 100} % extra presses. Bias is the mean estimate minus the truth; SD the spread of single runs' estimates; coverage the share of runs within 2 SE (their own) of the truth.`,
  '',
  '| true effect ms | mean ms | bias ms | SD ms | coverage | median-based bias ms | accuracy effect true | accuracy effect mean |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...cells.map(
    (c) =>
      `| ${c.trueEffectMs} | ${c.meanMs.toFixed(2)} | ${c.biasMs.toFixed(2)} | ${c.sdMs.toFixed(2)} | ${(c.coverage * 100).toFixed(1)} % | ${c.medianEffectBiasMs.toFixed(2)} | ${c.trueAccuracyEffect.toFixed(4)} | ${c.accuracyEffectMean.toFixed(4)} |`,
  ),
  '',
].join('\n');
const stem = path.join(ROOT, `bench/results/flanker-recovery-${date.slice(0, 10)}`);
writeFileSync(`${stem}.md`, md);
writeFileSync(
  `${stem}.json`,
  `${JSON.stringify({ date, machine, runsPerCell: RUNS, seconds, participant: p, cells }, null, 2)}\n`,
);
console.log(md);
