import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { bundleServer } from './server-bundle.js';

/** `npm run build`'s server step: `tsx scripts/build/main.ts [--outdir dist]`. */
const options = new Command()
  .name('build-server')
  .option('--outdir <dir>', 'output directory, relative to the repository', 'dist')
  .option('--metafile <file>', "also write esbuild's account of the build (what each output holds, in bytes) to this file")
  .parse(process.argv)
  .opts<{ outdir: string; metafile?: string }>();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bundle = await bundleServer(repoRoot, options.outdir);
if (options.metafile) writeFileSync(options.metafile, JSON.stringify(bundle.metafile));
console.log(`bundled the server into ${options.outdir}/: ${bundle.files.filter((file) => file.endsWith('.js')).length} modules`);
