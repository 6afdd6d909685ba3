import { z } from 'zod';
import { TestTypeSchema } from '../test-types';
import { AdminTrialSchema, AdminUserSchema } from './admin';
import type { RunSummary } from './results';

/*
 * Answers of the API that had no schema of their own: the server builds them in code, and the
 * OpenAPI document (GET /api/openapi.json) describes them with these.
 */

/** GET /api/health: the server answers and its database too. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });

/** POST /api/auth/register: the same answer whether the email was new or taken (ASVS 6.3.8). */
export const RegisterResponseSchema = z.object({ ok: z.literal(true) });

/** POST /api/me/password: how many other sessions of the account were logged out. */
export const ChangePasswordResponseSchema = z.object({ endedSessions: z.number().int() });

/** GET /api/results/:id/trials: the run's stored trials, in run order. */
export const TrialListResponseSchema = z.object({ trials: z.array(AdminTrialSchema) });

/** PUT /api/results/:id/trials/:phase/:block/:trialNumber: 201 the first time, 200 for a replay. */
export const SaveTrialResponseSchema = z.object({
  saved: z.literal(true),
  duplicate: z.boolean(),
});

/** GET /api/me/account-export: everything stored about the caller. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  account: AdminUserSchema,
  results: z.array(
    z.object({
      id: z.string(),
      sessionId: z.string().nullable(),
      testType: TestTypeSchema,
      startTime: z.string(),
      /** Null while the run is unfinished. */
      endTime: z.string().nullable(),
      isMock: z.boolean(),
      /** An admin preview, started with a custom configuration (ADR 028). */
      isPreview: z.boolean(),
      summary: z.custom<RunSummary>().nullable(),
      session: z
        .object({
          seed: z.string().nullable(),
          /** The task's settings the run used. */
          config: z.unknown(),
          deviceInfo: z.unknown(),
          measurement: z.unknown(),
        })
        .nullable(),
      trials: z.array(AdminTrialSchema),
    }),
  ),
});

/**
 * A data download as JSON (the CSV form has the same columns, header first): the columns with
 * their types and meaning, then one object per row.
 */
export const ExportFileSchema = z.object({
  exportedAt: z.string(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), description: z.string() })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
