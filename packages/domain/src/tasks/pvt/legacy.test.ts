import { describe, expect, it } from 'vitest';
import { savedTrialWithFields } from '../shared/envelope';
import { resolveConfig } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import { findChainBreak } from './plausibility';
import { getResumePoint, RUN_ORDER_FIELDS } from './run-order';
import { score } from './scoring';
import { configStoredBy100, readStoredConfig } from './testing';
import { findTrialProblems, TrialSchema } from './trial';

/**
 * Runs stored by task version 1.0.0, whose intervals were counted from the end of the feedback:
 * their stored configuration (every setting of that version, no `intervalFrom`) is read with that
 * timing, so a run in progress is still checked against its own plan, resumed where it stopped,
 * and scored. The digests (length and 32-bit FNV-1a) are of the fixture run (fixtureRun,
 * seed 'v1-seed') as task version 1.0.0 played it, JSON-serialised, and the draws are that
 * version's plan.
 */
const VERSION_1 = {
  'PVT-10': {
    trials: 79,
    jsonLength: 50_958,
    fnv1a: '1a07d609',
    testDraws: 621,
    firstTestDraws: [8107, 2010, 2462, 6009, 7219],
  },
  'PVT-B': {
    trials: 36,
    jsonLength: 22_991,
    fnv1a: '881d9a6a',
    testDraws: 201,
    firstTestDraws: [4290, 2003, 2173, 3503, 3957],
  },
} as const;

/** The 32-bit FNV-1a hash of a text's UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

describe.each(['PVT-10', 'PVT-B'] as const)('a %s run stored by task version 1.0.0', (variant) => {
  // As the server reads a stored configuration: the task's storedConfigDefaults under it.
  const config = readStoredConfig(configStoredBy100(variant));
  const params = resolveConfig(config);
  const golden = VERSION_1[variant];
  const planned = plan('v1-seed', config);
  const trials = fixtureRun('v1-seed', config);

  it("is read with its timing, and planned with the same draws (intervals from the feedback's end)", () => {
    expect(config.intervalFrom).toBe('feedbackEnd');
    expect(planned.test).toHaveLength(golden.testDraws);
    expect(Array.from(planned.test.slice(0, 5))).toEqual(golden.firstTestDraws);
    expect(Array.from(planned.habituation.slice(0, 5))).toEqual([2132, 2061, 3303, 2885, 4036]);
  });

  it('plays exactly as 1.0.0 played it, and every trial of it is still accepted and chained', () => {
    const json = JSON.stringify(trials);
    expect(trials).toHaveLength(golden.trials);
    expect(json).toHaveLength(golden.jsonLength);
    expect(fnv1a(json)).toBe(golden.fnv1a);
    for (const trial of trials) {
      expect(findTrialProblems(TrialSchema.parse(trial), planned, config)).toEqual([]);
    }
    const arrived = trials.map((t) => ({
      ...savedTrialWithFields(t, RUN_ORDER_FIELDS),
      startTime: null,
      endTime: null,
      arrivedAt: new Date(0),
    }));
    expect(findChainBreak(params, arrived)).toBeNull();
    // Resumed after its 12th trial: the next draw, and the last end plus the feedback on task.
    const upTo = trials.slice(0, 12);
    const last = upTo.at(-1);
    if (!last) throw new Error('no trial');
    expect(
      getResumePoint(
        params,
        upTo.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS)),
      ),
    ).toMatchObject({
      planIndex: last.planIndex + last.nFalseStarts + 1,
      carriedMs: last.endElapsedMs + (last.type === 'timeout' ? 0 : 1000),
    });
    expect(score(config, trials).scores.stimuli).toBeGreaterThan(0);
  });
});
