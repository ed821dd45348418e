// How fast this host is right now, as one number, so every timing can say which host it came from.
//
// The workload is Lighthouse's own `benchmarkIndex` (core/lib/page-functions.js,
// computeBenchmarkIndex): a GC-heavy string build and a GC-free array copy, 500 ms each, counted in
// iterations per second ÷ 10 and averaged. Run here in Node's V8 on one thread, it lands on the same
// scale as the `benchmarkIndex` Lighthouse prints for the same host (docs/testing.md compares the
// two), so "≤ 8 minutes on a host of about 3,200" in an issue reads directly against it.

function gcIndex(ms) {
  const start = Date.now();
  let iterations = 0;
  while (Date.now() - start < ms) {
    let s = '';
    for (let j = 0; j < 10000; j++) s += 'a';
    if (s.length === 1) throw new Error('unreachable: keeps the loop from being optimised away');
    iterations++;
  }
  return iterations / 10 / ((Date.now() - start) / 1000);
}

function noGcIndex(ms) {
  const a = [];
  const b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  const start = Date.now();
  let iterations = 0;
  while (iterations % 10 !== 0 || Date.now() - start < ms) {
    const src = iterations % 2 === 0 ? a : b;
    const tgt = iterations % 2 === 0 ? b : a;
    for (let j = 0; j < src.length; j++) tgt[j] = src[j];
    iterations++;
  }
  return iterations / 10 / ((Date.now() - start) / 1000);
}

/**
 * The host's speed index: the median of `runs` rounds of Lighthouse's benchmark (about one second
 * each). Higher is faster; the figure moves by a few percent from round to round on a quiet host and
 * drops as soon as another process takes the core.
 */
export function hostSpeedIndex({ runs = 3, ms = 500 } = {}) {
  const rounds = [];
  for (let i = 0; i < runs; i++) rounds.push((gcIndex(ms) + noGcIndex(ms)) / 2);
  rounds.sort((x, y) => x - y);
  return { index: Math.round(rounds[Math.floor(rounds.length / 2)]), rounds: rounds.map(Math.round) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { index, rounds } = hostSpeedIndex();
  console.log(`host speed index ${index} (rounds ${rounds.join(', ')}; Lighthouse's benchmarkIndex method)`);
}
