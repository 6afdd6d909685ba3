import { randomBytes } from 'node:crypto';
import {
  type Assignment,
  assignCell,
  createRng,
  needsCounts,
  type StudyCell,
  type StudyContent,
  type StudyStep,
  stepConfigOf,
  stepOrderOf,
  type Text,
} from '@cogni/domain';
import { and, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type studies,
  studyAssignments,
  studyParticipants,
  type studyVersions,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';

type StudyRow = typeof studies.$inferSelect;
type VersionRow = typeof studyVersions.$inferSelect;
type ParticipantRow = typeof studyParticipants.$inferSelect;

/** The cell's columns of a participant row, with the step order it gives. */
export type AssignedCell = Pick<
  ParticipantRow,
  'cellKey' | 'arm' | 'orderRow' | 'factorLevels' | 'stepOrder'
>;

/** A participant's cell as their row holds it. */
export function cellOf(participant: ParticipantRow): StudyCell {
  return {
    arm: participant.arm,
    orderRow: participant.orderRow,
    levels: participant.factorLevels as StudyCell['levels'],
  };
}

/** A step as a participant takes it: where it is in the version, and what it is for them. */
export type ParticipantStep = { index: number; step: StudyStep };

/**
 * The participant's steps in the order they take them ("Step k of n" counts these): the version's
 * steps in the participant's order without the ones their arm leaves out, each task step with its
 * settings for the participant's cell (stepConfigOf: the step's, the arm's, the factor's). A
 * participant from before designs has the version's order.
 */
export function stepsOf(participant: ParticipantRow, content: StudyContent): ParticipantStep[] {
  const order =
    participant.stepOrder.length > 0 ? participant.stepOrder : content.steps.map((_, i) => i);
  const cell = cellOf(participant);
  return order.flatMap((index): ParticipantStep[] => {
    const step = content.steps[index];
    if (!step) return [];
    if (step.kind !== 'task') return [{ index, step }];
    return [{ index, step: { ...step, config: stepConfigOf(content, index, cell) } }];
  });
}

/** Where the version's step `index` is in a participant's order; -1 if they do not take it. */
export function stepPositionOf(
  participant: Pick<ParticipantRow, 'stepOrder'>,
  index: number,
): number {
  return participant.stepOrder.length > 0 ? participant.stepOrder.indexOf(index) : index;
}

/**
 * Who counts in a version's balance (ADR 041): everyone assigned but previews; with refilling,
 * only those who completed and those still active (taking part and last seen within the
 * study's time-out). So with refilling, those who declined, were abandoned, stopped or withdrew
 * free their slot; without it, they keep counting (a withdrawal keeps its row and cell).
 */
function counted(study: StudyRow, version: VersionRow, now: Date): SQL {
  const base = and(
    eq(studyParticipants.versionId, version.id),
    eq(studyParticipants.isPreview, false),
  ) as SQL;
  if (!study.refill) return base;
  const activeSince = new Date(now.getTime() - study.activeMinutes * 60_000);
  return and(
    base,
    or(
      eq(studyParticipants.state, 'completed'),
      and(
        inArray(studyParticipants.state, ['started', 'consented']),
        gt(studyParticipants.lastSeenAt, activeSince),
      ),
    ),
  ) as SQL;
}

/**
 * Chooses a new participant's cell by the design's rule from the counts per cell, inside the
 * start's transaction (`ctx.db` is it; the study row is locked, so concurrent starts of the
 * study are counted one after another). A 409 with `fullMessage` (and the panel's screen-out
 * URL, if any) when every arm has met its target, except for a preview. Returns the
 * participant's cell columns and, to write once the participant exists, the assignment log row.
 */
export async function assignParticipant(
  ctx: ServiceContext,
  study: StudyRow,
  version: VersionRow,
  content: StudyContent,
  options: { fullMessage: Text; isPreview: boolean; screenOutUrl?: string | null },
): Promise<{ cell: AssignedCell; log: (participantId: string) => Promise<void> }> {
  const now = ctx.now();
  // A design of one cell without a target reads no participants: the lock is held only briefly.
  const rows = needsCounts(content.design)
    ? await ctx.db
        .select({ cellKey: studyParticipants.cellKey, n: sql<number>`count(*)::int` })
        .from(studyParticipants)
        .where(counted(study, version, now))
        .groupBy(studyParticipants.cellKey)
    : [];
  const counts = Object.fromEntries(rows.map((row) => [row.cellKey, row.n]));
  const seed = randomBytes(16).toString('hex');
  const random = createRng(seed);
  // A researcher's preview of a full study still runs: as if nobody had taken part yet.
  const assignment: Assignment | null =
    assignCell(content.design, counts, random) ??
    (options.isPreview ? assignCell(content.design, {}, random) : null);
  if (!assignment) {
    throw new AppError(
      'CONFLICT',
      options.fullMessage,
      undefined,
      options.screenOutUrl ?? undefined,
    );
  }
  const { cell } = assignment;
  return {
    cell: {
      cellKey: assignment.key,
      arm: cell.arm,
      orderRow: cell.orderRow,
      factorLevels: cell.levels,
      stepOrder: stepOrderOf(content, cell, random),
    },
    log: async (participantId) => {
      await ctx.db.insert(studyAssignments).values({
        participantId,
        studyId: study.id,
        versionId: version.id,
        cellKey: assignment.key,
        counts: assignment.counts,
        fullArms: assignment.fullArms,
        rule: assignment.rule,
        seed,
        createdAt: now,
      });
    },
  };
}
