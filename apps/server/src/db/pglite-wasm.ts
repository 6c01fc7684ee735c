import { setFlagsFromString } from 'node:v8';

/**
 * V8 compiles WebAssembly with its baseline compiler (Liftoff), then again with its optimizing one
 * (TurboFan) each function that runs often. For PostgreSQL's code those second compilations took
 * 50 to 90 MB, on V8's compile threads, whose memory the process kept: most of what the embedded
 * database held at rest past its first minute, for the server's reads no faster and queries that
 * compute much in PGlite 10 to 25 % faster (decision 067). Called before PGlite compiles its
 * module, where the flag is read; the server has no other WebAssembly.
 */
export function baselineWasmOnly(): void {
  setFlagsFromString('--liftoff-only');
}
