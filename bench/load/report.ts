import { writeFileSync } from 'node:fs';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from '@cogni/domain';
import type { EventLoopDelay } from './event-loop';
import type { LoginBurst, StepResult } from './steps';

/** What bench:load found on one kind of database. */
export type LoadResult = {
  trialSavesPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
  errors: number | null;
  ceilingPerSec: number | null;
  shareOfCeiling: number | null;
  p99MsDuringLoginBurst: number | null;
  p99MsBeforeLoginBurst: number | null;
  participants: number;
  serverCpuCores: number | null;
  serverRssMb: number | null;
  machineCpuCores: number | null;
  stealCpuCores?: number | null;
  generatorCpuCores: number | null;
  errorsInRun: number;
  loginBurst: LoginBurst | null;
  /** The same burst at half the sustained head count (the soak's load): ordinary busy times. */
  loginBurstAtHalfLoad?: LoginBurst | null;
  /** Trials the participants were told are saved: 201, or 200 after a lost answer. */
  confirmedTrials: number;
  trialsConfirmedLate: number;
  trialsUnanswered: number;
  storedTrials: number;
  /** 'passed', or what checkTrialsStored found. */
  trialCheck: string;
  serverExitCode: number | null;
  goals: { p99Ms: number; trialSavesPerSec: number; shareOfCeiling?: number };
  isGoalMet: boolean;
  steps: StepResult[];
  ceilingSteps: StepResult[];
};

export type LoadReport = {
  postgres?: LoadResult;
  pglite?: LoadResult;
  machine: { cpu: string; cores: number; memoryGb: number; node: string };
  date: string;
  mode: string;
  durationMin: number;
  method: Record<string, number>;
};

/** Event-loop delay as "p99/max"; steps measured before it was recorded have none. */
function loopDelay(delay: EventLoopDelay | undefined): string {
  return delay ? `${delay.p99Ms}/${delay.maxMs}` : '–';
}

/** A step-up, step by step, as a markdown table (bench:load, bench/study-load.ts). */
export function stepTable(steps: StepResult[]): string[] {
  return [
    '| participants | ready after s | saves/s | p50 ms | p90 ms | p99 ms | max ms | errors | server CPU (cores) | server RSS MB | machine CPU (cores) | stolen by the host (cores) | generator CPU (cores) | server loop late p99/max ms | generator loop late p99/max ms | sustained |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...steps.map(
      (s) =>
        `| ${s.participants} | ${s.joinSeconds ?? '> 180'} | ${s.trialSavesPerSec} | ${s.p50Ms} | ${s.p90Ms} | ${s.p99Ms} | ${s.maxMs} | ${s.errors} | ${s.serverCpuCores} | ${s.serverRssMb} | ${s.machineCpuCores} | ${s.stealCpuCores ?? '–'} | ${s.generatorCpuCores} | ${loopDelay(s.serverEventLoop)} | ${loopDelay(s.generatorEventLoop)} | ${s.isSustained ? 'yes' : 'no'} |`,
    ),
  ];
}

function describeBurst(burst: LoginBurst, where: string): string {
  return `- ${burst.logins} logins at once (full-cost scrypt) ${where}: trial-save p99 ${burst.before.p99Ms} ms just before, **${burst.during.p99Ms} ms during** (max ${burst.during.maxMs} ms, ${burst.during.errors} errors, ${burst.during.trialSavesPerSec} saves/s); logins answered ${JSON.stringify(burst.statuses)} (0: no answer within 30 s), p50 ${burst.loginP50Ms} ms, last after ${burst.loginMaxMs} ms.`;
}

