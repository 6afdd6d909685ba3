import type { Phase, ReportCell } from '@cogni/domain';

/** How the runner and progress tracking name the phases. */
export const PHASE_NAMES: Record<Phase, string> = {
  sample: 'Sample',
  practice: 'Practice',
  test: 'Test',
};

/** The D18 report cells, named for people: cue first, then whether the cue changed. */
export const CELL_NAMES: Record<ReportCell, string> = {
  'switch, word': 'Word cue, switch',
  'noswitch, word': 'Word cue, repeat',
  'switch, color': 'Colour cue, switch',
  'noswitch, color': 'Colour cue, repeat',
};
