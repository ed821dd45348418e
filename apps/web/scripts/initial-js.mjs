// Reports the JavaScript a screen loads before it can render: the entry chunk plus the lazily loaded
// route modules it needs, with all their static imports; then the CSS files those chunks bring.
// Run after `vite build`:
//   npm run size                 the screens a phone opens first (below), each held to its budget:
//                                exits 1 when one's first-load JavaScript grows past it, or when it
//                                brings what it must not (antd's style engine, zod)
//   node apps/web/scripts/initial-js.mjs src/features/…/routes/….tsx …   any screen, reported only
//
// Each budget is what issue 27 reached (docs/benchmarks.md, "The first screen on a phone") plus a
// few kB of room; raise one only with a measurement showing the phone's first load is still fine.
// These screens are drawn without antd, and read their answers without zod
// (docs/architecture.md §5): either one back in a first load is tens of milliseconds of a phone's
// main thread, whatever the size. Each is known by a text its minified code keeps.
const antd = ['antd (its CSS-in-JS style engine, @ant-design/cssinjs)', 'data-css-hash'];
const zod = ["zod (the contract's schemas)", '$ZodType'];
const checkedScreens = [
  { name: 'the dashboard', route: 'src/app/dashboard-page.tsx', budgetKB: 158, keptOut: [antd, zod] },
  {
    name: 'the calendar',
    route: 'src/features/calendar/routes/calendar.tsx',
    budgetKB: 245,
    keptOut: [antd, zod],
  },
  {
    name: 'Browse Library',
    route: 'src/features/library/routes/browse-library.tsx',
    budgetKB: 162,
    keptOut: [antd, zod],
  },
];
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** The first load of the entry and `routeModules`: its files, sizes and CSS, printed. */
function firstLoad(routeModules) {
  const roots = ['index.html', ...routeModules];
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
  return { files: [...seen], gzipKB: gzip / 1024 };
}

const upper = (text) => text[0].toUpperCase() + text.slice(1);
const routeModules = process.argv.slice(2);
if (routeModules.length > 0) {
  firstLoad(routeModules);
} else {
  const failures = [];
  for (const screen of checkedScreens) {
    const { files, gzipKB } = firstLoad([screen.route]);
    for (const [what, text] of screen.keptOut)
      for (const file of files)
        if (readFileSync(join(dist, file), 'utf8').includes(text))
          failures.push(`${upper(screen.name)}'s first load must not bring ${what}, but ${file} does.`);
    if (gzipKB > screen.budgetKB)
      failures.push(
        `${upper(screen.name)}'s first-load JavaScript is ${gzipKB.toFixed(1)} kB gzip, past its budget of ${screen.budgetKB} kB.`,
      );
    else console.log(`Within ${screen.name}'s budget of ${screen.budgetKB} kB gzip.\n`);
  }
  if (failures.length > 0) {
    console.error(
      `${failures.join('\n')}\n(apps/web/scripts/initial-js.mjs; docs/architecture.md §5, "The first screen on a phone")`,
    );
    process.exit(1);
  }
}
