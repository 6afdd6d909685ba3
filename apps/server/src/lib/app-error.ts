import { type ApiErrorCode, formatText, type TextWithValues } from '@cogni/domain';

export const HTTP_STATUS: Record<
  ApiErrorCode,
  400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503
> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * The one error type services and handlers throw; the error handler maps it to JSON. A message
 * people read is a catalog message (`{ id, message, values }`, ADR 042): the answer carries its
 * id and values beside the English text, and the browser shows it in the reader's language.
 */
export class AppError extends Error {
  /** The message's id and values in the catalogs, when it has them. */
  readonly text: TextWithValues | undefined;

  constructor(
    readonly code: ApiErrorCode,
    message: string | TextWithValues,
    readonly fields?: Record<string, string>,
    /** Where the client sends the user instead (a panel's screen-out URL), if anywhere. */
    readonly redirectUrl?: string,
  ) {
    super(typeof message === 'string' ? message : formatText(message.message, message.values));
    this.name = 'AppError';
    this.text = typeof message === 'string' ? undefined : message;
  }
}
