// Parameter recovery of the scores a methods review changed (issue 37, ADR 038): for each
// changed measure, 1,000 simulated runs per task at the default settings, by a simulated
// participant whose true value of the measure is known, each run played through the task's
// engine on its own plan and scored by the current scoring version. The table gives the true
// value, the mean estimate over the runs, its bias and SE, and the SD of single runs.
// Usage: npm run bench:score-recovery   Writes bench/results/score-recovery-<date>.{json,md}.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import * as goNoGo from '@cogni/domain/tasks/go-no-go';
import * as nBack from '@cogni/domain/tasks/n-back';
import * as pvt from '@cogni/domain/tasks/pvt';
import * as sart from '@cogni/domain/tasks/sart';
import * as stroop from '@cogni/domain/tasks/stroop';
import { bishopProblems } from '@cogni/domain/tasks/tower-of-hanoi';
import * as towerOfHanoiTesting from '@cogni/domain/tasks/tower-of-hanoi/testing';
import { ROOT } from './lib';

const RUNS = 1000;

/** One changed measure's recovery: its truth and the estimates of RUNS runs. */
type Row = {
  task: string;
  measure: string;
  /** How the truth follows from the simulated participant. */
  truthNote: string;
  truth: number;
  estimates: number[];
  /** The largest |bias| the row passes with. */
  bound: number;
};

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const sd = (values: readonly number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
};

/** RUNS estimates of one measure, one per seeded run. */
const overRuns = (measure: (seed: string) => number) =>
  Array.from({ length: RUNS }, (_, i) => measure(`score-recovery-${i}`));

const rows: Row[] = [];
const started = performance.now();

// Go/No-Go headline: balanced accuracy, true value (1 - omission + 1 - commission) / 2; the
// headline's floor() lowers it by 0.5 on average, so the unfloored balanced accuracy
// (hit rate + 1 - false-alarm rate) / 2 from the run's own rates is what is compared.
{
  const p = goNoGo.DEFAULT_PARTICIPANT;
  rows.push({
    task: 'Go/No-Go',
    measure: 'headline (balanced accuracy, %)',
    truthNote: `50 x (1 + (1 - omissions ${p.omissionRate}) - commissions ${p.commissionRate})`,
    truth: 50 * (2 - p.omissionRate - p.commissionRate),
    estimates: overRuns((seed) => {
      const { scores } = goNoGo.score(
        goNoGo.DEFAULT_CONFIG,
        goNoGo.simulateParticipant(seed, goNoGo.DEFAULT_CONFIG, p),
      );
      return 50 * (1 + (scores.hitRate ?? 0) - (scores.falseAlarmRate ?? 0));
    }),
    bound: 0.5,
  });
}

// SART headline (unchanged, now computed by the shared balanced-accuracy headline).
{
  const p = sart.DEFAULT_PARTICIPANT;
  rows.push({
    task: 'SART',
    measure: 'headline (balanced accuracy, %)',
    truthNote: `50 x (1 + (1 - omissions ${p.omissionRate}) - commissions ${p.commissionRate})`,
    truth: 50 * (2 - p.omissionRate - p.commissionRate),
    estimates: overRuns((seed) => {
      const { scores } = sart.score(
        sart.DEFAULT_CONFIG,
        sart.simulateParticipant(seed, sart.DEFAULT_CONFIG, p),
      );
      return scores.balancedAccuracy === null ? Number.NaN : 100 * scores.balancedAccuracy;
    }),
    bound: 0.5,
  });
}

// Stroop headline: percent correct, computed exactly (version 3). The simulated participant's
// chance of a right answer on a trial is (1 - anticipation) x (1 - error rate of its cue, plus
// the switch increase on a switch) + anticipation / 3; the truth of a run is the mean of that
// chance over its test trials, and the table's truth its mean over runs. The estimate is
// floor()ed by the headline: 0.5 is added back.
{
  const p = stroop.SIMULATED_PARTICIPANT;
  const truths: number[] = [];
  const estimates = overRuns((seed) => {
    const trials = stroop.simulateTestPhase(seed, stroop.DEFAULT_CONFIG, p);
    const chanceRight = (t: (typeof trials)[number]) =>
      (1 - p.anticipationRate) *
        (1 - p.errorRate[t.cueWord] - (t.isSwitch ? p.switchErrorIncrease : 0)) +
      p.anticipationRate / 3;
    truths.push(100 * mean(trials.map(chanceRight)));
    return stroop.scoreV2(stroop.DEFAULT_CONFIG, trials).overallScore + 0.5;
  });
  rows.push({
    task: 'Stroop',
    measure: 'headline (percent correct, exact), + 0.5 for the floor',
    truthNote: `errors Colour ${p.errorRate.Color}, Word ${p.errorRate.Word}, +${p.switchErrorIncrease} on switches, anticipations ${p.anticipationRate} (right 1 in 3)`,
    truth: mean(truths),
    estimates,
    bound: 0.5,
  });
}

