import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

  it("keeps PGlite's WebAssembly off V8's optimizing compiler unless asked (FITPOST_PGLITE_OPTIMIZE_WASM)", async () => {
    // V8 says what it compiles, and with which compiler, on the process's standard output.
    const turbofanCompiles = async (optimizeWasm: boolean) => {
      const script = [
        `const { openDatabase } = await import(${JSON.stringify(fileURLToPath(new URL('./client.ts', import.meta.url)))});`,
        `const database = await openDatabase({ kind: 'pglite', dataDir: ${JSON.stringify(path.join(dir, 'wasm'))}, optimizeWasm: ${optimizeWasm} });`,
        "for (let i = 0; i < 200; i++) await database.raw.client.query('select $1::int + 1 as n', [i]);",
        'await database.close();',
      ].join('\n');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--trace-wasm-compilation-times', '--input-type=module', '--eval', script],
        { cwd: fileURLToPath(new URL('../../../../', import.meta.url)), maxBuffer: 64 * 2 ** 20 },
      );
      return stdout.split('\n').filter((line) => line.includes('using TurboFan')).length;
    };
    expect(await turbofanCompiles(false)).toBe(0);
    expect(await turbofanCompiles(true)).toBeGreaterThan(0);
  }, 120_000);
});
