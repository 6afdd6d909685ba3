import type { Condition } from './conditions';
import type { System } from './measure';
import type { PvtConditionResult } from './measure-pvt';
import type { RealPageCheck } from './real-page';
import { type FixedSoaResults, renderSoaMarkdown } from './soa-report';
import { type ErrorStats, NO_SAMPLES } from './stats';

/** One system under one condition, as bench/results/timing.json has it. */
export type ConditionResult = {
  trials: number;
  rtErrorMs: ErrorStats;
  onsetErrorMs: ErrorStats;
  cueIntervalErrorMs: ErrorStats;
};

export type TimingResults = {
  systems: Record<System, Record<Condition, ConditionResult>>;
  machine: string;
  browser: string;
  date: string;
  settings: { cueMs: number; delayMs: string; jank: string; throttle: string };
  /** The cue interval at the product's real 1400 ms cue, idle. */
  realCue: {
    cueMs: number;
    systems: Record<
      System,
      { trials: number; cueIntervalErrorMs: ErrorStats; withinFrame: number | null }
    >;
  };
  /** Share of trials whose cue interval is within one 60 Hz frame (16.7 ms); null with none. */
  cueWithinFrame: Record<System, Record<Condition, number | null>>;
  realPage: RealPageCheck;
  /** Cogni's runtime answered by touch (Input.dispatchTouchEvent on its answer button). */
  touch?: Record<Condition, ConditionResult>;
  /** The SART's digit and mask on a fixed SOA, both systems. */
  fixedSoa?: FixedSoaResults;
  /** RTs while the PVT's counter is redrawn every frame (Cogni only). */
  pvtCounter?: PvtCounterResults;
};

/** The PVT counter part of bench/results/timing.json. */
export type PvtCounterResults = {
  machine: string;
  browser: string;
  date: string;
  delayMs: string;
  conditions: Record<Condition, PvtConditionResult>;
};

/** The PVT counter section: RT and onset error while a frame is drawn every refresh. */
function pvtTable(results: PvtCounterResults): string[] {
  const lines = [
    '## RT with a running counter: the PVT (Cogni only)',
    '',
    `Machine: ${results.machine}. Date: ${results.date}. The PVT runtime with its millisecond counter redrawn every frame from its first presented frame P (Element Timing) until the press; each press is a trusted Space stamped P + D (${results.delayMs}). No jsPsych plugin draws a running counter.`,
    '',
    '| condition | trials | RT median | RT p95 | RT p99 | RT max | onset median | onset p99 |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const [condition, m] of Object.entries(results.conditions)) {
    lines.push(
      `| ${condition} | ${m.trials} | ${fmt(m.rtErrorMs.median)} | ${fmt(m.rtErrorMs.p95)} | ${fmt(m.rtErrorMs.p99)} | ${fmt(m.rtErrorMs.max)} | ${fmt(m.onsetErrorMs.median)} | ${fmt(m.onsetErrorMs.p99)} |`,
    );
  }
  lines.push('');
  return lines;
}

const FIGURES = ['rtErrorMs', 'onsetErrorMs', 'cueIntervalErrorMs'] as const;
const LABELS = { rtErrorMs: 'RT', onsetErrorMs: 'Onset', cueIntervalErrorMs: 'Cue interval' };
/** A figure in ms, or "no samples" for a figure of none (null). */
const fmt = (ms: number | null) =>
  ms === null ? NO_SAMPLES : ms < 0.1 ? ms.toFixed(4) : ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
const ratio = (theirs: number | null, ours: number | null) =>
  theirs === null || ours === null
    ? NO_SAMPLES
    : ours > 0
      ? `${(theirs / ours).toFixed(0)}×`
      : theirs > 0
        ? '∞ (ours exact)'
        : '1×';
const pct = (share: number | null) =>
  share === null ? NO_SAMPLES : `${(share * 100).toFixed(1)} %`;

/** The ratio of two cue interval medians, to two decimals. */
const cueRatio = (theirs: number | null, ours: number | null) =>
  theirs === null || ours === null
    ? NO_SAMPLES
    : ours > 0
      ? `${(theirs / ours).toFixed(2)}×`
      : theirs > 0
        ? '∞'
        : '1.00×';

/**
 * The touch condition's table (docs/product.md#touch-mode): Cogni only, jsPsych's keyboard plugin
 * takes no touch.
 */
function touchTable(touch: Record<string, ConditionResult>): string[] {
  const lines = [
    '## Touch (Cogni only)',
    '',
    "Each answer is a trusted touch of the answer button (DevTools `Input.dispatchTouchEvent`, touch emulation on) stamped P + D; the runtime takes it on pointerdown, with the event's own timestamp. jsPsych's keyboard-response plugin takes no touch.",
    '',
    '| condition | trials | RT median | RT p99 | RT max | onset median | onset p99 |',
    '|---|--:|--:|--:|--:|--:|--:|',
  ];
  for (const [condition, m] of Object.entries(touch)) {
    lines.push(
      `| ${condition} | ${m.trials} | ${fmt(m.rtErrorMs.median)} | ${fmt(m.rtErrorMs.p99)} | ${fmt(m.rtErrorMs.max)} | ${fmt(m.onsetErrorMs.median)} | ${fmt(m.onsetErrorMs.p99)} |`,
    );
  }
  return lines;
}

