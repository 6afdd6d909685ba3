import {
  type CreateStudyExportJobInput,
  type DeleteParticipantDataResponse,
  DeleteParticipantDataResponseSchema,
  FindParticipantResponseSchema,
  type ParticipantState,
  type SaveStudyInput,
  type StudyCode,
  StudyCodeSchema,
  type StudyDashboard,
  StudyDashboardSchema,
  type StudyDetail,
  StudyDetailSchema,
  type StudyExportCounts,
  StudyExportCountsSchema,
  type StudyExportJob,
  StudyExportJobListResponseSchema,
  StudyExportJobResponseSchema,
  type StudyExportTable,
  StudyParticipantResponseSchema,
  type StudyParticipantRow,
  type StudyState,
  type StudySummary,
  StudySummarySchema,
} from '@cogni/domain';
import { z } from 'zod';
import { apiRequest } from '../api-client';

// The researcher's studies API (ADR 040): /api/studies, for researchers and admins.

const StudyResponseSchema = z.object({ study: StudyDetailSchema });

export async function listStudies(): Promise<StudySummary[]> {
  const { studies } = await apiRequest('/api/studies', {
    schema: z.object({ studies: z.array(StudySummarySchema) }),
  });
  return studies;
}

export async function getStudy(id: string): Promise<StudyDetail> {
  const { study } = await apiRequest(`/api/studies/${encodeURIComponent(id)}`, {
    schema: StudyResponseSchema,
  });
  return study;
}

export async function createStudy(input: SaveStudyInput): Promise<StudyDetail> {
  const { study } = await apiRequest('/api/studies', {
    method: 'POST',
    body: input,
    schema: StudyResponseSchema,
  });
  return study;
}

export async function saveStudy(id: string, input: SaveStudyInput): Promise<StudyDetail> {
  const { study } = await apiRequest(`/api/studies/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    schema: StudyResponseSchema,
  });
  return study;
}

export async function changeStudyState(id: string, state: StudyState): Promise<StudyDetail> {
  const { study } = await apiRequest(`/api/studies/${encodeURIComponent(id)}/state`, {
    method: 'POST',
    body: { state },
    schema: StudyResponseSchema,
  });
  return study;
}

/** Starts the caller's preview of the study; the participant cookie is set for its code. */
export async function startStudyPreview(id: string): Promise<string> {
  const { code } = await apiRequest(`/api/studies/${encodeURIComponent(id)}/preview`, {
    method: 'POST',
    body: {},
    schema: z.object({ code: z.string() }),
  });
  return code;
}

export async function listStudyCodes(
  id: string,
): Promise<{ studyCode: string; codes: StudyCode[] }> {
  return apiRequest(`/api/studies/${encodeURIComponent(id)}/codes`, {
    schema: z.object({ studyCode: z.string(), codes: z.array(StudyCodeSchema) }),
  });
}

export async function createStudyCodes(
  id: string,
  input: { count: number; label: string },
): Promise<StudyCode[]> {
  const { codes } = await apiRequest(`/api/studies/${encodeURIComponent(id)}/codes`, {
    method: 'POST',
    body: input,
    schema: z.object({ codes: z.array(StudyCodeSchema) }),
  });
  return codes;
}

/** Where the personal links download as CSV. */
export const studyCodesCsvUrl = (id: string) => `/api/studies/${encodeURIComponent(id)}/codes.csv`;

/** The dashboard: counts, the funnel, the time per step, and a page of the participants. */
export async function getStudyDashboard(
  id: string,
  query: { page: number; pageSize: number; state?: ParticipantState | undefined },
): Promise<StudyDashboard> {
  const search = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  if (query.state) search.set('state', query.state);
  return apiRequest(`/api/studies/${encodeURIComponent(id)}/dashboard?${search}`, {
    schema: StudyDashboardSchema,
  });
}

/** Marks a participant excluded (their data stays, marked) or takes the mark away. */
export async function setParticipantExcluded(
  id: string,
  participantId: string,
  excluded: boolean,
): Promise<StudyParticipantRow> {
  const { participant } = await apiRequest(
    `/api/studies/${encodeURIComponent(id)}/participants/${encodeURIComponent(participantId)}/exclude`,
    { method: 'POST', body: { excluded }, schema: StudyParticipantResponseSchema },
  );
  return participant;
}

/** The study's participants whose id is `q`, or whose link carried a parameter of that value. */
export async function findStudyParticipants(id: string, q: string): Promise<StudyParticipantRow[]> {
  const { participants } = await apiRequest(
    `/api/studies/${encodeURIComponent(id)}/participants/find?${new URLSearchParams({ q })}`,
    { schema: FindParticipantResponseSchema },
  );
  return participants;
}

/** Deletes a participant's data (the row stays, withdrawn); the server audits it. */
export async function deleteParticipantData(
  id: string,
  participantId: string,
): Promise<DeleteParticipantDataResponse> {
  return apiRequest(
    `/api/studies/${encodeURIComponent(id)}/participants/${encodeURIComponent(participantId)}/delete`,
    { method: 'POST', body: {}, schema: DeleteParticipantDataResponseSchema },
  );
}

/** Where a table of the study's data, or its dictionary, downloads. */
export function studyExportUrl(
  id: string,
  table: StudyExportTable,
  format: 'csv' | 'json',
  dictionary = false,
  withParams = false,
): string {
  const path = `/api/studies/${encodeURIComponent(id)}/export${dictionary ? '/dictionary' : ''}`;
  return `${path}?${new URLSearchParams({ table, format, ...(withParams ? { withParams: 'true' } : {}) })}`;
}

/** The rows of the study's data before a download, and the Psych-DS files they make. */
export async function getStudyExportCounts(id: string): Promise<StudyExportCounts> {
  return apiRequest(`/api/studies/${encodeURIComponent(id)}/export/counts`, {
    schema: StudyExportCountsSchema,
  });
}

/** Where the study's Psych-DS dataset downloads as a zip. */
export const studyDatasetUrl = (id: string) => `/api/studies/${encodeURIComponent(id)}/dataset`;

/** Starts a background export of the study's data. */
export async function createStudyExportJob(
  id: string,
  input: CreateStudyExportJobInput,
): Promise<StudyExportJob> {
  const { job } = await apiRequest(`/api/studies/${encodeURIComponent(id)}/export-jobs`, {
    method: 'POST',
    body: input,
    schema: StudyExportJobResponseSchema,
  });
  return job;
}

/** The study's background exports, newest first, with their progress. */
export async function listStudyExportJobs(id: string): Promise<StudyExportJob[]> {
  const { jobs } = await apiRequest(`/api/studies/${encodeURIComponent(id)}/export-jobs`, {
    schema: StudyExportJobListResponseSchema,
  });
  return jobs;
}

/** Where a done background export's file downloads. */
export const studyExportJobFileUrl = (id: string, jobId: string) =>
  `/api/studies/${encodeURIComponent(id)}/export-jobs/${encodeURIComponent(jobId)}/file`;
