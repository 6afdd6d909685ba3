// The task host running Stroop, as the Stroop page makes it, on a run of test-phase trials only
// (its sample and practice trial count as saved): the test phase has no feedback, and a rest
// break interval above the trial count means no breaks.
import type { Run } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { measureEnvironment } from '../../../apps/web/src/lib/task-runtime/device';
import { createStroopHost } from '../../../apps/web/src/tasks/stroop/runtime/stroop-stage';
import { type BenchApi, readSettings } from './bench-page';

const { trials, cueMs, input } = readSettings();
const run: Run = {
  id: 'bench',
  sessionId: 'bench',
  testType: 'stroopTest',
  startTime: new Date().toISOString(),
  endTime: null,
  seed: 'timing-bench',
  config: stroop.ConfigSchema.parse({
    sampleTrials: 1,
    practiceTrials: 1,
    testTrials: trials,
    cueDurationMs: cueMs,
    restBreakEveryTrials: 1000,
  }),
  savedTrials: [],
  summary: null,
  isPreview: false,
  language: 'en',
};

const bench: BenchApi = {
  records: [],
  start: () => {
    // As the Stroop page does before a run: the measurement record's frames come first.
    void measureEnvironment().then(() => {
      const stage = document.getElementById('stage') as HTMLElement;
      const runtime = createStroopHost({
        run,
        stage,
        saved: [
          { phase: 'sample', block: 0, trialNumber: 0, isCorrect: true },
          { phase: 'practice', block: 0, trialNumber: 0, isCorrect: true },
        ],
        inputModality: input === 'touch' ? 'touch' : 'keyboard',
        sink: {
          enqueue: async (_runId, trial) => {
            bench.records.push({
              rtMs: trial.reactionTime as number,
              onsetMs: trial.timing.stimulusOnsetMs as number,
            });
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
      runtime.begin(true);
    });
  },
};
window.__bench = bench;
