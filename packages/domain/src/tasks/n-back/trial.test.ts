import { describe, expect, it } from 'vitest';
import { SOA_RESPONSE_SLACK_MS } from '../shared/soa-engine';
import { DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import { answerOf, findTrialProblems, keyOfAnswer, type Trial, TrialSchema } from './trial';

const config = DEFAULT_CONFIG;
const seed = 'trial-check';
const planned = plan(seed, config);
const run = fixtureRun(seed, config);

const find = (predicate: (t: Trial) => boolean) => {
  const trial = run.find(predicate);
  if (!trial) throw new Error('no such fixture trial');
  return trial;
};
const hit = find((t) => t.phase === 'test' && t.responseType === 'hit');
const filler = find((t) => t.phase === 'test' && t.isTarget === null);
const check = (trial: Trial) => findTrialProblems(trial, planned, config);

describe('findNBackTrialProblems', () => {
  it('accepts every trial of the fixture run, through the schema', () => {
    for (const trial of run) {
      expect(check(TrialSchema.parse(JSON.parse(JSON.stringify(trial))))).toEqual([]);
    }
  });

  it('refuses positions the run does not have', () => {
    expect(check({ ...hit, block: 40 })[0]).toMatch(
      /block 40 \(level 4, test block 0\) does not exist/,
    );
    expect(check({ ...hit, block: 13 })[0]).toMatch(/block 13 .* does not exist/);
    expect(check({ ...hit, block: 10, trialNumber: 21 })[0]).toMatch(
      /trialNumber 21 does not exist in test block 10 \(0-20\)/,
    );
  });

  it('refuses a letter, target status, lure type, letter n back or mapping other than planned', () => {
    const letter = hit.letter === 'C' ? 'H' : 'C';
    const problems = check({
      ...hit,
      letter,
      isTarget: false,
      lureType: 'n-1',
      nBackLetter: null,
      level: hit.level + 1,
      keyMapping: planned.keyMapping === 'A' ? 'B' : 'A',
    });
    for (const field of ['level', 'letter', 'isTarget', 'lureType', 'nBackLetter', 'keyMapping']) {
      expect(
        problems.some((p) => p.startsWith(`${field} must be`)),
        field,
      ).toBe(true);
    }
  });

  it('refuses a response record that contradicts itself', () => {
    expect(check({ ...hit, answer: null })).toContain(
      'A trial with a response needs an answer, a reactionTime and timing.responseTimestampMs',
    );
    const wrongKey = hit.response === 'f' ? 'j' : 'f';
    expect(check({ ...hit, response: wrongKey }).some((p) => p.startsWith('answer must be'))).toBe(
      true,
    );
    expect(check({ ...hit, inputModality: 'touch' })[0]).toMatch(/is a key, not a touch response/);
    expect(check({ ...hit, response: 'match' })[0]).toMatch(/is an on-screen button, not a key/);
    expect(check({ ...hit, responseType: 'miss' })).toContain(
      "responseType must be 'hit' for this trial and answer",
    );
    expect(check({ ...hit, isCorrect: false })[0]).toMatch(/isCorrect does not follow/);
    expect(check({ ...filler, isCorrect: false })[0]).toMatch(/null for a filler/);
    const silent = { ...hit, response: null, answer: null, reactionTime: null };
    expect(check({ ...silent, timing: { ...hit.timing, responseTimestampMs: null } })).toContain(
      "responseType must be 'miss' for this trial and answer",
    );
    expect(
      check({
        ...silent,
        responseType: 'miss',
        isCorrect: false,
        nExtraResponses: 1,
        timing: { ...hit.timing, responseTimestampMs: null },
      }),
    ).toEqual(['nExtraResponses counts presses after the first in the SOA: there was none']);
  });

  it('refuses timing that contradicts itself or falls outside the response window', () => {
    const { stimulusOnsetMs } = hit.timing;
    expect(check({ ...hit, reactionTime: (hit.reactionTime as number) + 5 })).toContain(
      'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
    );
    expect(
      check({ ...hit, timing: { ...hit.timing, stimulusOffsetMs: stimulusOnsetMs - 1 } }),
    ).toContain('The timing events are out of order: nothing comes before the stimulus onset');
    const answeredAt = (rt: number) => ({
      ...hit,
      reactionTime: rt,
      timing: { ...hit.timing, responseTimestampMs: stimulusOnsetMs + rt },
    });
    // A letter presented a little early, the next one on time: an RT a little over the SOA.
    expect(check(answeredAt(3004.5))).toEqual([]);
    expect(check(answeredAt(3000 + SOA_RESPONSE_SLACK_MS - 0.5))).toEqual([]);
    expect(check(answeredAt(3000 + SOA_RESPONSE_SLACK_MS))).toContain(
      `reactionTime ${3000 + SOA_RESPONSE_SLACK_MS} ms is not within the response window (the SOA, 3000 ms, + ${SOA_RESPONSE_SLACK_MS} ms)`,
    );
    expect(check({ ...hit, endTime: '2020-01-01T00:00:00.000Z' })).toContain(
      'endTime is before startTime',
    );
  });

  it('refuses malformed fields in the schema with clear messages', () => {
    const parsed = TrialSchema.safeParse({ ...hit, letter: 'A', response: 'space' });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('the letter must be one of C, H, K, N, R, W, X, Y');
    expect(messages).toContain("response must be 'f', 'j', 'match', 'no-match' or null");
  });

  it('maps keys to answers by the key mapping, and buttons by their name', () => {
    expect(answerOf('f', 'A')).toBe('match');
    expect(answerOf('j', 'A')).toBe('no-match');
    expect(answerOf('f', 'B')).toBe('no-match');
    expect(answerOf('j', 'B')).toBe('match');
    expect(answerOf('match', 'B')).toBe('match');
    expect(keyOfAnswer('match', 'B')).toBe('j');
    expect(keyOfAnswer('no-match', 'A')).toBe('j');
  });
});
