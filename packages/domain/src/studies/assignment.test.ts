import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type StudyContent, StudyContentSchema } from '../schemas/study';
import { createRng } from '../tasks/shared/random';
import {
  assignCell,
  cellKey,
  listCells,
  needsCounts,
  stepConfigOf,
  stepOrderOf,
} from './assignment';

/** Consent, three tasks (steps 1-3), a debrief; the design as given. */
function study(design: unknown): StudyContent {
  return StudyContentSchema.parse({
    title: 'Design',
    description: '',
    steps: [
      { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
      { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} },
      { kind: 'task', title: 'Updating', testType: 'nbackTest', config: {} },
      { kind: 'task', title: 'Inhibition', testType: 'goNoGoTest', config: {} },
      { kind: 'debrief', title: 'Thank you', text: 'Done.' },
    ],
    design,
  });
}

const messagesOf = (design: unknown) => {
  try {
    study(design);
    return [];
  } catch (error) {
    return (error as { issues: { path: (string | number)[]; message: string }[] }).issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
  }
};

const LATIN = { order: { scheme: 'latinSquare', group: { first: 1, last: 3 } } };
const ARMS = [
  { key: 'low', label: 'Levels 1-3', settings: { '2': { levels: '1-3' } } },
  { key: 'two', label: '2-back only', weight: 2, settings: { '2': { levels: '2' } } },
];

describe('a study design', () => {
  it('defaults to a fixed order with one arm and no factor, as versions stored before designs', () => {
    const content = study(undefined);
    expect(content.design).toEqual({ order: { scheme: 'fixed' }, arms: [], factors: [] });
    expect(listCells(content.design)).toEqual([
      { key: 'arm=-|row=-', cell: { arm: null, orderRow: null, levels: {} }, weight: 1 },
    ]);
  });

  it('crosses arms, Latin-square rows and factor levels into cells', () => {
    const content = study({ ...LATIN, arms: ARMS, factors: ['responseMapping'] });
    // Three tasks: the square and its mirror, 6 rows; 2 arms; 2 levels.
    const cells = listCells(content.design);
    expect(cells).toHaveLength(2 * 6 * 2);
    expect(new Set(cells.map((c) => c.key)).size).toBe(cells.length);
    expect(cells[0]).toEqual({
      key: 'arm=low|row=0|responseMapping=A',
      cell: { arm: 'low', orderRow: 0, levels: { responseMapping: 'A' } },
      weight: 1,
    });
    expect(cells.at(-1)?.weight).toBe(2);
  });

  it('refuses a design its steps cannot carry, each problem named by its place', () => {
    expect(messagesOf({ order: { scheme: 'latinSquare', group: { first: 0, last: 3 } } })).toEqual([
      'design.order.group: Consent and the debrief keep their places: leave them out of the group',
    ]);
    expect(messagesOf({ order: { scheme: 'random', group: { first: 2, last: 9 } } })).toEqual([
      'design.order.group.last: The study has no step 10',
    ]);
    expect(messagesOf({ order: { scheme: 'random', group: { first: 2, last: 2 } } })).toEqual([
      'design.order.group.last: The group needs at least two steps, the first before the last',
    ]);
    expect(messagesOf({ arms: [ARMS[0], { ...ARMS[1], key: 'low' }] })).toEqual([
      'design.arms: Two arms have the same key',
    ]);
    expect(messagesOf({ arms: [{ key: 'a', label: 'A', omitSteps: [0, 7] }] })).toEqual([
      'design.arms.0.omitSteps.0: No arm may leave out the consent',
      'design.arms.0.omitSteps.1: The study has no step 8',
    ]);
    expect(
      messagesOf({ arms: [{ key: 'a', label: 'A', settings: { '1': { nope: 1 } } }] }),
    ).toEqual([expect.stringMatching(/^design\.arms\.0\.settings\.1/)]);
    expect(messagesOf({ arms: [{ key: 'a', label: 'A', settings: { '4': {} } }] })).toEqual([
      'design.arms.0.settings.4: Step 4 is not a task step',
    ]);
    expect(
      messagesOf({ arms: [{ key: 'a', label: 'A', settings: { '2': { levels: '9' } } }] }),
    ).toHaveLength(1);
    expect(messagesOf({ arms: [{ key: 'a', label: 'A', weight: 0 }] })).toEqual([
      'design.arms.0.weight: weight must be at least 1',
    ]);
    expect(messagesOf({ factors: ['handedness'] })).toEqual([
      "design.factors.0: a factor must be 'responseMapping'",
    ]);
  });

  it('refuses a response-mapping factor without a task that has a mapping', () => {
    const parsed = StudyContentSchema.safeParse({
      title: 'Digits only',
      description: '',
      steps: [{ kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} }],
      design: { factors: ['responseMapping'] },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['design', 'factors']);
  });
});

