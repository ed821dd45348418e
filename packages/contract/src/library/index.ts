// The content library's contract, one file per resource; `fields.ts` stays internal.
export * from './api.js';
export * from './messages.js';
export * from './brands.js';
export * from './tags.js';
export * from './content.js';
export * from './favorites.js';
export * from './feeds.js';
