import { z } from 'zod';

/**
 * Error types the browser may report; the server writes the others itself. A test that could
 * not start is TEST_START_ERROR, its path naming the test; STROOP_TEST_START_ERROR is what the
 * first version logged for Stroop, kept so that stored logs and older pages stay readable.
 */
export const CLIENT_ERROR_TYPES = [
  'RENDER_ERROR',
  'STROOP_TEST_START_ERROR',
  'TEST_START_ERROR',
] as const;

/** Every errorType the app writes (docs/product.md#error-logs). */
export const ERROR_TYPES = [
  ...CLIENT_ERROR_TYPES,
  'LOGIN_ERROR',
  'SERVER_ERROR',
  'MOCK_DATA_GENERATION_ERROR',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** Longest accepted parts of a client error report, in characters. */
export const CLIENT_ERROR_LIMITS = {
  errorMessage: 1000,
  path: 2000,
  componentStack: 4000,
  userAgent: 500,
} as const;

/** POST /api/error-logs: a client-side error report. The server adds user and time. */
export const ClientErrorLogInputSchema = z.strictObject({
  errorType: z.enum(CLIENT_ERROR_TYPES),
  errorMessage: z.string().min(1).max(CLIENT_ERROR_LIMITS.errorMessage),
  context: z
    .strictObject({
      path: z.string().max(CLIENT_ERROR_LIMITS.path).optional(),
      componentStack: z.string().max(CLIENT_ERROR_LIMITS.componentStack).optional(),
      userAgent: z.string().max(CLIENT_ERROR_LIMITS.userAgent).optional(),
    })
    .optional(),
});
export type ClientErrorLogInput = z.infer<typeof ClientErrorLogInputSchema>;

export const ErrorLogSchema = z.object({
  id: z.string(),
  errorType: z.string(),
  errorMessage: z.string(),
  userId: z.string().nullable(),
  timestamp: z.string(),
  context: z.record(z.string(), z.unknown()),
});
export type ErrorLog = z.infer<typeof ErrorLogSchema>;