describe('a participant’s steps', () => {
  it('reorders the group by the Latin-square row and keeps consent and debrief in place', () => {
    const content = study(LATIN);
    const orders = listCells(content.design).map((c) =>
      stepOrderOf(content, c.cell, createRng('unused')),
    );
    expect(orders).toEqual([
      [0, 1, 2, 3, 4],
      [0, 2, 3, 1, 4],
      [0, 3, 1, 2, 4],
      [0, 3, 2, 1, 4],
      [0, 1, 3, 2, 4],
      [0, 2, 1, 3, 4],
    ]);
  });

  it('draws a random order of the group from the seed, and leaves out the arm’s steps', () => {
    const content = study({
      order: { scheme: 'random', group: { first: 1, last: 3 } },
      arms: [{ key: 'short', label: 'Short', omitSteps: [2] }],
    });
    const [cell] = listCells(content.design);
    if (!cell) throw new Error('no cell');
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const order = stepOrderOf(content, cell.cell, createRng(`p${i}`));
      expect(order[0]).toBe(0);
      expect(order.at(-1)).toBe(4);
      expect([...order].sort()).toEqual([0, 1, 3, 4]);
      seen.add(order.join(','));
    }
    expect(seen.size).toBe(2);
    expect(stepOrderOf(content, cell.cell, createRng('p1'))).toEqual(
      stepOrderOf(content, cell.cell, createRng('p1')),
    );
  });

  it('resolves a task step’s settings: its own, then its arm’s, then the response mapping', () => {
    const content = study({ arms: ARMS, factors: ['responseMapping'] });
    const cells = listCells(content.design);
    const twoB = cells.find((c) => c.key === 'arm=two|row=-|responseMapping=B');
    if (!twoB) throw new Error('no cell');
    const nBack = stepConfigOf(content, 2, twoB.cell);
    expect(nBack.levels).toBe('2');
    expect(nBack.keyMapping).toBe('B');
    // Go/No-Go's go stimulus is balanced by the same level.
    expect(stepConfigOf(content, 3, twoB.cell).goMapping).toBe('B');
    const twoA = cells.find((c) => c.key === 'arm=two|row=-|responseMapping=A');
    if (!twoA) throw new Error('no cell');
    expect(stepConfigOf(content, 3, twoA.cell).goMapping).toBe('A');
    // Digit Span has no mapping: its settings are its own.
    const step = content.steps[1];
    expect(stepConfigOf(content, 1, twoB.cell)).toEqual(step?.kind === 'task' && step.config);
    expect(() => stepConfigOf(content, 0, twoB.cell)).toThrow();
  });
});

describe('the assignment rule', () => {
  it('keeps the cells within one of each other while everyone completes', () => {
    const content = study({ ...LATIN, arms: ARMS.map((arm) => ({ ...arm, weight: 1 })) });
    const counts: Record<string, number> = {};
    const random = createRng('arrivals');
    for (let i = 0; i < 250; i++) {
      const assignment = assignCell(content.design, counts, random);
      if (!assignment) throw new Error('no cell');
      counts[assignment.key] = (counts[assignment.key] ?? 0) + 1;
      const values = listCells(content.design).map((c) => counts[c.key] ?? 0);
      expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
    }
  });

  it('shares participants by the arms’ weights, and stops an arm at its target', () => {
    const content = study({
      arms: [
        { key: 'a', label: 'A', weight: 2 },
        { key: 'b', label: 'B', weight: 1, target: 10 },
      ],
    });
    const counts: Record<string, number> = {};
    const random = createRng('weights');
    const take = () => {
      const assignment = assignCell(content.design, counts, random);
      if (assignment) counts[assignment.key] = (counts[assignment.key] ?? 0) + 1;
      return assignment;
    };
    for (let i = 0; i < 30; i++) take();
    expect(counts).toEqual({ 'arm=a|row=-': 20, 'arm=b|row=-': 10 });
    const next = take();
    expect(next?.cell.arm).toBe('a');
    expect(next?.fullArms).toEqual(['b']);
    expect(next?.counts).toEqual({ 'arm=a|row=-': 20, 'arm=b|row=-': 10 });
    expect(next?.rule).toBe('least-filled-per-weight-at-random/1');
  });

  it('counts nothing for a design of one cell without a target, and says so in the log', () => {
    const fixed = study({});
    expect(needsCounts(fixed.design)).toBe(false);
    expect(assignCell(fixed.design, {}, createRng('x'))).toEqual({
      cell: { arm: null, orderRow: null, levels: {} },
      key: 'arm=-|row=-',
      counts: {},
      fullArms: [],
      rule: 'single-cell/1',
    });
    // One arm with a target, or a second cell, needs the counts.
    expect(needsCounts(study({ arms: [{ key: 'a', label: 'A', target: 5 }] }).design)).toBe(true);
    expect(needsCounts(study({ factors: ['responseMapping'] }).design)).toBe(true);
  });

  it('answers null when every arm has met its target', () => {
    const content = study({ arms: [{ key: 'a', label: 'A', target: 2 }] });
    expect(assignCell(content.design, { 'arm=a|row=-': 2 }, createRng('x'))).toBeNull();
    expect(assignCell(content.design, { 'arm=a|row=-': 1 }, createRng('x'))?.key).toBe(
      'arm=a|row=-',
    );
  });

  it('always chooses among the least filled open cells, whatever the counts (property)', () => {
    const content = study({ ...LATIN, arms: ARMS, factors: ['responseMapping'] });
    const cells = listCells(content.design);
    fc.assert(
      fc.property(
        fc.array(fc.nat(20), { minLength: cells.length, maxLength: cells.length }),
        fc.string(),
        (values, seed) => {
          const counts = Object.fromEntries(cells.map((c, i) => [c.key, values[i] ?? 0]));
          const assignment = assignCell(content.design, counts, createRng(seed));
          if (!assignment) return false;
          const fill = (key: string) =>
            (counts[key] ?? 0) / (cells.find((c) => c.key === key)?.weight ?? 1);
          const lowest = Math.min(...cells.map((c) => fill(c.key)));
          return fill(assignment.key) === lowest && cellKey(assignment.cell) === assignment.key;
        },
      ),
    );
  });

  it('spreads ties at random: every least-filled cell gets chosen', () => {
    const content = study(LATIN);
    const chosen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      chosen.add(assignCell(content.design, {}, createRng(`tie${i}`))?.key ?? '');
    }
    expect(chosen.size).toBe(6);
  });
});