/** The touch-only run's report (`npm run bench:timing -- --touch-only`). */
export function renderTouchMarkdown(result: {
  machine: string;
  date: string;
  cueMs: number;
  touch: Record<string, ConditionResult>;
}): string {
  return [
    '# Timing benchmark: touch',
    '',
    `Machine: ${result.machine}. Date: ${result.date}. Cue ${result.cueMs} ms. Regenerate with \`npm run bench:timing -- --touch-only\`.`,
    '',
    ...touchTable(result.touch),
    '',
  ].join('\n');
}

/** The Markdown report: one table per error, ours and jsPsych's side by side, and the ratios. */
export function renderMarkdown(results: TimingResults): string {
  const { cogni, jspsych } = results.systems;
  const conditions = Object.keys(cogni) as Condition[];
  const lines = [
    '# Timing benchmark: Cogni runtime vs jsPsych 8',
    '',
    `Machine: ${results.machine}. Browser: ${results.browser}. Date: ${results.date}.`,
    '',
    `Both systems ran in the same headless Chromium, same harness, one after the other: a cue of ${results.settings.cueMs} ms, then a stimulus; each answer is a trusted key press (DevTools \`Input.dispatchKeyEvent\`) whose timestamp is the stimulus's presentation time P (Element Timing) plus a drawn delay D (${results.settings.delayMs}). Jank: ${results.settings.jank}. Throttled: ${results.settings.throttle}. Errors in ms; median, p95, p99 and max of |error|, SD of the signed error. Pages served cross-origin isolated (5 µs clock), as the app is. Regenerate with \`npm run bench:timing\`.`,
    '',
    '**Out of scope:** keyboard and display latency, which happen before the browser sees the key press and after it hands a frame to the display; no software can measure or remove them from inside the page.',
    '',
  ];
  for (const figure of FIGURES) {
    lines.push(`## ${LABELS[figure]} error`, '');
    lines.push('| system | condition | trials | median | p95 | p99 | max | SD |');
    lines.push('|---|---|--:|--:|--:|--:|--:|--:|');
    for (const condition of conditions) {
      for (const [name, system] of [
        ['Cogni', cogni],
        ['jsPsych', jspsych],
      ] as const) {
        const m = system[condition];
        const s = m[figure];
        lines.push(
          `| ${name} | ${condition} | ${m.trials} | ${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${fmt(s.sd)} |`,
        );
      }
    }
    lines.push('');
  }
  lines.push('## Ratios (jsPsych ÷ Cogni)', '');
  lines.push('| condition | RT median | RT p99 | onset median | onset p99 | cue interval median |');
  lines.push('|---|--:|--:|--:|--:|--:|');
  for (const c of conditions) {
    const o = cogni[c];
    const j = jspsych[c];
    lines.push(
      `| ${c} | ${ratio(j.rtErrorMs.median, o.rtErrorMs.median)} | ${ratio(j.rtErrorMs.p99, o.rtErrorMs.p99)} | ${ratio(j.onsetErrorMs.median, o.onsetErrorMs.median)} | ${ratio(j.onsetErrorMs.p99, o.onsetErrorMs.p99)} | ${cueRatio(j.cueIntervalErrorMs.median, o.cueIntervalErrorMs.median)} |`,
    );
  }
  lines.push('', '## Cue interval within one frame (16.7 ms)', '');
  lines.push('| system | idle | jank | throttled | 1400 ms cue, idle |');
  lines.push('|---|--:|--:|--:|--:|');
  for (const [name, key] of [
    ['Cogni', 'cogni'],
    ['jsPsych', 'jspsych'],
  ] as const) {
    const w = results.cueWithinFrame[key];
    const real = results.realCue.systems[key];
    const realCell =
      real.withinFrame === null
        ? `${NO_SAMPLES} (n=${real.trials})`
        : `${pct(real.withinFrame)} (n=${real.trials}, median ${fmt(real.cueIntervalErrorMs.median)}, p99 ${fmt(real.cueIntervalErrorMs.p99)}, max ${fmt(real.cueIntervalErrorMs.max)})`;
    lines.push(`| ${name} | ${pct(w.idle)} | ${pct(w.jank)} | ${pct(w.throttled)} | ${realCell} |`);
  }
  if (results.touch) lines.push('', ...touchTable(results.touch));
  if (results.fixedSoa) lines.push('', ...renderSoaMarkdown(results.fixedSoa));
  if (results.pvtCounter) lines.push('', ...pvtTable(results.pvtCounter));
  const real = results.realPage;
  lines.push(
    '',
    '## The real Stroop page',
    '',
    `${real.trials} trials of the real page, signed in and saving to the server: the RTs stored in the database ${real.storedEqualsRecorded ? 'equal' : 'DO NOT equal'} what the runtime recorded, bit for bit; ${real.rtErrorMs.median === null ? `RT error: ${NO_SAMPLES}` : `RT error median ${fmt(real.rtErrorMs.median)} ms, max ${fmt(real.rtErrorMs.max)} ms`}.`,
    '',
  );
  return lines.join('\n');
}
