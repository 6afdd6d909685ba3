import type { ResultTrial } from '@cogni/domain';
import type { Event } from '@cogni/domain/tasks/tower-of-hanoi';
import { describe, expect, it } from 'vitest';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeExcess,
  describePlanning,
  getExcessPoints,
  getPlanningPoints,
  getUntimedProblems,
} from './chart-data';
import { discWidthPercent } from './discs';
import { announceEvent, describePosition, discName, formatLimit, pegLabel } from './labels';
import { movedFocus, readTowerOfHanoiKey } from './runtime/keys';

const event = (fields: Partial<Event>): Event => ({
  type: 'drop',
  disc: 1,
  from: 1,
  to: 3,
  legal: true,
  before: '111',
  after: '113',
  atMs: 1000,
  sinceLastMs: 300,
  modality: 'keyboard',
  ...fields,
});

describe('what the board says', () => {
  it('names discs by size and pegs by what they hold', () => {
    expect(discName(1, 3)).toBe('small disc');
    expect(discName(3, 3)).toBe('large disc');
    expect(discName(1, 4)).toBe('smallest disc');
    expect(discName(5, 5)).toBe('largest disc');
    expect(pegLabel('111', 1, null)).toBe('Left peg, 3 discs, top: small disc');
    expect(pegLabel('111', 2, null)).toBe('Middle peg, 0 discs');
    expect(pegLabel('113', 1, { disc: 2, from: 1 })).toBe(
      'Left peg, 2 discs, top: medium disc; the medium disc is lifted from it',
    );
    expect(describePosition('123')).toBe(
      'left peg: large disc; middle peg: medium disc; right peg: small disc',
    );
    expect(describePosition('11')).toBe(
      'left peg: large and small discs; middle peg empty; right peg empty',
    );
  });

  it('announces every kind of event', () => {
    const attempt = { current: 1, max: 1 };
    expect(announceEvent(event({}), 3, 1, attempt)).toBe(
      'Moved the small disc from left to right. 1 move.',
    );
    expect(announceEvent(event({ type: 'pickup', to: null, after: '111' }), 3, 0, attempt)).toBe(
      'Lifted the small disc from the left peg.',
    );
    expect(
      announceEvent(
        event({ type: 'illegal', disc: 2, to: 3, before: '113', after: '113', legal: false }),
        3,
        1,
        attempt,
      ),
    ).toBe('Not allowed: the medium disc cannot go on the small disc. It is still lifted.');
    expect(announceEvent(event({ type: 'cancel', to: 1, after: '111' }), 3, 0, attempt)).toBe(
      'Put the small disc back on the left peg.',
    );
    expect(
      announceEvent(event({ type: 'emptySource', disc: null, from: 2, to: null }), 3, 0, attempt),
    ).toBe('The middle peg is empty.');
    expect(
      announceEvent(
        event({ type: 'reset', disc: null, from: null, to: null, modality: null }),
        3,
        0,
        { current: 2, max: 2 },
      ),
    ).toBe('This attempt is over: the discs are back at the start. Attempt 2 of 2.');
  });

  it('reads the keys: 1-3 choose, the arrows move the focus, Enter and Space choose it, Esc cancels', () => {
    expect(readTowerOfHanoiKey({ code: 'Digit2', key: '2' })).toBe('peg-2');
    expect(readTowerOfHanoiKey({ code: 'Numpad3', key: '3' })).toBe('peg-3');
    expect(readTowerOfHanoiKey({ code: 'KeyQ', key: '1' })).toBe('peg-1');
    expect(readTowerOfHanoiKey({ code: 'ArrowLeft', key: 'ArrowLeft' })).toBe('previous');
    expect(readTowerOfHanoiKey({ code: 'ArrowRight', key: 'ArrowRight' })).toBe('next');
    expect(readTowerOfHanoiKey({ code: 'Home', key: 'Home' })).toBe('first');
    expect(readTowerOfHanoiKey({ code: 'End', key: 'End' })).toBe('last');
    expect(readTowerOfHanoiKey({ code: 'Enter', key: 'Enter' })).toBe('choose');
    expect(readTowerOfHanoiKey({ code: 'NumpadEnter', key: 'Enter' })).toBe('choose');
    expect(readTowerOfHanoiKey({ code: 'Space', key: ' ' })).toBe('choose');
    expect(readTowerOfHanoiKey({ code: 'Escape', key: 'Escape' })).toBe('cancel');
    expect(readTowerOfHanoiKey({ code: 'Digit4', key: '4' })).toBeNull();
    expect(readTowerOfHanoiKey({ code: 'ArrowDown', key: 'ArrowDown' })).toBeNull();
  });

  it('moves the focus one peg at a time, stopping at the ends', () => {
    expect(movedFocus(1, 'next')).toBe(2);
    expect(movedFocus(2, 'next')).toBe(3);
    expect(movedFocus(3, 'next')).toBe(3);
    expect(movedFocus(3, 'previous')).toBe(2);
    expect(movedFocus(1, 'previous')).toBe(1);
    expect(movedFocus(2, 'first')).toBe(1);
    expect(movedFocus(2, 'last')).toBe(3);
  });

  it('sizes discs 3:1 from the largest to the smallest, and words time limits', () => {
    for (const discs of [2, 3, 4, 5]) {
      expect(discWidthPercent(discs, discs) / discWidthPercent(1, discs)).toBeCloseTo(3, 1);
    }
    expect(formatLimit(180)).toBe('3 minutes');
    expect(formatLimit(60)).toBe('1 minute');
    expect(formatLimit(90)).toBe('90 seconds');
  });
});

