// Six 8,000 × 8,000 PNG uploads decoded at once, as six members (or one script) would send them:
// peak memory of the process and how long a DNS lookup (libuv's thread pool, which publishing needs)
// waits meanwhile, with every decode at once (no pool) and through the upload pool of one.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const image = new URL('../apps/server/dist/modules/media/image.js', import.meta.url).href;

/** Runs in a fresh process, so each mode starts from the same memory. */
const child = `
import { lookup } from 'node:dns/promises';
import sharp from 'sharp';
const { createImagePool, processImage } = await import(${JSON.stringify(image)});
const pooled = process.argv[1] === 'pool';
const png = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#3a6' } }).png().toBuffer();
global.gc?.();
const base = process.memoryUsage().rss;
let peak = base;
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
const pool = createImagePool(1);
const started = performance.now();
const uploads = Array.from({ length: 6 }, () => (pooled ? pool.process(png) : processImage(png)));
// A lookup every 200 ms while the uploads run: the longest wait is what a publish would have seen.
let lookupMs = 0;
let done = false;
const probing = (async () => {
  while (!done) {
    const t0 = performance.now();
    await lookup('localhost');
    lookupMs = Math.max(lookupMs, performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
})();
await Promise.all(uploads);
done = true;
await probing;
const totalMs = performance.now() - started;
clearInterval(sampler);
console.log(JSON.stringify({ pngBytes: png.length, baseMb: base / 2 ** 20, peakMb: peak / 2 ** 20, lookupMs, totalMs }));
`;

function run(mode) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', child, mode], {
      cwd: fileURLToPath(new URL('../apps/server/', import.meta.url)),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`${mode} exited ${code}`)),
    );
  });
}

export async function benchUploads() {
  const rows = [];
  for (const mode of ['all at once', 'pool']) {
    const r = await run(mode);
    rows.push(
      `| ${mode === 'pool' ? 'upload pool of 1 (default here)' : 'all six at once (before)'} | ${Math.round(r.baseMb)} MB | ${Math.round(r.peakMb)} MB | ${r.lookupMs.toFixed(0)} ms | ${(r.totalMs / 1000).toFixed(1)} s |`,
    );
  }
  return [
    'Six 8,000 × 8,000 PNG uploads re-encoded at once in one process:',
    '',
    '| decoding | RSS before | peak RSS | longest DNS lookup meanwhile | all six done |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchUploads());
