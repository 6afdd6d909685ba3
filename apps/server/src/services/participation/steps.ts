import { randomBytes } from 'node:crypto';
import {
  type CompleteStepInputSchema,
  fillRedirectTemplate,
  type Participation,
  type ParticipationEnd,
  type Run,
  type StartStepRunInput,
  type StudyContent,
  screenOutUrlOf,
  type Text,
} from '@cogni/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { studyParticipants, testResults } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import type { Limit } from '../rate-limit/rate-limit';
import { isAbandonable } from '../results/close-abandoned-runs';
import { startRun } from '../results/start-run';
import { getOwnedRun, toRun } from '../results/to-run';
import { type ParticipantStep, stepPositionOf } from './assign';
import { participantParams, type readParticipant } from './participation';

export const PARTICIPATION_ENDED: Text = /*i18n*/ {
  id: 'errors.participationEnded',
  message: 'Your participation has ended',
};
export const STEP_OUT_OF_ORDER: Text = /*i18n*/ {
  id: 'errors.stepOutOfOrder',
  message: 'This step is not the one you are on',
};
export const STEP_NOT_THIS_KIND: Text = /*i18n*/ {
  id: 'errors.stepNotThisKind',
  message: 'This step cannot be completed this way',
};
export const STEPS_NOT_DONE: Text = /*i18n*/ {
  id: 'errors.stepsNotDone',
  message: 'Some steps of this study are not done yet',
};

const TEXTS = {
  answersNotTaken: /*i18n*/ {
    id: 'errors.answersNotTaken',
    message: 'Only a demographics step takes answers',
  },
  notAsked: /*i18n*/ {
    id: 'errors.questionsNotAsked',
    message: 'This step does not ask: {questions}',
  },
} satisfies Record<string, Text>;

type Read = Awaited<ReturnType<typeof readParticipant>>;

/** The states of a participant who takes no more steps: declined, completed, stopped, withdrawn. */
export const ENDED_STATES = ['declined', 'completed', 'stopped', 'withdrawn'] as const;

export const hasEnded = (state: string) => (ENDED_STATES as readonly string[]).includes(state);

/**
 * Refuses anything but the participant's current step while they are taking part. `position`
 * is the step's place in the participant's own order (ADR 041: "Step k of n" is position k-1);
 * the answer has its number in the version too.
 */
function requireCurrentStep(read: Read, position: number): ParticipantStep {
  const { participant } = read;
  if (hasEnded(participant.state)) throw new AppError('CONFLICT', PARTICIPATION_ENDED);
  const current = read.steps[position];
  if (!current || position !== participant.stepsDone) {
    throw new AppError('CONFLICT', STEP_OUT_OF_ORDER);
  }
  return current;
}

/**
 * Moves the participant past the step at `position`, if they are still on it: two requests for
 * one step (a retry after a lost answer) move them once. `set` is written with it.
 */
async function advance(
  ctx: ServiceContext,
  participantId: string,
  position: number,
  set: Partial<typeof studyParticipants.$inferInsert> = {},
): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .update(studyParticipants)
    .set({
      ...set,
      stepsDone: position + 1,
      stepsDoneAt: sql`array_append(${studyParticipants.stepsDoneAt}, ${now.toISOString()}::timestamptz)`,
      lastSeenAt: now,
    })
    .where(and(eq(studyParticipants.id, participantId), eq(studyParticipants.stepsDone, position)));
}

/**
 * "I agree" records the version's content hash (the text agreed to) and the time, and moves on;
 * "I do not agree" ends the participation as declined.
 */
export async function answerConsent(
  ctx: ServiceContext,
  read: Read,
  agree: boolean,
): Promise<void> {
  const { step } = requireCurrentStep(read, read.participant.stepsDone);
  if (step.kind !== 'consent') throw new AppError('CONFLICT', STEP_OUT_OF_ORDER);
  const now = ctx.now();
  if (agree) {
    await advance(ctx, read.participant.id, read.participant.stepsDone, {
      state: 'consented',
      consentHash: read.version.contentHash,
      consentedAt: now,
    });
    return;
  }
  await ctx.db
    .update(studyParticipants)
    .set({ state: 'declined', finishedAt: now, lastSeenAt: now })
    .where(eq(studyParticipants.id, read.participant.id));
}

/**
 * Marks a page, a break or the demographics as done. The demographics answers may leave any
 * question out, and may answer only the questions the step asks.
 */
export async function completeStep(
  ctx: ServiceContext,
  read: Read,
  index: number,
  input: z.infer<typeof CompleteStepInputSchema>,
): Promise<void> {
  const { step } = requireCurrentStep(read, index);
  if (step.kind === 'consent' || step.kind === 'task') {
    throw new AppError('CONFLICT', STEP_NOT_THIS_KIND);
  }
  if (step.kind !== 'demographics') {
    if (input.answers !== undefined) {
      throw new AppError('BAD_REQUEST', TEXTS.answersNotTaken);
    }
    await advance(ctx, read.participant.id, index);
    return;
  }
  const answers = input.answers ?? {};
  const asked = new Set<string>(step.questions);
  const unasked = Object.keys(answers).filter((key) => !asked.has(key));
  if (unasked.length > 0) {
    throw new AppError('BAD_REQUEST', {
      ...TEXTS.notAsked,
      values: { questions: unasked.join(', ') },
    });
  }
  await advance(ctx, read.participant.id, index, { demographics: answers });
}

/**
 * The run of the task step at `position`: the latest one begun if it is still open (a reload
 * resumes it), else a new run with the step's settings for the participant's cell. A run left
 * so long that it was closed as abandoned is not resumed: the step starts again. The run keeps
 * the step's number in the version, so data from different orders line up.
 */
