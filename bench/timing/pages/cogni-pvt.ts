// The task host running the PVT, as the PVT page makes it, with its millisecond counter redrawn
// every frame from the counter's first presented frame until the press. Habituation is off and the
// foreperiods are short (500-1000 ms) so that hundreds of trials fit in minutes. The test is long
// enough that the harness's presses, not the clock, end the measurement (300 trials take about
// six minutes) and short enough to keep within the counters a test can number (480 s at 500 ms
// is at most 960).
import '../../../apps/web/src/tasks/pvt/pvt.css';
import type { Run } from '@cogni/domain';
import * as pvt from '@cogni/domain/tasks/pvt';
import { measureEnvironment } from '../../../apps/web/src/lib/task-runtime/device';
import { createPvtHost } from '../../../apps/web/src/tasks/pvt/runtime/pvt-stage';
import type { BenchApi } from './bench-page';

const run: Run = {
  id: 'bench',
  sessionId: 'bench',
  testType: 'pvtTest',
  startTime: new Date().toISOString(),
  endTime: null,
  seed: 'timing-bench',
  config: pvt.ConfigSchema.parse({
    variant: 'PVT-B',
    durationS: 480,
    foreperiodMinMs: 500,
    foreperiodMaxMs: 1000,
    feedbackMs: 500,
    habituationTrials: 0,
  }),
  savedTrials: [],
  summary: null,
  isPreview: false,
  language: 'en',
};

const bench: BenchApi = {
  records: [],
  start: () => {
    void measureEnvironment().then(({ frameIntervalMs }) => {
      const runtime = createPvtHost({
        run,
        stage: document.getElementById('stage') as HTMLElement,
        frameIntervalMs,
        sink: {
          enqueue: async (_runId, trial) => {
            if (trial.reactionTime === null) return;
            bench.records.push({
              rtMs: trial.reactionTime,
              onsetMs: trial.timing.stimulusOnsetMs as number,
            });
          },
        },
      });
      runtime.start();
      runtime.begin();
    });
  },
};
window.__bench = bench;
