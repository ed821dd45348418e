import v8 from 'node:v8';

/**
 * Keeps this process's WebAssembly on V8's baseline compiler (Liftoff): no recompiling of hot
 * functions by the optimizing compiler (TurboFan). Called before PGlite compiles its module
 * (FITPOST_PGLITE_OPTIMIZE_WASM=false, the default). TurboFan's compile of one of PostgreSQL's
 * largest functions, hot from PGlite's first seconds, takes about 600 MiB for a second or two:
 * it made most of a PGlite server's peak memory (760–800 MiB against 250–500 MiB without it), for
 * about a fifth less CPU per published post (docs/benchmarks.md, "The PGlite worker's peak memory").
 * Both flags are needed: `--no-wasm-tier-up` alone leaves dynamic tiering on, and dynamic tiering
 * off alone makes V8 tier up the whole module at once. Node refuses V8's flags in NODE_OPTIONS, so
 * the server sets them itself and every way of starting it gets them.
 */
export function useBaselineWasmOnly() {
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
  v8.setFlagsFromString('--no-wasm-tier-up');
}