// N-back headline: balanced accuracy with "same" as the response. The mock participant answers
// a trial with probability 1 - omission and says "same" with P = Φ(±d'/2 - c) by level; an
// omission is never "same". Every level has as many targets (and non-targets) as the others, so
// the truth is (1 + H - F) / 2 with H and F averaged over the default levels 1-3.
{
  const p = nBack.DEFAULT_PARTICIPANT;
  const answered = 1 - p.omissionRate;
  const levels = [1, 2, 3];
  const rate = (isTarget: boolean) =>
    mean(levels.map((n) => answered * nBack.matchProbability(nBack.defaultAbility(n), isTarget)));
  rows.push({
    task: 'N-back',
    measure: 'headline (balanced accuracy, %)',
    truthNote: `levels 1-3, d' ${levels.map((n) => nBack.defaultAbility(n).dPrime.toFixed(1)).join(', ')}, criterion 0.2, omissions ${p.omissionRate}`,
    truth: 50 * (1 + rate(true) - rate(false)),
    estimates: overRuns((seed) => {
      const { scores } = nBack.score(
        nBack.DEFAULT_CONFIG,
        nBack.simulateParticipant(seed, nBack.DEFAULT_CONFIG, p),
      );
      return 100 * (scores.overall.balancedAccuracy ?? Number.NaN);
    }),
    bound: 0.5,
  });
}

// PVT response speed (scoring version 3: a timeout counts at 1000 / the 30 s timeout), for the
// recovery participant (pvt.RECOVERY_PARTICIPANT; its lapse RTs start at the variant's lapse
// threshold, so its true speed is pvt.recoveryTrueSpeed of that threshold), on both variants at
// the published intervals.
{
  const participant = pvt.RECOVERY_PARTICIPANT;
  for (const config of [pvt.DEFAULT_CONFIG, pvt.SETTINGS.schema.parse({ variant: 'PVT-B' })]) {
    rows.push({
      task: 'PVT',
      measure: `mean response speed (s⁻¹), timeouts at the timeout, ${config.variant}`,
      truthNote: `lapses 0.1 (a tenth of them timeouts, the rest uniform over 700 ms from the ${config.variant === 'PVT-B' ? 355 : 500} ms threshold), speed otherwise uniform on [3, 5] s⁻¹`,
      truth: pvt.recoveryTrueSpeed(config.variant === 'PVT-B' ? 355 : 500),
      estimates: overRuns(
        (seed) =>
          pvt.score(config, pvt.simulateParticipant(seed, config, participant)).scores.meanSpeed ??
          Number.NaN,
      ),
      bound: 0.02,
    });
  }
}

// Tower of Hanoi headline: problems solved in their minimum, %. The participant makes a move
// that does not bring the discs nearer the goal with a set probability; each problem's chance
// of a perfect solution follows exactly (towerOfHanoi.optimalProbability), and so does the
// floored headline's expectation (towerOfHanoi.headlineDistribution).
{
  const errorRates = towerOfHanoiTesting.recoveryErrorRates();
  const problems = bishopProblems();
  towerOfHanoiTesting.RECOVERY_RATES.forEach((trueRate, index) => {
    const errorRate = errorRates[index] as number;
    rows.push({
      task: 'Tower of Hanoi',
      measure: `headline (perfect solutions, %), true excess-move rate ${trueRate}`,
      truthNote: `exact, from each problem's chance of a perfect solution at error rate ${errorRate.toFixed(4)}`,
      truth: towerOfHanoiTesting.headlineDistribution(
        problems.map((problem) => towerOfHanoiTesting.optimalProbability(problem, errorRate)),
      ).mean,
      estimates: Array.from(
        { length: RUNS },
        (_, k) =>
          towerOfHanoiTesting.simulateRecoveryRun(
            k * towerOfHanoiTesting.RECOVERY_RATES.length + index,
            errorRates,
          ).overallScore,
      ),
      bound: 1.5,
    });
  });
}

const seconds = (performance.now() - started) / 1000;
const date = new Date().toISOString();
const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
const f = (value: number, digits = 3) => value.toFixed(digits);
const summarized = rows.map((row) => {
  const valid = row.estimates.filter((v) => Number.isFinite(v));
  const m = mean(valid);
  const spread = sd(valid);
  const bias = m - row.truth;
  return {
    ...row,
    estimates: undefined,
    runs: valid.length,
    mean: m,
    bias,
    se: spread / Math.sqrt(valid.length),
    sd: spread,
    passed: Math.abs(bias) <= row.bound,
  };
});
const md = [
  '# Recovery of the scores changed by the methods review',
  '',
  `${date}, ${machine}; ${RUNS} simulated runs per row at the default settings, ${seconds.toFixed(1)} s in all (\`npm run bench:score-recovery\`).`,
  '',
  '| task | measure | truth | mean estimate | bias | SE of mean | SD of a run | bound on bias | passed | truth from |',
  '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  ...summarized.map(
    (r) =>
      `| ${r.task} | ${r.measure} | ${f(r.truth)} | ${f(r.mean)} | ${f(r.bias)} | ${f(r.se)} | ${f(r.sd)} | ±${r.bound} | ${r.passed ? 'yes' : '**no**'} | ${r.truthNote} |`,
  ),
  '',
].join('\n');
const stamp = date.slice(0, 10);
writeFileSync(path.join(ROOT, `bench/results/score-recovery-${stamp}.md`), md);
writeFileSync(
  path.join(ROOT, `bench/results/score-recovery-${stamp}.json`),
  `${JSON.stringify({ date, machine, runsPerRow: RUNS, seconds, rows: summarized }, null, 2)}\n`,
);
console.log(md);
if (summarized.some((r) => !r.passed)) process.exitCode = 1;