export async function startStepRun(
  ctx: ServiceContext,
  read: Read,
  position: number,
  input: StartStepRunInput,
  limit: Limit,
): Promise<{ run: Run; created: boolean }> {
  const { step, index } = requireCurrentStep(read, position);
  if (step.kind !== 'task') throw new AppError('CONFLICT', STEP_NOT_THIS_KIND);
  const participantId = read.participant.id;
  const [open] = await ctx.db
    .select({ id: testResults.id })
    .from(testResults)
    .where(
      and(
        eq(testResults.participantId, participantId),
        eq(testResults.studyStep, index),
        isNull(testResults.endTime),
        isNull(testResults.abandonedAt),
        sql`not ${isAbandonable(ctx.now())}`,
      ),
    )
    .orderBy(sql`${testResults.startTime} desc`)
    .limit(1);
  if (open) {
    return {
      run: await toRun(ctx, await getOwnedRun(ctx, participantId, open.id)),
      created: false,
    };
  }
  const run = await startRun(
    ctx,
    { participantId, studyStep: index },
    // A study's runs are in the study's language, whatever the browser says (ADR 042).
    { testType: step.testType, config: step.config, ...input, language: read.content.language },
    limit,
  );
  return { run, created: true };
}

/** After a step's run is complete, the participant moves past that step. */
export async function advanceAfterRun(
  ctx: ServiceContext,
  participantId: string,
  run: Run,
): Promise<void> {
  const [row] = await ctx.db
    .select({
      studyStep: testResults.studyStep,
      endTime: testResults.endTime,
      stepOrder: studyParticipants.stepOrder,
    })
    .from(testResults)
    .innerJoin(studyParticipants, eq(studyParticipants.id, testResults.participantId))
    .where(eq(testResults.id, run.id));
  if (row?.studyStep === null || row?.studyStep === undefined || !row.endTime) return;
  const position = stepPositionOf(row, row.studyStep);
  if (position >= 0) await advance(ctx, participantId, position);
}

/** The latest run of each task step begun, by the step's position, in the participant's order. */
async function stepRuns(ctx: ServiceContext, read: Read) {
  const rows = await ctx.db
    .select({
      step: testResults.studyStep,
      runId: testResults.id,
      endTime: testResults.endTime,
    })
    .from(testResults)
    .where(eq(testResults.participantId, read.participant.id))
    .orderBy(asc(testResults.startTime));
  const latest = new Map<number, { step: number; runId: string; completed: boolean }>();
  for (const row of rows) {
    const position = row.step === null ? -1 : stepPositionOf(read.participant, row.step);
    if (position < 0) continue;
    latest.set(position, { step: position, runId: row.runId, completed: row.endTime !== null });
  }
  return [...latest.values()].sort((a, b) => a.step - b.step);
}

/** A participant's own completion code: 10 characters, easy to read out and type. */
function newCompletionCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Ends a participation that has done every step (the browser calls it once its queue of trials
 * is empty): 409 until then. Calling it again answers the same end.
 */
export async function finishParticipation(ctx: ServiceContext, read: Read): Promise<void> {
  const { participant, study } = read;
  if (participant.state === 'completed') return;
  if (hasEnded(participant.state)) throw new AppError('CONFLICT', PARTICIPATION_ENDED);
  // A task step is done only once its run is complete on the server (advanceAfterRun), so
  // every step done means every answer saved.
  if (participant.stepsDone < read.steps.length) {
    throw new AppError('CONFLICT', STEPS_NOT_DONE);
  }
  const now = ctx.now();
  await ctx.db
    .update(studyParticipants)
    .set({
      state: 'completed',
      finishedAt: now,
      lastSeenAt: now,
      completionCode: study.completionCode === null ? newCompletionCode() : null,
    })
    .where(
      and(eq(studyParticipants.id, participant.id), sql`${studyParticipants.state} <> 'completed'`),
    );
}

/**
 * How the participation ended, and where the participant goes: one who declined goes to the
 * decline URL, or else the panel's screen-out URL.
 */
async function endOf(ctx: ServiceContext, read: Read): Promise<ParticipationEnd | null> {
  const { participant, study } = read;
  if (['started', 'consented', 'abandoned'].includes(participant.state)) return null;
  const params = await participantParams(ctx, participant.id);
  if (participant.state === 'declined') {
    return {
      kind: 'declined',
      message: study.declineMessage,
      redirectUrl: study.declineUrl
        ? fillRedirectTemplate(study.declineUrl, params)
        : screenOutUrlOf(study, params),
    };
  }
  // A panel's participant who stops or withdraws goes back with the screen-out code (ADR 041).
  if (participant.state === 'stopped' || participant.state === 'withdrawn') {
    return { kind: participant.state, redirectUrl: screenOutUrlOf(study, params) };
  }
  const completionCode = study.completionCode ?? participant.completionCode ?? '';
  return {
    kind: 'completed',
    completionCode,
    redirectUrl: study.completionUrl
      ? fillRedirectTemplate(study.completionUrl, { ...params, COMPLETION_CODE: completionCode })
      : null,
  };
}

/** The participant's own view of their participation. */
export async function toParticipation(ctx: ServiceContext, read: Read): Promise<Participation> {
  const content: StudyContent = read.content;
  return {
    state: read.participant.state,
    isPreview: read.participant.isPreview,
    version: read.version.number,
    title: content.title,
    steps: read.steps.map(({ step }) => step),
    stepsDone: read.participant.stepsDone,
    runs: await stepRuns(ctx, read),
    showScores: read.study.showScores,
    end: await endOf(ctx, read),
    language: content.language,
  };
}
