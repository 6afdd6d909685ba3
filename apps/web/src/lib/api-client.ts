import {
  ApiErrorBodySchema,
  type ApiErrorCode,
  formatText,
  type Text,
  type TextWithValues,
} from '@cogni/domain';
import type { z } from 'zod';

/** Codes of failures that never reached the API or came back unreadable. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** Every failed API call throws this: HTTP status (0 without a response), code, message, fields. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode | ClientErrorCode;
  /** Per-field messages of a 400, keyed by field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** Where the server sends the user instead (a panel's screen-out URL), if anywhere. */
  readonly redirectUrl: string | null;
  /** The message's id and values in the catalogs, when it has them (lib/i18n/error-text.ts). */
  readonly text: TextWithValues | undefined;

  constructor(
    status: number,
    code: ApiErrorCode | ClientErrorCode,
    message: string | TextWithValues,
    fields: Record<string, string> = {},
    redirectUrl: string | null = null,
  ) {
    super(typeof message === 'string' ? message : formatText(message.message, message.values));
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.redirectUrl = redirectUrl;
    this.text = typeof message === 'string' ? undefined : message;
  }
}

/** What the browser says when the server's answer never came or could not be read. */
const TEXTS = {
  network: /*i18n*/ {
    id: 'errors.network',
    message: 'Could not reach the server. Check your connection.',
  },
  invalidResponse: /*i18n*/ {
    id: 'errors.invalidResponse',
    message: 'The server sent an unexpected answer.',
  },
  failed: /*i18n*/ { id: 'errors.requestFailed', message: 'Request failed ({status}).' },
} satisfies Record<string, Text>;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type RequestOptions = {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls the API and validates the JSON answer with `schema`. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
/** Calls the API and ignores the answer's body (204 and the like). */
export async function apiRequest(path: string, options?: RequestOptions): Promise<void>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { method = 'GET', body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', TEXTS.network);
  }

  if (!response.ok) throw await readError(response);
  if (!schema) return undefined;

  const json = await readJson(response);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(response.status, 'INVALID_RESPONSE', TEXTS.invalidResponse);
  }
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

async function readError(response: Response): Promise<ApiError> {
  const parsed = ApiErrorBodySchema.safeParse(await readJson(response));
  if (parsed.success) {
    const { code, message, messageId, values, fields, redirectUrl } = parsed.data.error;
    const text = messageId ? { id: messageId, message, ...(values ? { values } : {}) } : message;
    return new ApiError(response.status, code, text, fields, redirectUrl ?? null);
  }
  // A proxy or a crashed server may answer with HTML or nothing at all.
  const code: ApiErrorCode = response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  return new ApiError(response.status, code, {
    ...TEXTS.failed,
    values: { status: response.status },
  });
}
