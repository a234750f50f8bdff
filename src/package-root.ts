import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory holding package.json, found by walking up from this module. Run from source
 * (src/package-root.ts) and compiled (dist/src/package-root.js) the module sits at different
 * depths, so files shipped beside the code (the contract, package.json) are located from here.
 */
function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'contract'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package root above ${start}`);
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
