import { describe, expect, it } from 'vitest';
import type { EngineEffect } from '../engine';
import { createRng } from '../shared/random';
import { CONTRACT_RUN_TIME_ORIGIN_MS, contractRun } from '../shared/testing/contract-run';
import { DEFAULT_CONFIG, PHASES, type Phase } from './config';
import { engine, type Prompt, type Scene } from './engine';
import { planCompact, planRun } from './plan';
import { getNextPosition, getResumePosition } from './run-order';
import { RESPONSE_KEYS } from './stimuli';
import { findTrialProblems, type TrialInput, TrialInputSchema } from './trial';

// Stroop's engine on the task contract, driven as the task host drives it: each scene drawn and
// presented when it is due, presses at their own timestamps.

const config = DEFAULT_CONFIG;
type Effect = EngineEffect<Scene, Prompt, TrialInput>;
type Present = Extract<Effect, { type: 'PRESENT' }>;

/** How late each presentation comes after its due time, and how long to answer, ms. */
const DRAW_MS = 8;

/**
 * Plays a run as the host would: every PRESENT drawn DRAW_MS before its due time (or at once)
 * and presented then, each stimulus answered `rtMs()` after its onset (a key pressed during
 * each cue too, which counts for nothing), each rest ended a second later.
 */
function play(saved: { phase: Phase; trialNumber: number }[] = [], seed = 'answers') {
  const rng = createRng(seed);
  const run = contractRun(engine.forRun(config, planCompact('engine', config)), {
    saved: saved.map((p) => ({ ...p, block: 0, isCorrect: true })),
  });
  let nowMs = 1000;
  const rests: number[] = [];
  const queue: Present[] = [];
  const take = (effects: Effect[]) => {
    for (const effect of effects) {
      if (effect.type === 'PRESENT') queue.push(effect);
      if (effect.type === 'PROMPT' && effect.prompt.kind === 'rest') {
        rests.push(effect.prompt.after.trialNumber + 1);
      }
    }
  };
  take(run.effects);
  take(run.send({ type: 'START', atMs: nowMs }));
  for (let guard = 0; guard < 10_000 && run.state.kind !== 'finished'; guard++) {
    if (run.state.kind === 'rest') {
      nowMs += 1000;
      take(run.send({ type: 'START', atMs: nowMs }));
      continue;
    }
    const next = queue.shift();
    if (!next) throw new Error('The Stroop engine waits for nothing');
    const onsetMs = Math.max(nowMs, next.dueAtMs ?? nowMs + 16);
    take(run.send({ type: 'DRAWN', key: next.key, atMs: onsetMs - DRAW_MS }));
    take(run.send({ type: 'ONSET', key: next.key, atMs: onsetMs, method: 'element-timing' }));
    nowMs = onsetMs;
    if (next.scene.kind === 'cue') {
      // A key during the cue is no answer.
      take(run.send({ type: 'INPUT', atMs: nowMs + 100, modality: 'keyboard', input: 'R' }));
    }
    if (next.scene.kind === 'stimulus') {
      nowMs += 300 + rng() * 600;
      const input = RESPONSE_KEYS[Math.floor(rng() * 3)] ?? 'R';
      take(run.send({ type: 'INPUT', atMs: nowMs, modality: 'keyboard', input }));
    }
  }
  return { run, rests };
}

