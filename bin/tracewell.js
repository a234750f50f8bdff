#!/usr/bin/env node
// The `tracewell` command runs the compiled CLI with plain node. `npm install` (its `prepare` step)
// and `npm pack` write dist/ with `npm run build`; a checkout that skipped both says so instead of a stack.
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/src/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error(`tracewell: the compiled CLI (${fileURLToPath(entry)}) is missing; run \`npm run build\` in the Tracewell directory.`);
  process.exit(1);
}
// V8's code cache on disk (Node ≥ 22.1; NODE_COMPILE_CACHE, NODE_DISABLE_COMPILE_CACHE apply): a command
// that ran before starts without compiling its modules again. Node 20 has none.
nodeModule.enableCompileCache?.();
await import(entry.href);
