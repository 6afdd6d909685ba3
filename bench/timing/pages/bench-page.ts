/**
 * What a timing bench page shares with the harness (bench/timing/measure.ts). Both pages name
 * their n-th presented element `cue-n` or `stimulus-n` in its `elementtiming` attribute, cue and
 * stimulus alternating from 1, so the harness knows each stimulus's identifier in advance and
 * pairs it with the cue before it.
 */
export type RecordedTrial = {
  /** The reaction time the system stored, ms. */
  rtMs: number;
  /** When the system says the stimulus appeared, on the performance.now() time line, ms. */
  onsetMs: number;
};

export type BenchApi = {
  /** Starts the run; the harness calls it once its condition (jank, throttling) is set. */
  start: () => void;
  records: RecordedTrial[];
};

declare global {
  interface Window {
    __bench: BenchApi;
  }
}

/** The run's settings, from the page's query string: `?trials=500&cueMs=300&input=touch`. */
export function readSettings(): { trials: number; cueMs: number; input: 'key' | 'touch' } {
  const params = new URLSearchParams(window.location.search);
  return {
    trials: Number(params.get('trials') ?? 100),
    cueMs: Number(params.get('cueMs') ?? 300),
    input: params.get('input') === 'touch' ? 'touch' : 'key',
  };
}

/** Words and inks the stimuli cycle through; what they say does not affect timing. */
export const WORDS = ['RED', 'GREEN', 'BLUE'] as const;
