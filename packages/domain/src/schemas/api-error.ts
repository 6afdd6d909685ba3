import { z } from 'zod';

export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  /** 403 for a user whose password an admin set, on every route but the password change. */
  'PASSWORD_CHANGE_REQUIRED',
  /** 403 for the first admin until two-factor login is on, on every route but its set-up. */
  'TWO_FACTOR_SETUP_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The one JSON error shape every API error uses. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    /** The English text; the browser shows `messageId`'s translation when its catalog has one. */
    message: z.string(),
    /** The message's id in the message catalogs (ADR 042), and its placeholders' values. */
    messageId: z.string().optional(),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /** Per-field messages for a BAD_REQUEST, keyed by field path. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Where the client sends the user instead, e.g. a panel's screen-out URL. */
    redirectUrl: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