function section(name: string, r: LoadResult): string[] {
  const burst = r.loginBurst;
  const goalShare = r.goals.shareOfCeiling;
  return [
    `## ${name}`,
    '',
    `- **${r.trialSavesPerSec} trial saves/s** sustained (${r.participants} participants), p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors; server ${r.serverCpuCores} cores, ${r.serverRssMb} MB RSS; whole machine ${r.machineCpuCores} of 2 cores${r.stealCpuCores == null ? '' : `, ${r.stealCpuCores} more stolen by the host`}.`,
    `- Ceiling (bare insert, same server and pool): ${r.ceilingPerSec}/s; ours is **${r.shareOfCeiling === null ? 'n/a' : `${Math.round(r.shareOfCeiling * 100)} %`}** of it.`,
    burst
      ? describeBurst(burst, `at ${r.participants} participants`)
      : '- No sustained step, so no login burst.',
    ...(r.loginBurstAtHalfLoad
      ? [
          describeBurst(
            r.loginBurstAtHalfLoad,
            `at half of them (${Math.round(r.participants / 2)})`,
          ),
        ]
      : []),
    `- Goal: ≥ ${r.goals.trialSavesPerSec}/s with p99 < ${r.goals.p99Ms} ms${goalShare ? ` and ≥ ${goalShare * 100} % of the ceiling` : ''}: **${r.isGoalMet ? 'met' : 'missed'}**.`,
    r.trialCheck === 'passed'
      ? `- Every trial a participant was told is saved was in the database afterwards, once: ${r.confirmedTrials} confirmed (${r.trialsConfirmedLate} of them by a 200 "already saved" after an attempt whose answer was lost), ${r.storedTrials} stored${r.trialsUnanswered > 0 ? `, ${r.trialsUnanswered} more had no answer when their participant was stopped (stored or not)` : ''}. Errors in the measured windows: ${r.errorsInRun}.`
      : `- **Trial check failed:** ${r.trialCheck}.`,
    '',
    '### Our endpoint, step by step',
    '',
    ...stepTable(r.steps),
    '',
    '### The ceiling, step by step',
    '',
    ...stepTable(r.ceilingSteps),
    '',
  ];
}

export function writeLoadReport(file: string, report: LoadReport): void {
  const m = report.method;
  const lines = [
    '# Load: trial saves per second (`npm run bench:load`)',
    '',
    `${report.date}, ${report.mode} run of ${report.durationMin} min on ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memoryGb} GB, Node ${report.machine.node}. The load generator (two worker threads) runs on the same two cores as the server and the database.`,
    '',
    `Each participant logs in, opens the test, starts it, answers a trial every ${m.meanTrialPaceMs} ms on average (cue, answer and feedback times of the fixture run) while its outbox saves them one at a time (a failed request is sent again after the browser outbox's backoff: a random wait below ${BACKOFF_BASE_MS} ms, doubling per failure up to ${BACKOFF_CAP_MS / 1000} s), saves the summary, opens progress tracking and starts again. A step adds participants (joining over ${(m.joinSpreadMs ?? 0) / 1000} s, or at ${m.joinsPerSec} a second when more join), waits until every one of them has logged in and started a test (a step with fewer participants than the one before waits instead until trial saves are answered within 50 ms again, with no errors, in two 5-s windows in a row, for up to 3 min: an overloaded step leaves every outbox holding unsent trials), then ${(m.warmupMs ?? 0) / 1000} s more, and measures ${(m.measureMs ?? 0) / 1000} s; steps grow ×${m.stepFactor} until p99 of the trial saves passes 50 ms or errors appear (halving instead when the first step misses), then one step between. A step that misses while the host steals more than 0.1 cores from this VM (\`steal\` in /proc/stat: the hypervisor running other guests) is measured again, up to twice; both stay in the tables. The ceiling runs the same participants with trial saves sent to \`/api/bench/ceiling\` (mounted only by the benchmark's own server entry, bench/load/bench-server.ts): the same insert, no session, no checks.`,
    '',
    ...(report.postgres ? section('PostgreSQL', report.postgres) : []),
    ...(report.pglite ? section('PGlite (embedded)', report.pglite) : []),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
}
