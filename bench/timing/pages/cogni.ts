// Our runtime, the very class the Stroop page uses, on a run of test-phase trials only: the
// test phase has no feedback, and a rest break interval above the trial count means no breaks.
import type { Run } from '@cogni/domain';
import { StroopConfigSchema } from '@cogni/domain/tasks/stroop';
import { measureEnvironment } from '../../../apps/web/src/lib/task-runtime/device';
import { StroopRuntime } from '../../../apps/web/src/tasks/stroop/runtime/stroop-runtime';
import { type BenchApi, readSettings } from './bench-page';

const { trials, cueMs, input } = readSettings();
const run: Run = {
  id: 'bench',
  sessionId: 'bench',
  testType: 'stroopTest',
  startTime: new Date().toISOString(),
  endTime: null,
  seed: 'timing-bench',
  config: StroopConfigSchema.parse({
    sampleTrials: 1,
    practiceTrials: 1,
    testTrials: trials,
    cueDurationMs: cueMs,
    restBreakEveryTrials: 1000,
  }),
  savedTrials: [],
  summary: null,
  isPreview: false,
};

const bench: BenchApi = {
  records: [],
  start: () => {
    // As the Stroop page does before a run: the measurement record's frames come first.
    void measureEnvironment().then(() => {
      const stage = document.getElementById('stage') as HTMLElement;
      const runtime = new StroopRuntime({
        run,
        stage,
        startAt: { phase: 'test', trialNumber: 0 },
        sink: {
          enqueue: async (_runId, trial) => {
            bench.records.push({ rtMs: trial.reactionTime, onsetMs: trial.timing.stimulusOnsetMs });
          },
        },
      });
      if (input === 'touch') {
        // Touch mode's answer button, as the Stroop page's pad attaches it.
        const pad = document.createElement('button');
        pad.id = 'pad';
        pad.type = 'button';
        pad.textContent = 'Red';
        document.body.append(pad);
        runtime.input.attachButton(pad, 'R');
      }
      runtime.start();
    });
  },
};
window.__bench = bench;
