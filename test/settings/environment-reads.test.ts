import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS, type SettingName } from '../../src/settings/catalog.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The code a deployment runs: the server, its adapters, the CLI and its launcher. */
const SERVED = ['src', 'adapters', 'bin'];
/** Only the catalog's readers touch the environment by name. */
const READERS = path.join('src', 'settings');
/**
 * Reads allowed outside the readers, each with its reason. Every read, test-only knobs (NODE_ENV,
 * SCRYPT_TEST_COST_LOG2) included, goes through the catalog; what is here is not a read.
 */
const ALLOWED: ReadonlyArray<{ file: string; line: RegExp; why: string }> = [
  {
    file: path.join('src', 'startup', 'compile-cache.ts'),
    line: /^env\.NODE_COMPILE_CACHE = result\.directory;$/,
    why: "a write: the compile cache directory the runtime chose, handed to worker threads; Node's own variable, documented in docs/deployment.md",
  },
];

/**
 * A variable read by name: `process.env.X`, `process.env[…]`, `env.X`/`env[…]` on an environment
 * object, or destructured from `process.env`. Handing the whole environment to a loader
 * (`env: Env = process.env`) is not a read.
 */
const NAMED_READ = /process\.env\s*(?:\??\.\s*[A-Za-z_]|\[)|\benv\s*(?:\??\.\s*[A-Z_][A-Z0-9_]*\b|\[)|\}\s*=\s*process\.env\b/;

function sourceFiles(directory: string, root: string = ROOT): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(relative, root);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [relative] : [];
  });
}

export function namedReadsOutsideCatalog(root: string = ROOT): string[] {
  const found: string[] = [];
  for (const file of SERVED.flatMap((directory) => sourceFiles(directory, root))) {
    if (file.startsWith(READERS + path.sep)) continue;
    readFileSync(path.join(root, file), 'utf8').split('\n').forEach((line, index) => {
      if (line.trimStart().startsWith('//') || line.trimStart().startsWith('*')) return;
      if (!NAMED_READ.test(line)) return;
      if (ALLOWED.some((allowed) => allowed.file === file && allowed.line.test(line.trim()))) return;
      found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe('environment reads', () => {
  it('go through src/settings (declared in the catalog, so documented) everywhere in src/, adapters/ and bin/', () => {
    expect(namedReadsOutsideCatalog(), 'read these through readSetting/readInteger/… of src/settings/read-setting.ts and declare them in src/settings/catalog.ts').to.deep.equal([]);
  });

  it('the pattern catches each form of a read by name, and not the environment handed over whole', () => {
    for (const read of ["process.env.PORT", "process.env['PORT']", 'process.env?.PORT', "env.HOST || '127.0.0.1'", 'env[name]', 'const { PORT } = process.env;', 'io.env.TRACEWELL_API_KEY']) {
      expect(NAMED_READ.test(read), read).to.equal(true);
    }
    for (const whole of ['export function loadConfig(env: Env = process.env): Config {', '    env: process.env,', 'loadToolServerSettings(env)', 'options.env.length']) {
      expect(NAMED_READ.test(whole), whole).to.equal(false);
    }
  });

  it('cover every declared setting: each name in the catalog is read somewhere', () => {
    const sources = [...SERVED, 'scripts'].flatMap((directory) => sourceFiles(directory)).filter((file) => !file.startsWith(READERS + path.sep)).map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    const unread = (Object.keys(SETTINGS) as SettingName[]).filter((name) => !sources.includes(`'${name}'`));
    expect(unread, 'declared in src/settings/catalog.ts but never read: remove them or read them').to.deep.equal([]);
  });
});
