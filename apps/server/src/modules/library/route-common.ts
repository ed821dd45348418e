import { errorBody } from '@fitpost/contract';

/** Every library route answers these errors in the one envelope. */
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const writeErrors = { ...errors, 409: errorBody };
export const security = [{ bearer: [] }];
