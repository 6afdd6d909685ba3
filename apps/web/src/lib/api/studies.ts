import {
  type ParticipantState,
  type SaveStudyInput,
  type StudyCode,
  StudyCodeSchema,
  type StudyDashboard,
  StudyDashboardSchema,
  type StudyDetail,
  StudyDetailSchema,
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

/** Where a table of the study's data, or its dictionary, downloads. */
export function studyExportUrl(
  id: string,
  table: StudyExportTable,
  format: 'csv' | 'json',
  dictionary = false,
): string {
  const path = `/api/studies/${encodeURIComponent(id)}/export${dictionary ? '/dictionary' : ''}`;
  return `${path}?${new URLSearchParams({ table, format })}`;
}
