import { errorCodes, type ErrorCode } from '@fitpost/contract';

/** An operational error with a stable code and a message fit to show the user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** A refused sign-in's portal, told to the no-access screen (its support address). */
  readonly portalId: number | undefined;

  constructor(code: ErrorCode, message: string, opts: { portalId?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCodes[code];
    this.portalId = opts.portalId;
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError('forbidden', message);
export const badRequest = (message: string) => new AppError('bad_request', message);
