export * from './messages.js';
export * from './constants.js';
export * from './errors.js';
export * from './common.js';
export * from './user.js';
export * from './auth.js';
export * from './social.js';
