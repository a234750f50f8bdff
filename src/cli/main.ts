import { processIo } from './io.js';
import { run } from './program.js';

/** `tracewell …`: an HTTP client of the public API, never the database. */
const exitCode = await run(process.argv.slice(2), processIo());
process.exitCode = exitCode;
