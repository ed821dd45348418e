import { errorBody } from '@fitpost/contract';

/** The errors a member's route answers in the one envelope, for its OpenAPI description. */
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const writeErrors = { ...errors, 409: errorBody };
/** A route that needs a session's bearer token, for its OpenAPI description. */
export const security = [{ bearer: [] }];
