import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { rowsOf } from './bulk.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fitpost-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase on PGlite', () => {
  it('starts PGlite with the buffer cache asked for (FITPOST_PGLITE_SHARED_BUFFERS), its own otherwise', async () => {
    const shared = async (sharedBuffers?: string) => {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db'), sharedBuffers });
      try {
        const [row] = await rowsOf<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
        return row?.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await shared('16MB')).toBe('16MB');
    expect(await shared()).toBe('128MB');
  });
});
