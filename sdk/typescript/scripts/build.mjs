// Builds dist/esm and dist/cjs with the TypeScript compiler only (no bundler), each with its
// declarations, and marks each folder's module type so Node reads the .js files correctly.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const run = (args) => execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json'), ...args], { stdio: 'inherit', cwd: root });
run(['--outDir', path.join(root, 'dist/esm')]);
run(['--outDir', path.join(root, 'dist/cjs'), '--module', 'CommonJS', '--moduleResolution', 'Node10']);
for (const [folder, type] of [['esm', 'module'], ['cjs', 'commonjs']]) {
  mkdirSync(path.join(root, 'dist', folder), { recursive: true });
  writeFileSync(path.join(root, 'dist', folder, 'package.json'), JSON.stringify({ type }) + '\n');
}
