// `node --import <this file>`: installs hooks.mjs beside it, before the entry module loads, and logs
// every CommonJS file `require` loads (hooks.mjs sees only what `import` loads: on Node 20 a
// `createRequire` require passes no hook) to the same file, as a file: URL.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./hooks.mjs', import.meta.url);

const logFile = process.env.MODULE_LOAD_LOG;
if (logFile) {
  for (const extension of ['.js', '.json', '.node']) {
    const load = Module._extensions[extension];
    Module._extensions[extension] = function logged(module, filename) {
      appendFileSync(logFile, `${pathToFileURL(filename).href}\n`);
      return load.call(this, module, filename);
    };
  }
}
