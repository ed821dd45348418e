import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The modules whose names, paths, texts and time-zone helpers the web app's first screen uses
 * (docs/architecture.md §2, §5): they must not load zod, directly or through what they import.
 */
const zodFree = [
  'names.ts',
  'api-paths.ts',
  'texts.ts',
  'messages.ts',
  'constants.ts',
  'report-routes.ts',
  'zoned-time.ts',
  'library/messages.ts',
];

/** Every module `file` imports (values and types alike), itself included, with the packages they name. */
function importsOf(file: string, seen = new Map<string, string[]>()): Map<string, string[]> {
  if (seen.has(file)) return seen;
  const text = readFileSync(resolve(src, file), 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map(
    (m) => m[1] ?? '',
  );
  seen.set(
    file,
    specifiers.filter((s) => !s.startsWith('.')),
  );
  for (const s of specifiers.filter((s) => s.startsWith('.')))
    importsOf(resolve(dirname(resolve(src, file)), s.replace(/\.js$/, '.ts')).slice(src.length + 1), seen);
  return seen;
}

describe('the modules the first screen reads', () => {
  it.each(zodFree)('%s imports no zod, nor anything that does', (file) => {
    const packages = [...importsOf(file)].flatMap(([module, names]) =>
      names.map((name) => `${module} → ${name}`),
    );
    expect(packages.filter((entry) => entry.endsWith('→ zod'))).toEqual([]);
  });
});
