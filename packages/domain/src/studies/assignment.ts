import type { StudyContent, StudyStep } from '../schemas/study';
import type { FactorLevel, StudyDesign, StudyFactor } from '../schemas/study-design';
import { FACTOR_LEVELS } from '../schemas/study-design';
import { findTask } from '../tasks/registry';
import { type Rng, shuffle } from '../tasks/shared/random';
import { williamsRows } from './latin-square';

/**
 * Assignment to a study design's cells (ADR 041): the cells a version's design makes, the rule
 * that picks one for a new participant, and what the cell means for their steps.
 */

/** One combination of arm, order row and factor levels: what a participant is assigned. */
export type StudyCell = {
  /** The arm's key; null in a study without arms. */
  arm: string | null;
  /** The Latin square's row (0-based); null unless the order is a Latin square. */
  orderRow: number | null;
  levels: Partial<Record<StudyFactor, FactorLevel>>;
};

/** A cell with what the rule needs of its arm. */
export type DesignCell = { key: string; cell: StudyCell; weight: number };

/** The rule's name in the assignment log; a change to how it chooses changes the name. */
export const ASSIGNMENT_RULE = 'least-filled-per-weight-at-random/1';
/** The log's rule where the design has one cell and no target: nothing to count or choose. */
export const SINGLE_CELL_RULE = 'single-cell/1';

/**
 * Whether assigning to `design` depends on the counts per cell: more than one cell to choose
 * from, or an arm's target to check. A design of one cell without a target needs none, so a
 * start of such a study reads no participants.
 */
export function needsCounts(design: StudyDesign): boolean {
  return listCells(design).length > 1 || design.arms.some((arm) => arm.target !== null);
}

/** A cell's stable name, as the assignment log and the counts key it. */
export function cellKey(cell: StudyCell): string {
  const levels = Object.entries(cell.levels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([factor, level]) => `${factor}=${level}`);
  return [`arm=${cell.arm ?? '-'}`, `row=${cell.orderRow ?? '-'}`, ...levels].join('|');
}

/** Every cell of the design, in a stable order: arms, then order rows, then factor levels. */
export function listCells(design: StudyDesign): DesignCell[] {
  const arms = design.arms.length > 0 ? design.arms : [null];
  const rows =
    design.order.scheme === 'latinSquare'
      ? williamsRows(design.order.group.last - design.order.group.first + 1).map((_, i) => i)
      : [null];
  let levelSets: Partial<Record<StudyFactor, FactorLevel>>[] = [{}];
  for (const factor of design.factors) {
    levelSets = levelSets.flatMap((levels) =>
      FACTOR_LEVELS.map((level) => ({ ...levels, [factor]: level })),
    );
  }
  return arms.flatMap((arm) =>
    rows.flatMap((orderRow) =>
      levelSets.map((levels) => {
        const cell: StudyCell = { arm: arm?.key ?? null, orderRow, levels };
        return { key: cellKey(cell), cell, weight: arm?.weight ?? 1 };
      }),
    ),
  );
}

/** What the rule saw and chose: the assignment log's row, without who and when. */
export type Assignment = {
  cell: StudyCell;
  key: string;
  /** The count of every cell the rule looked at, by cell key. */
  counts: Record<string, number>;
  /** Arms left out because their target was met. */
  fullArms: string[];
  rule: typeof ASSIGNMENT_RULE | typeof SINGLE_CELL_RULE;
};

/**
 * psiTurk's rule, weighted: among the cells of arms still below their target, those with the
 * lowest count per weight, and one of them at random. `counts` are the participants who count
 * per cell key (completed, or still active; ADR 041); a key it lacks counts 0. Null when every
 * arm has met its target.
 */
export function assignCell(
  design: StudyDesign,
  counts: Readonly<Record<string, number>>,
  random: Rng,
): Assignment | null {
  const cells = listCells(design);
  const countOf = (key: string) => counts[key] ?? 0;
  const fullArms = design.arms
    .filter((arm) => {
      if (arm.target === null) return false;
      const counted = cells
        .filter((c) => c.cell.arm === arm.key)
        .reduce((sum, c) => sum + countOf(c.key), 0);
      return counted >= arm.target;
    })
    .map((arm) => arm.key);
  const open = cells.filter((c) => c.cell.arm === null || !fullArms.includes(c.cell.arm));
  if (open.length === 0) return null;
  // Fill compared with a tolerance: a division by a weight need not be exact.
  const fill = (c: DesignCell) => countOf(c.key) / c.weight;
  const lowest = Math.min(...open.map(fill));
  const least = open.filter((c) => fill(c) - lowest < 1e-9);
  const chosen = least[Math.floor(random() * least.length)] ?? least[0];
  if (!chosen) return null;
  if (!needsCounts(design)) {
    return { cell: chosen.cell, key: chosen.key, counts: {}, fullArms, rule: SINGLE_CELL_RULE };
  }
  return {
    cell: chosen.cell,
    key: chosen.key,
    counts: Object.fromEntries(cells.map((c) => [c.key, countOf(c.key)])),
    fullArms,
    rule: ASSIGNMENT_RULE,
  };
}

/**
 * The version's step numbers in the order a participant in `cell` takes them: the group
 * reordered by the Latin square's row or at random (drawing from `random`), then without the
 * steps the cell's arm leaves out.
 */
export function stepOrderOf(content: StudyContent, cell: StudyCell, random: Rng): number[] {
  const { design, steps } = content;
  const order = steps.map((_, index) => index);
  if (design.order.scheme !== 'fixed') {
    const { first, last } = design.order.group;
    const group = order.slice(first, last + 1);
    const row =
      design.order.scheme === 'latinSquare'
        ? (williamsRows(group.length)[cell.orderRow ?? 0] ?? group.map((_, i) => i))
        : shuffle(
            group.map((_, i) => i),
            random,
          );
    order.splice(first, group.length, ...row.map((position) => group[position] ?? first));
  }
  const omitted = new Set(design.arms.find((arm) => arm.key === cell.arm)?.omitSteps ?? []);
  return order.filter((index) => !omitted.has(index));
}

/**
 * A task step's settings for a participant in `cell`: the step's own, then its arm's, then the
 * response mapping at the cell's level for a task that has one. One function for the run the
 * server starts and the page that describes it, so both say the same.
 */
export function stepConfigOf(
  content: StudyContent,
  stepIndex: number,
  cell: StudyCell,
): Record<string, unknown> {
  const step: StudyStep | undefined = content.steps[stepIndex];
  if (step?.kind !== 'task') throw new Error(`step ${stepIndex} is not a task step`);
  const arm = content.design.arms.find((a) => a.key === cell.arm);
  const config = { ...step.config, ...(arm?.settings[String(stepIndex)] ?? {}) };
  const mapping = findTask(step.testType)?.responseMapping;
  const level = cell.levels.responseMapping;
  if (mapping && level) config[mapping.setting] = mapping.levels[level];
  return config;
}
