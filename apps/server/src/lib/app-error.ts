import type { ApiErrorCode } from '@cogni/domain';

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

/** The one error type services and handlers throw; the error handler maps it to JSON. */
export class AppError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Where the client sends the user instead (a panel's screen-out URL), if anywhere. */
    readonly redirectUrl?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
