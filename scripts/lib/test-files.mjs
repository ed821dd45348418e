// Which test files to run: those that reach a database (for the PostgreSQL pass), and those that
// depend on changed files (for `npm run test:changed`'s end-to-end part).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` (recursively) whose name passes `keep`. */
function listFiles(dir, keep) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...listFiles(full, keep));
    } else if (keep(entry.name)) out.push(full);
  }
  return out;
}

const importPattern = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of a TypeScript file, resolved to files (`.js` specifiers name `.ts` sources). */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(importPattern)) {
    const spec = match[1] ?? match[2];
    if (!spec?.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), spec);
    const candidates = [
      base.replace(/\.js$/, '.ts'),
      base.replace(/\.js$/, '.tsx'),
      base,
      `${base}.ts`,
      `${base}.tsx`,
    ];
    const hit = candidates.find((c) => existsSync(c) && !c.endsWith('/'));
    if (hit) found.push(hit);
  }
  return found;
}

/** Whether `file`, through its relative imports, reaches any file for which `isTarget` holds. */
function reaches(file, isTarget, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (isTarget(file)) return true;
  return relativeImports(file).some((dep) => reaches(dep, isTarget, seen));
}

/**
 * The server's test files that open a database: they import the test harness (startTestApp), open
 * one themselves, or read TEST_DATABASE_URL. The others (pure functions, network adapters against the
 * sandbox, configuration) give the same answer on any database, so the PostgreSQL pass skips them.
 */
export function serverDatabaseTests(root = 'apps/server/src') {
  const opensDatabase = (f) =>
    f.endsWith(path.join('test', 'harness.ts')) ||
    /openDatabase\(|TEST_DATABASE_URL/.test(readFileSync(f, 'utf8'));
  return listFiles(root, (n) => n.endsWith('.test.ts'))
    .filter((f) => !f.includes(`${path.sep}test-fixtures${path.sep}`))
    .filter((f) => reaches(f, opensDatabase))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = listFiles('apps/server/src', (n) => n.endsWith('.test.ts'));
  const db = serverDatabaseTests();
  console.log(db.join('\n'));
  console.log(`${db.length} of ${all.length} server test files open a database`);
}

/** Changes here reach every screen: every end-to-end spec runs. */
const sharedByAll = [
  /^e2e\/support\//,
  /^playwright\.config\.ts$/,
  /^scripts\/(start\.mjs|lib\/chromium\.mjs)$/,
  /^packages\/contract\/src\//,
  /^apps\/web\/(index\.html|vite\.config\.ts|src\/(app|components|lib|styles?)\/|src\/[^/]+$)/,
  /^apps\/server\/src\/(http|db|jobs|lib|platforms)\//,
  /^apps\/server\/src\/[^/]+\.ts$/,
  /^apps\/sandbox\/src\//,
];

/**
 * The Playwright specs to run for a set of changed files: a changed spec itself; every spec when a
 * shared part changed (sharedByAll); otherwise, for each changed web feature or server module, the
 * specs named after it (e2e/08-calendar… for features/calendar), or, if none is, the specs that
 * mention it. Docs, benchmarks and unit tests select none.
 */
export function e2eSpecsFor(changed, dir = 'e2e') {
  const specs = listFiles(dir, (n) => n.endsWith('.spec.ts')).sort();
  if (changed.some((f) => sharedByAll.some((re) => re.test(f)) && !/\.test\.tsx?$/.test(f))) return specs;
  const picked = new Set(changed.filter((f) => f.startsWith(`${dir}/`) && f.endsWith('.spec.ts')));
  for (const f of changed) {
    if (/\.test\.tsx?$/.test(f)) continue;
    const area =
      /^apps\/web\/src\/features\/([^/]+)\//.exec(f)?.[1] ??
      /^apps\/server\/src\/modules\/([^/]+)\//.exec(f)?.[1];
    if (!area) continue;
    const stem = area.replace(/s$/, '').toLowerCase();
    const byName = specs.filter((s) => path.basename(s).toLowerCase().includes(stem));
    const found = byName.length
      ? byName
      : specs.filter((s) => readFileSync(s, 'utf8').toLowerCase().includes(stem));
    found.forEach((s) => picked.add(s));
  }
  return [...picked].sort();
}