describe("Stroop's engine on the task contract", () => {
  it('runs 8 sample, 16 practice and 144 test trials, each as the plan has it and the server accepts', () => {
    const { run, rests } = play();
    expect(run.state.kind).toBe('finished');
    expect(run.effects.at(-1)).toEqual({ type: 'FINISHED' });
    const recorded = run.records();
    const count = (phase: Phase) => recorded.filter((t) => t.phase === phase).length;
    expect([count('sample'), count('practice'), count('test')]).toEqual([8, 16, 144]);
    const plans = planRun('engine', config);
    expect(recorded.map((t) => `${t.phase}:${t.trialNumber}`)).toEqual(
      PHASES.flatMap((p) => plans[p].map((t) => `${p}:${t.trialNumber}`)),
    );
    for (const trial of recorded) {
      const parsed = TrialInputSchema.parse(JSON.parse(JSON.stringify(trial)));
      expect(findTrialProblems(parsed, plans[trial.phase], config)).toEqual([]);
      expect(trial.timing.wasInterrupted).toBe(false);
    }
    expect(rests).toEqual([40, 80, 120]);
  });

  it('times the stimulus from the cue, and the next cue from the feedback, both from a timer', () => {
    const { run } = play();
    const presents = run.effects.filter((e): e is Present => e.type === 'PRESENT');
    const stimuli = presents.filter((e) => e.scene.kind === 'stimulus');
    expect(stimuli).toHaveLength(168);
    expect(stimuli.every((e) => e.timing === 'timer')).toBe(true);
    const trials = run.records();
    // Each stimulus was due 1400 ms after its cue's presented onset.
    for (const trial of trials) {
      expect(trial.timing.stimulusOnsetMs - trial.timing.cueOnsetMs).toBe(config.cueDurationMs);
    }
    const feedback = presents.filter((e) => e.scene.kind === 'feedback');
    expect(feedback).toHaveLength(24);
    expect(feedback.every((e) => e.dueAtMs === null)).toBe(true);
    // After sample and practice feedback the cue is timed; in the test it comes at once.
    const cues = presents.filter((e) => e.scene.kind === 'cue');
    expect(cues).toHaveLength(168);
    const timedCues = cues.filter((e) => e.timing === 'timer');
    expect(timedCues.map((e) => e.key)).toEqual(
      feedback.map((f) => {
        const [phase, , n] = f.key.split(':');
        const next = getNextPosition(config, { phase: phase as Phase, trialNumber: Number(n) });
        return `${next?.phase}:0:${next?.trialNumber}:cue`;
      }),
    );
  });

  it('takes the first press at or after the stimulus onset, waits for an onset not known yet, and no second answer', () => {
    const run = contractRun(engine.forRun(config, planCompact('presses', config)));
    const [cue] = run.send({ type: 'START', atMs: 0 }) as Present[];
    run.send({ type: 'DRAWN', key: cue?.key ?? '', atMs: 10 });
    const [stimulus] = run.send({
      type: 'ONSET',
      key: cue?.key ?? '',
      atMs: 16,
      method: 'element-timing',
    }) as Present[];
    expect(stimulus).toMatchObject({ dueAtMs: 16 + config.cueDurationMs, timing: 'timer' });
    const key = stimulus?.key ?? '';
    // Drawn, not yet known to be presented: presses wait; one before the onset is no answer.
    run.send({ type: 'DRAWN', key, atMs: 1410 });
    expect(run.send({ type: 'INPUT', atMs: 1412, modality: 'touch', input: 'G' })).toEqual([]);
    expect(run.send({ type: 'INPUT', atMs: 1500, modality: 'touch', input: 'B' })).toEqual([]);
    const answered = run.send({ type: 'ONSET', key, atMs: 1416, method: 'element-timing' });
    expect(answered[0]).toMatchObject({
      type: 'RECORD',
      trial: {
        response: 'B',
        reactionTime: 84,
        inputModality: 'touch',
        timing: { cueOnsetMs: 16, stimulusOnsetMs: 1416, responseTimestampMs: 1500 },
        startTime: new Date(CONTRACT_RUN_TIME_ORIGIN_MS + 16).toISOString(),
      },
    });
    expect(answered[1]).toMatchObject({ type: 'PRESENT', scene: { kind: 'feedback' } });
    expect(run.send({ type: 'INPUT', atMs: 1600, modality: 'touch', input: 'R' })).toEqual([]);
    expect(run.records()).toHaveLength(1);
  });

  it('marks a trial interrupted once its cue is on the stage, not during the feedback before it', () => {
    const run = contractRun(engine.forRun(config, planCompact('attention', config)));
    const drive = (effects: Effect[], atMs: number, before?: () => void) => {
      const present = effects.find((e): e is Present => e.type === 'PRESENT');
      if (!present) throw new Error('nothing presented');
      before?.();
      run.send({ type: 'DRAWN', key: present.key, atMs: atMs - 8 });
      return {
        present,
        effects: run.send({ type: 'ONSET', key: present.key, atMs, method: 'element-timing' }),
      };
    };
    const cue = drive(run.send({ type: 'START', atMs: 0 }), 16);
    const stimulus = drive(cue.effects, 1416);
    run.send({ type: 'INTERRUPTED', atMs: 1450 });
    const answer = run.send({ type: 'INPUT', atMs: 1800, modality: 'keyboard', input: 'R' });
    const feedback = drive(answer, 1816);
    // Lost focus during the feedback: the next trial is not marked, as its cue is not on yet.
    run.send({ type: 'INTERRUPTED', atMs: 2000 });
    expect(run.engine.progress(run.state)?.position).toEqual({
      phase: 'sample',
      block: 0,
      trialNumber: 0,
    });
    const nextCue = drive(feedback.effects, 1816 + config.feedbackDurationMs);
    expect(run.engine.progress(run.state)?.position.trialNumber).toBe(1);
    const nextStimulus = drive(nextCue.effects, 1816 + config.feedbackDurationMs + 1400);
    run.send({
      type: 'INPUT',
      atMs: (nextStimulus.present.dueAtMs ?? 0) + 500,
      modality: 'keyboard',
      input: 'G',
    });
    expect(stimulus.present.scene.kind).toBe('stimulus');
    expect(run.records().map((t) => t.timing.wasInterrupted)).toEqual([true, false]);
  });

  it('resumes after the last saved trial, repeats none, and ends at once when all are saved', () => {
    expect(getResumePosition(config, [])).toEqual({ phase: 'sample', trialNumber: 0 });
    expect(
      getResumePosition(config, [
        { phase: 'sample', trialNumber: 7 },
        { phase: 'practice', trialNumber: 3 },
        { phase: 'practice', trialNumber: 2 },
      ]),
    ).toEqual({ phase: 'practice', trialNumber: 4 });
    expect(getResumePosition(config, [{ phase: 'practice', trialNumber: 15 }])).toEqual({
      phase: 'test',
      trialNumber: 0,
    });
    const done = contractRun(engine.forRun(config, planCompact('done', config)), {
      saved: [{ phase: 'test', block: 0, trialNumber: 143, isCorrect: true }],
    });
    expect(done.effects).toEqual([{ type: 'FINISHED' }]);

    const saved = Array.from({ length: 100 }, (_, trialNumber) => ({
      phase: 'test' as const,
      trialNumber,
    }));
    const { run, rests } = play(saved);
    expect(run.records().map((t) => t.trialNumber)).toEqual(
      Array.from({ length: 44 }, (_, i) => 100 + i),
    );
    expect(rests).toEqual([120]);
  });
});
