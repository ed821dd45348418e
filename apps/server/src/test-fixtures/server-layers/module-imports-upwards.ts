// A deliberate violation of the server's module graph, linted only by
// src/test/import-boundaries.test.ts AS IF it stood at modules/auth/imports-upwards.ts (its imports
// are written from there): the auth module, the bottom tier, importing a module above it and the
// composition above every module.
import { createPost } from '../posts/service.js';
import { buildApp } from '../../app/api.js';

export const fixture = [createPost, buildApp];
