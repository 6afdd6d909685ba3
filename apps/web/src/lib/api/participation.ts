import {
  type DemographicsAnswers,
  type Participation,
  ParticipationSchema,
  type Run,
  RunResponseSchema,
  type StartStepRunInput,
  type StudyLanding,
  StudyLandingSchema,
} from '@cogni/domain';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import type { TrialsSource } from './result-trials';

// The participant's side of a study (ADR 040): everything under /api/participation/<code>, where
// the browser's participant cookie is sent and nothing else is.

const base = (code: string) => `/api/participation/${encodeURIComponent(code)}`;
const ParticipationResponseSchema = z.object({ participation: ParticipationSchema });

export async function getLanding(code: string): Promise<StudyLanding> {
  const { study } = await apiRequest(base(code), {
    schema: z.object({ study: StudyLandingSchema }),
  });
  return study;
}

/** The participation this browser holds for the study; a 401 ApiError when it holds none. */
export async function getParticipation(code: string): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/me`, {
    schema: ParticipationResponseSchema,
  });
  return participation;
}

export async function startParticipation(
  code: string,
  input: { params: Record<string, string>; personalCode?: string },
): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/start`, {
    method: 'POST',
    body: input,
    schema: ParticipationResponseSchema,
  });
  return participation;
}

export async function answerConsent(code: string, agree: boolean): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/consent`, {
    method: 'POST',
    body: { agree },
    schema: ParticipationResponseSchema,
  });
  return participation;
}

export async function completeStep(
  code: string,
  step: number,
  answers?: DemographicsAnswers,
): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/steps/${step}/done`, {
    method: 'POST',
    body: answers === undefined ? {} : { answers },
    schema: ParticipationResponseSchema,
  });
  return participation;
}

/** Starts the task step's run, or answers the one begun before. */
export async function startStepRun(
  code: string,
  step: number,
  input: StartStepRunInput,
): Promise<Run> {
  const { run } = await apiRequest(`${base(code)}/steps/${step}/run`, {
    method: 'POST',
    body: input,
    schema: RunResponseSchema,
  });
  return run;
}

export async function getStepRun(code: string, runId: string): Promise<Run> {
  const { run } = await apiRequest(`${base(code)}/runs/${encodeURIComponent(runId)}`, {
    schema: RunResponseSchema,
  });
  return run;
}

/** Where a participant's finished runs' trials are read, for the scores at the end. */
export function participationTrials(code: string): TrialsSource {
  return {
    key: ['participation-trials', code],
    url: (runId) => `${base(code)}/runs/${encodeURIComponent(runId)}/trials`,
  };
}

export async function finishParticipation(code: string): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/finish`, {
    method: 'POST',
    body: {},
    schema: ParticipationResponseSchema,
  });
  return participation;
}

/** Stops taking part, keeping the answers given: the participation ends as stopped. */
export async function stopParticipation(code: string): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/stop`, {
    method: 'POST',
    body: {},
    schema: ParticipationResponseSchema,
  });
  return participation;
}

/** Withdraws: the server deletes the participant's runs, trials, answers and link parameters. */
export async function withdrawParticipation(code: string): Promise<Participation> {
  const { participation } = await apiRequest(`${base(code)}/withdraw`, {
    method: 'POST',
    body: {},
    schema: ParticipationResponseSchema,
  });
  return participation;
}