describe('the result charts', () => {
  const trial = (
    trialNumber: number,
    solved: boolean,
    moves: number,
    reactionTime: number | null,
  ) =>
    ({
      phase: 'test',
      block: 0,
      trialNumber,
      solved,
      moves,
      minMoves: 3,
      reactionTime,
      isCorrect: solved,
    }) as unknown as ResultTrial;
  const trials = [trial(0, true, 3, 2000), trial(1, true, 5, 3000), trial(2, false, 9, null)];

  it('plots the excess moves of solved problems and every planning time there is', () => {
    expect(getExcessPoints(trials)).toEqual([
      { position: 1, level: 0, isCorrect: true },
      { position: 2, level: 2, isCorrect: false },
    ]);
    expect(getPlanningPoints(trials)).toEqual([
      { position: 1, rtMs: 2000, isCorrect: true },
      { position: 2, rtMs: 3000, isCorrect: true },
    ]);
    expect(describeExcess(getExcessPoints(trials), 3)).toBe(
      '2 of 3 problems solved; in the fewest moves: 1; excess moves on problem 2: 2; 1 unsolved, not shown.',
    );
  });

  it('leaves the problems the time scores leave out off the planning chart, and says so', () => {
    const restarted = { ...trial(1, true, 3, 900), restarted: true } as unknown as ResultTrial;
    const interrupted = {
      ...trial(2, true, 3, 1500),
      timing: { wasInterrupted: true },
    } as unknown as ResultTrial;
    const scored = { ...trial(3, true, 3, 1200), exclusions: ['tooFast'] } as ResultTrial;
    const all = [trial(0, true, 3, 2000), restarted, interrupted, scored];
    const points = getPlanningPoints(all);
    expect(points).toEqual([{ position: 1, rtMs: 2000, isCorrect: true }]);
    expect(getUntimedProblems(all)).toEqual([2, 3, 4]);
    const shown = getDisplayedTrialPoints(points);
    expect(describePlanning(shown.points, shown.cutOffMs, getUntimedProblems(all))).toBe(
      "Time from each problem's start to its first disc lifted, solved problems as circles and unsolved ones as crosses: problem 1: 2.0 s. Left out, as in the time scores (restarted after a reload, interrupted, or a time too fast for a person): problems 2, 3, 4.",
    );
  });
});
