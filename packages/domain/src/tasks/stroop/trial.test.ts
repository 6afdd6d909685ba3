import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { planPhase } from './stimuli';
import { findTrialProblems, type TrialInput, TrialInputSchema } from './trial';

const plan = planPhase('trial-seed', 'practice', DEFAULT_CONFIG);

function validTrial(trialNumber = 2): TrialInput {
  const planned = plan[trialNumber];
  if (!planned) throw new Error('no such trial');
  return {
    phase: 'practice',
    trialNumber,
    cueWord: planned.cueWord,
    stimulusWord: planned.stimulusWord,
    stimulusColor: planned.stimulusColor,
    response: planned.correctKey,
    reactionTime: 512.345,
    isCorrect: true,
    isSwitch: planned.isSwitch,
    startTime: '2026-11-22T10:00:00.000Z',
    endTime: '2026-11-22T10:00:02.000Z',
    timing: {
      cueOnsetMs: 1000,
      stimulusOnsetMs: 2400.1,
      responseTimestampMs: 2912.445,
      onsetMethod: 'element-timing',
      wasInterrupted: false,
    },
  };
}

describe('findTrialProblems', () => {
  it('accepts the trial the plan describes', () => {
    expect(TrialInputSchema.parse(validTrial())).toEqual(validTrial());
    expect(findTrialProblems(validTrial(), plan, DEFAULT_CONFIG)).toEqual([]);
  });

  it.each([
    ['a trial number past the phase', { trialNumber: 16 }, /does not exist in the practice phase/],
    ['the wrong cue', { cueWord: 'Color' }, /cueWord must be Word/],
    [
      'another stimulus',
      { stimulusWord: 'RED', stimulusColor: 'red' },
      /not the one this run showed/,
    ],
    ['a wrong switch flag', { isSwitch: false }, /isSwitch must be true/],
    ['an isCorrect that does not follow', { isCorrect: false }, /isCorrect does not follow/],
    [
      'an end before the start',
      { endTime: '2026-11-22T09:00:00.000Z' },
      /endTime is before startTime/,
    ],
    [
      'a reaction time other than the response minus the onset',
      { reactionTime: 0.001 },
      /reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs/,
    ],
  ] as [string, Partial<TrialInput>, RegExp][])('refuses %s', (_, change, message) => {
    const problems = findTrialProblems({ ...validTrial(), ...change }, plan, DEFAULT_CONFIG);
    expect(problems.join('\n')).toMatch(message);
  });

  it('takes a stimulus early or late: its timing is flagged, not refused', () => {
    for (const cueShownMs of [0, 1340, 1383.3, 1400, 5000]) {
      const stimulusOnsetMs = 1000 + cueShownMs;
      const timing = {
        ...validTrial().timing,
        stimulusOnsetMs,
        responseTimestampMs: stimulusOnsetMs + 512.345,
      };
      expect(findTrialProblems({ ...validTrial(), timing }, plan, DEFAULT_CONFIG)).toEqual([]);
    }
  });

  it('refuses malformed trials in the schema', () => {
    for (const bad of [
      { ...validTrial(), response: 'X' },
      { ...validTrial(), reactionTime: Number.NaN },
      { ...validTrial(), reactionTime: -1 },
      { ...validTrial(), phase: 'warmup' },
      { ...validTrial(), extra: 1 },
      { ...validTrial(), trialNumber: 1.5 },
    ]) {
      expect(TrialInputSchema.safeParse(bad).success).toBe(false);
    }
  });
});
