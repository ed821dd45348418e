import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPostgresTemplate, dropPostgresTemplate } from './template-db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tarball) every test file's database is loaded from. */
    pgliteTemplate: string;
    /** The PostgreSQL template database (when TEST_DATABASE_URL is set), else null. */
    postgresTemplate: string | null;
  }
}

/** vitest's global set-up for the server's tests: builds the database every test file copies, once per run. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fitpost-test-db-'));
  const pgliteTemplate = path.join(dir, 'pglite-template.tar');
  await buildPgliteTemplate(pgliteTemplate);
  project.provide('pgliteTemplate', pgliteTemplate);

  const admin = process.env.TEST_DATABASE_URL;
  const postgresTemplate = admin ? `fitpost_template_${process.pid}` : null;
  if (admin && postgresTemplate) await buildPostgresTemplate(admin, postgresTemplate);
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    if (admin && postgresTemplate) await dropPostgresTemplate(admin, postgresTemplate);
    await rm(dir, { recursive: true, force: true });
  };
}
