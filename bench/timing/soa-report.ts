import type { Condition } from './conditions';
import type { SoaDesign, SoaTrial } from './measure-soa';
import { type ErrorStats, NO_SAMPLES, shareWithin, summarizeErrors } from './stats';

/** A 60 Hz frame, ms: the bound for presented durations and drift. */
export const FRAME_MS = 1000 / 60;

/** One system's fixed-SOA run under one condition, as bench/results/timing.json has it. */
export type SoaConditionResult = {
  trials: number;
  /**
   * Presented digit duration minus the design's, ms, and the share within one frame (null, as
   * are the figures, when no duration was measured).
   */
  digitDurationErrorMs: ErrorStats & { signedMedian: number | null };
  digitWithinFrame: number | null;
  maskDurationErrorMs: ErrorStats & { signedMedian: number | null };
  maskWithinFrame: number | null;
  /**
   * Digit onsets against the absolute schedule (first digit + k × SOA), ms: at trial 225 (the
   * SART's length), at the last trial, the largest, and the least-squares slope per trial; null
   * when the run is too short for the figure (the slope needs two trials).
   */
  driftMs: {
    atTrial225: number | null;
    atLast: number | null;
    maxAbs: number | null;
    perTrial: number | null;
  };
  /** RT error (recorded minus true), presses during the digit and during the mask. */
  rtErrorMs: { all: ErrorStats; duringDigit: ErrorStats; duringMask: ErrorStats };
  /** Presses the system recorded no response for. */
  missedPresses: number;
  /** Recorded onset minus the digit's presentation (Element Timing), ms. */
  onsetErrorMs: ErrorStats;
  /** When this condition ran (a run of some conditions keeps the others' last results). */
  measuredAt?: string;
};

export type FixedSoaResults = {
  machine: string;
  browser: string;
  date: string;
  design: SoaDesign & { soaMs: number; delays: string };
  systems: Record<'cogni' | 'jspsych', Record<Condition, SoaConditionResult>>;
};

const signedMedian = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
};

/** Least-squares slope of y against its index; null below two values. */
function slope(values: number[]): number | null {
  const n = values.length;
  if (n < 2) return null;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  values.forEach((v, i) => {
    sxy += (i - meanX) * (v - meanY);
    sxx += (i - meanX) ** 2;
  });
  return sxy / sxx;
}

const defined = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

/** The figures of one fixed-SOA run. */
export function summarizeSoa(trials: SoaTrial[]): SoaConditionResult {
  const digit = defined(trials.map((t) => t.digitDurationErrorMs));
  const mask = defined(trials.map((t) => t.maskDurationErrorMs));
  const drift = trials.map((t) => t.driftMs);
  const rt = (filter: (t: SoaTrial) => boolean) =>
    summarizeErrors(defined(trials.filter(filter).map((t) => t.rtErrorMs)));
  return {
    trials: trials.length,
    digitDurationErrorMs: { ...summarizeErrors(digit), signedMedian: signedMedian(digit) },
    digitWithinFrame: shareWithin(digit, FRAME_MS),
    maskDurationErrorMs: { ...summarizeErrors(mask), signedMedian: signedMedian(mask) },
    maskWithinFrame: shareWithin(mask, FRAME_MS),
    driftMs: {
      atTrial225: drift[224] ?? null,
      atLast: drift[drift.length - 1] ?? null,
      maxAbs: drift.length > 0 ? Math.max(...drift.map(Math.abs)) : null,
      perTrial: slope(drift),
    },
    rtErrorMs: {
      all: rt(() => true),
      duringDigit: rt((t) => t.duringDigit),
      duringMask: rt((t) => !t.duringDigit),
    },
    missedPresses: trials.filter((t) => t.rtErrorMs === null).length,
    onsetErrorMs: summarizeErrors(trials.map((t) => t.onsetErrorMs)),
  };
}

/** A figure in ms, or "no samples" for a figure of none (null). */
const fmt = (ms: number | null) =>
  ms === null
    ? NO_SAMPLES
    : Math.abs(ms) < 0.1
      ? ms.toFixed(4)
      : Math.abs(ms) < 10
        ? ms.toFixed(2)
        : ms.toFixed(1);
const pct = (share: number | null) =>
  share === null ? NO_SAMPLES : `${(share * 100).toFixed(1)} %`;

/** The fixed-SOA section of bench/results/timing.md. */
export function renderSoaMarkdown(results: FixedSoaResults): string[] {
  const { design } = results;
  const lines = [
    `## Fixed SOA, short exposure: the SART's digit (${design.digitMs} ms) and mask (${design.maskMs} ms)`,
    '',
    `Machine: ${results.machine}. Browser: ${results.browser}. Date: ${results.date}.`,
    '',
    `Cogni: the SART runtime on a test block with practice off. jsPsych: one html-keyboard-response trial per digit with \`stimulus_duration\` ${design.digitMs}, \`trial_duration\` ${design.soaMs} and \`response_ends_trial: false\`, the mask shown by CSS in the frame the plugin hides the digit. Every trial gets a trusted Space press at the digit's presentation (Element Timing) plus a delay: ${design.delays}. Durations are presentation to presentation (Element Timing of digit, mask and next digit); drift is each digit's presentation against the first digit + k × ${design.soaMs} ms. Errors in ms; median, p95, p99 and max of |error|.`,
    '',
    '| system | condition | trials | digit duration: within a frame | median | p99 | max | mask: within a frame | median | drift at trial 225 | at last | per trial |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const conditions = Object.keys(results.systems.cogni) as Condition[];
  const rows = (fn: (name: string, c: Condition, m: SoaConditionResult) => string) => {
    for (const c of conditions) {
      for (const [name, key] of [
        ['Cogni', 'cogni'],
        ['jsPsych', 'jspsych'],
      ] as const) {
        lines.push(fn(name, c, results.systems[key][c]));
      }
    }
  };
  rows(
    (name, c, m) =>
      `| ${name} | ${c} | ${m.trials} | ${pct(m.digitWithinFrame)} | ${fmt(m.digitDurationErrorMs.median)} | ${fmt(m.digitDurationErrorMs.p99)} | ${fmt(m.digitDurationErrorMs.max)} | ${pct(m.maskWithinFrame)} | ${fmt(m.maskDurationErrorMs.median)} | ${m.driftMs.atTrial225 === null ? '–' : fmt(m.driftMs.atTrial225)} | ${fmt(m.driftMs.atLast)} | ${m.driftMs.perTrial === null && m.trials > 0 ? '–' : fmt(m.driftMs.perTrial)} |`,
  );
  lines.push(
    '',
    '| system | condition | RT during digit: median | p99 | max | RT during mask: median | p99 | max | presses missed | onset median | onset p99 |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  );
  rows((name, c, m) => {
    const d = m.rtErrorMs.duringDigit;
    const k = m.rtErrorMs.duringMask;
    return `| ${name} | ${c} | ${fmt(d.median)} | ${fmt(d.p99)} | ${fmt(d.max)} | ${fmt(k.median)} | ${fmt(k.p99)} | ${fmt(k.max)} | ${m.missedPresses} | ${fmt(m.onsetErrorMs.median)} | ${fmt(m.onsetErrorMs.p99)} |`;
  });
  lines.push('');
  return lines;
}
