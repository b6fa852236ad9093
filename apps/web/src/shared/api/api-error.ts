/**
 * Why a call failed: `refused` (envelope code other than 1 and 999), `session` (999), `transport` (network, HTTP
 * status, unreadable body, time-out) or `aborted` (the caller cancelled; never shown).
 */
export type ApiErrorKind = 'refused' | 'session' | 'transport' | 'aborted';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** Envelope code, or the HTTP status for transport errors (0 when there was no response). */
  readonly code: number;
  readonly data: unknown;

  constructor(kind: ApiErrorKind, message: string, code = 0, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.data = data;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
