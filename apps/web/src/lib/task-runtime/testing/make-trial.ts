import type { TrialEnvelope } from '@cogni/domain';

/** A trial of some task: the queue handles the envelope and passes the task's fields along. */
export function makeTrial(trialNumber: number, phase = 'test', block = 0): TrialEnvelope {
  const trial = {
    phase,
    block,
    trialNumber,
    cueWord: 'Color',
    stimulusWord: 'RED',
    stimulusColor: 'blue',
    response: 'B',
    reactionTime: 512.25,
    isCorrect: true,
    isSwitch: false,
    startTime: '2025-01-01T10:00:00.000Z',
    endTime: '2025-01-01T10:00:01.000Z',
    timing: {
      cueOnsetMs: 1000,
      stimulusOnsetMs: 1500,
      responseTimestampMs: 2012.25,
      onsetMethod: 'animation-frame',
      wasInterrupted: false,
    },
  } as const;
  return trial;
}
