// The task host running the SART, as the SART page makes it, on a test block with practice off:
// 9 digits × reps, each digit for digitMs, then the mask for maskMs. The harness presses Space.
import type { Run } from '@cogni/domain';
import * as sart from '@cogni/domain/tasks/sart';
import { measureEnvironment } from '../../../apps/web/src/lib/task-runtime/device';
import { createSartHost } from '../../../apps/web/src/tasks/sart/runtime/sart-stage';
import '../../../apps/web/src/tasks/sart/sart.css';
import { exposeSoaBench, readSoaSettings, type SoaBenchApi } from './soa-page';

const { trials, digitMs, maskMs } = readSoaSettings();
const run: Run = {
  id: 'bench',
  sessionId: 'bench',
  testType: 'sartTest',
  startTime: new Date().toISOString(),
  endTime: null,
  seed: 'timing-bench',
  config: sart.ConfigSchema.parse({
    practiceEnabled: false,
    repsPerDigit: Math.ceil(trials / 9),
    digitMs,
    maskMs,
  }),
  savedTrials: [],
  summary: null,
  isPreview: false,
  language: 'en',
};

const bench: SoaBenchApi = {
  records: [],
  start: () => {
    // As the task page does before a run: the measurement record's frames come first.
    void measureEnvironment().then(({ frameIntervalMs }) => {
      const runtime = createSartHost({
        run,
        stage: document.getElementById('stage') as HTMLElement,
        frameIntervalMs,
        sink: {
          enqueue: async (_runId, trial) => {
            bench.records.push({
              rtMs: trial.reactionTime,
              onsetMs: trial.timing.stimulusOnsetMs,
            });
          },
        },
      });
      runtime.start();
      runtime.begin();
    });
  },
};
exposeSoaBench(bench);
