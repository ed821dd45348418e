// How `npm start` runs the demo's server process (API + worker, PGlite): small-footprint settings,
// shared with bench/startup.mjs so the memory it reports is the demo's own (docs/benchmarks.md,
// "Search, calendar and memory"). Each can be overridden by setting it in the environment.

/**
 * Node's flags and the environment for the demo server. Measured at rest after a sign-in, each
 * takes tens of MiB off the process and costs the demo nothing it would notice:
 * - PGlite's buffer cache (`FITPOST_PGLITE_SHARED_BUFFERS`): resident from the start, 128MB by
 *   default, while the demo's whole database is a few MB;
 * - V8's young generation (`--max-semi-space-size`): sized from the machine's memory, it grew to
 *   over 100 MiB during start-up and stayed there; 16 MB semi-spaces were Node's long-time default;
 * - glibc's malloc (`MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_`): sharp's threads, drawing the demo
 *   library's graphics at the first start, each kept an arena of freed pixel buffers; two arenas,
 *   and large buffers in their own mappings, give that memory back when the images are done.
 */
export function demoServerProcess(env = process.env) {
  const semiSpace = /--max-semi-space-size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=16'];
  return {
    execArgv: semiSpace,
    env: {
      FITPOST_PGLITE_SHARED_BUFFERS: env.FITPOST_PGLITE_SHARED_BUFFERS ?? '32MB',
      MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    },
  };
}
