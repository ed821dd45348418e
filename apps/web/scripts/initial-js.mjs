// Reports the JavaScript a screen loads before it can render: the entry chunk plus the lazily loaded
// route modules it needs, with all their static imports; then the CSS files those chunks bring.
// Run after `vite build`:
//   npm run size                 the signed-in dashboard (entry, with the shell, + its screen), held
//                                to its budget: exits 1 when its first-load JavaScript grows past it,
//                                or when it brings antd's style engine or zod (see below)
//   node apps/web/scripts/initial-js.mjs src/features/…/routes/….tsx …   any screen, reported only
//
// The budget is what issue 27 reached (docs/benchmarks.md, "The first screen on a phone") plus a
// few kB of room; raise it only with a measurement showing the phone's first load is still fine.
const dashboardBudgetKB = 155;
// The shell and the dashboard are drawn without antd and read their answers without zod
// (docs/architecture.md §5): either one back in their first load is tens of milliseconds of a
// phone's main thread, whatever the size. Each is known by a text its minified code keeps.
const keptOut = [
  ['antd (its CSS-in-JS style engine, @ant-design/cssinjs)', 'data-css-hash'],
  ["zod (the contract's schemas)", '$ZodType'],
];
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const routeModules = process.argv.slice(2);
const roots = ['index.html', ...(routeModules.length > 0 ? routeModules : ['src/app/dashboard-page.tsx'])];

const seen = new Set();
const styles = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const file of chunk.css ?? []) styles.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
roots.forEach(visit);

let raw = 0;
let gzip = 0;
const rows = [...seen].map((file) => {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  return { file, kB: +(bytes.length / 1024).toFixed(1), gzipKB: +(zipped / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
console.table(rows);
console.log(
  `${roots.join(' + ')}\n${rows.length} files, ${(raw / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip`,
);

const css = [...styles].map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const sum = (key) => (css.reduce((total, row) => total + row[key], 0) / 1024).toFixed(1);
console.log(
  `CSS: ${css.length} files (${css.map((row) => `${row.file} ${(row.gzip / 1024).toFixed(1)} kB gzip`).join(', ')}), ${sum('raw')} kB, ${sum('gzip')} kB gzip`,
);

if (routeModules.length === 0) {
  const found = keptOut.flatMap(([what, text]) =>
    [...seen]
      .filter((file) => readFileSync(join(dist, file), 'utf8').includes(text))
      .map((file) => `${what} in ${file}`),
  );
  if (found.length > 0) {
    console.error(
      `The dashboard's first load must not bring antd or zod (docs/architecture.md §5), but it does:\n- ${found.join('\n- ')}`,
    );
    process.exit(1);
  }
  const total = gzip / 1024;
  if (total > dashboardBudgetKB) {
    console.error(
      `The dashboard's first-load JavaScript is ${total.toFixed(1)} kB gzip, past its budget of ${dashboardBudgetKB} kB (apps/web/scripts/initial-js.mjs).`,
    );
    process.exit(1);
  }
  console.log(`Within the dashboard's budget of ${dashboardBudgetKB} kB gzip.`);
}
