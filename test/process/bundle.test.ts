import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { bundleServer, type ServerBundle } from '../../scripts/build/server-bundle.js';
import { urlAddressedModules } from '../../scripts/build/url-entries.js';
import knexFactory from 'knex';
import { REPO_ROOT, spawnServer, type ServerProcess } from '../../scripts/bench/server-process.js';
import { POSTGRES_URL } from '../support/adapters.js';
import { outputMatch } from '../support/server-output.js';

const run = promisify(execFile);
const OUT_DIR = path.join('bench', 'tmp', `bundle-test-${process.pid}`);
const OUT_URL = pathToFileURL(path.join(REPO_ROOT, OUT_DIR)).href;
const REGISTER_HOOKS = pathToFileURL(path.join(REPO_ROOT, 'test', 'support', 'module-load-log', 'register.mjs')).href;

/** The modules the sources load by URL (lazy faces, worker entries), as paths of the build. */
const urlAddressed = urlAddressedModules(['src', 'adapters', 'generated'].map((root) => path.join(REPO_ROOT, root))).map((file) =>
  path.relative(REPO_ROOT, file).split(path.sep).join('/').replace(/\.ts$/, '.js'),
);

/**
 * The production build (`npm run build`'s bundle, scripts/build/server-bundle.ts): what a bundler
 * could break silently — a module loaded by URL that the build does not write, and the lazy faces of
 * issue #61 pulled into the code that loads on the way to `listen`.
 */
describe('the bundled server build', function () {
  this.timeout(180_000);
  let bundle: ServerBundle;

  before(async () => {
    bundle = await bundleServer(REPO_ROOT, OUT_DIR);
  });

  after(() => rmSync(path.join(REPO_ROOT, OUT_DIR), { recursive: true, force: true }));

  it('writes the server, the CLI and every module the sources load by URL as entries at their compiled paths', () => {
    const entries = ['src/main.js', 'src/cli/main.js', ...urlAddressed];
    expect(entries.filter((file) => !bundle.files.includes(file))).to.deep.equal([]);
    expect(urlAddressed).to.include.members(['src/http/otlp-router.js', 'src/startup/mcp-face.js', 'adapters/sqlite/connection-thread.js']);
  });

  it('writes a source map beside every module', () => {
    const modules = bundle.files.filter((file) => file.endsWith('.js'));
    expect(modules.length).to.be.greaterThan(urlAddressed.length);
    expect(modules.filter((file) => !bundle.files.includes(`${file}.map`))).to.deep.equal([]);
  });

  it('writes its modules in ASCII, so that V8 holds each source text at one byte a character', () => {
    const modules = bundle.files.filter((file) => file.endsWith('.js'));
    const nonAscii = modules.filter((file) => /[^\x00-\x7f]/.test(readFileSync(path.join(REPO_ROOT, OUT_DIR, file), 'utf8')));
    expect(nonAscii).to.deep.equal([]);
  });

  it('names the TypeScript source in stack traces under --enable-source-maps', async () => {
    const entry = pathToFileURL(path.join(REPO_ROOT, OUT_DIR, 'src', 'ratelimit', 'resilient-rate-limiter.js')).href;
    // A limiter without its shared store fails inside ping(): the frame names the file that failed.
    const script = `const { ResilientRateLimiter } = await import(${JSON.stringify(entry)}); await new ResilientRateLimiter(null).ping();`;
    const stack = async (flags: string[]) => {
      try {
        await run(process.execPath, [...flags, '--input-type=module', '-e', script]);
        return '';
      } catch (error) {
        return (error as { stderr: string }).stderr;
      }
    };
    expect(await stack(['--enable-source-maps'])).to.match(/src\/ratelimit\/resilient-rate-limiter\.ts:\d+:\d+/);
    expect(await stack([])).to.match(/src\/ratelimit\/resilient-rate-limiter\.js:\d+:\d+/);
  });

  it('renames no class but those reviewed: the build keeps no names (keepNames costs the tool path 10–15 %), so a renamed class reports its new name', () => {
    // esbuild renames a symbol that clashes with another in its chunk (`Command` → `Command2`); without
    // keepNames, `constructor.name` then says `Command2`. Each class below was checked: its name is not
    // read where a user or a rule sees it. A new one fails here until someone checks it too.
    const REVIEWED: Record<string, string> = {
      Ajv2: 'ajv: the name is never read',
      Argument2: 'commander: the name is never read',
      BodySchemaParser2: 'express-openapi-validator, one of its four files request validation bundles: the name is never read',
      Command2: 'commander: the name is never read',
      CommanderError2: 'commander: sets error.name from it; the CLI prints the message only',
      Encoder2: 'protobufjs: the name is never read',
      Help2: 'commander: the name is never read',
      InvalidArgumentError2: 'commander: as CommanderError',
      Option2: 'commander: the name is never read',
      Redis2: 'ioredis: compared only with "Cluster", which it is not',
      RequestParameterMutator2: 'express-openapi-validator, as BodySchemaParser2',
    };
    const texts = bundle.files.filter((file) => file.endsWith('.js')).map((file) => readFileSync(path.join(REPO_ROOT, OUT_DIR, file), 'utf8'));
    const declared = new Set(texts.flatMap((text) => [...text.matchAll(/(?:\b(?:var|let|const) ([A-Za-z_$][\w$]*) = class\b|\bclass ([A-Za-z_$][\w$]*))/g)].map((m) => m[1] ?? m[2])));
    // Renamed: a name ending in a number whose stem is an identifier of the bundle too (`Fixed64` and `XOAuth2` are their own).
    const identifiers = new Set(texts.flatMap((text) => text.match(/[A-Za-z_$][\w$]*/g) ?? []));
    const renamed = [...declared].filter((name) => {
      const stem = /^(.*\D)\d+$/.exec(name)?.[1];
      return stem !== undefined && identifiers.has(stem);
    });
    expect(renamed.sort()).to.deep.equal(Object.keys(REVIEWED).sort());
  });

  /** A bundle started with the module-load log: what it loaded, as build modules, their bundled inputs, and node_modules files. */
  const startLogged = (databaseUrl: () => string) => {
    const started = { server: undefined as ServerProcess | undefined, dataDir: '', logFile: '' };
    before(async () => {
      started.dataDir = mkdtempSync(path.join(tmpdir(), 'tracewell-bundle-'));
      started.logFile = path.join(started.dataDir, 'modules.log');
      writeFileSync(started.logFile, '');
      started.server = await spawnServer({
        entry: path.join(OUT_DIR, 'src', 'main.js'),
        nodeArgs: ['--import', REGISTER_HOOKS],
        env: { DATA_DIR: started.dataDir, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'warn', MODULE_LOAD_LOG: started.logFile },
      });
    });
    after(async () => {
      await started.server?.stop();
      if (started.dataDir) rmSync(started.dataDir, { recursive: true, force: true });
    });
    const lines = () => readFileSync(started.logFile, 'utf8').split('\n');
    /** The build's modules loaded so far, relative to the build, in load order. */
    const loaded = () => lines().filter((url) => url.startsWith(`${OUT_URL}/`)).map((url) => url.slice(OUT_URL.length + 1));
    return {
      baseUrl: () => started.server!.baseUrl,
      server: () => started.server!,
      /** Files loaded from the package's generated/ folder (the request validators), relative to it. */
      fromGenerated: () => lines().filter((url) => url.includes('/generated/')).map((url) => url.slice(url.lastIndexOf('/generated/') + '/generated/'.length)),
      loaded,
      /** The source files bundled into the build's modules loaded so far (`src/…`, `node_modules/…`). */
      loadedInputs: () => [...new Set(loaded())].flatMap((file) => bundle.inputs[file] ?? []),
      /** Files node loaded from node_modules so far, relative to it (what the bundle left to node). */
      fromNodeModules: () => lines().filter((url) => url.includes('/node_modules/')).map((url) => url.slice(url.lastIndexOf('/node_modules/') + '/node_modules/'.length)),
    };
  };

  /** The modules loaded by URL that a SQLite start loads: the connection thread's entry, the search reader (with the driver). */
  const SQLITE_MODULES = ['adapters/sqlite/connection-thread.js', 'adapters/sqlite/search-reader.js'];

  describe('started on SQLite', () => {
    const { baseUrl, server, fromGenerated, loaded, loadedInputs, fromNodeModules } = startLogged(() => '');

    it('answers /readyz having loaded none of the modules it loads by URL but the SQLite connection thread and search reader', async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      expect(loaded()[0]).to.equal('src/main.js');
      expect(loaded().filter((file) => urlAddressed.includes(file))).to.deep.equal(SQLITE_MODULES);
    });

    it("answers /readyz with no package read from node_modules but the native SQLite driver and mime-db's JSON table: the rest is in the bundle", async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      expect(loadedInputs().some((input) => input.startsWith('node_modules/express/'))).to.equal(true);
      expect(loadedInputs().some((input) => input.startsWith('node_modules/knex/'))).to.equal(true);
      expect(fromNodeModules().length).to.be.greaterThan(0);
      // better-sqlite3 12 finds its binary through `bindings` (with file-uri-to-path); mime-db is a JSON table.
      const leftToNode = /^(better-sqlite3(-napi)?|bindings|file-uri-to-path)\/|^mime-db\/(index\.js|db\.json)$/;
      expect(fromNodeModules().filter((file) => !leftToNode.test(file))).to.deep.equal([]);
    });

    it("answers /readyz having parsed none of knex's dialects for other databases, nor pg, which only PostgreSQL needs", async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      const dialects = new Set(loadedInputs().flatMap((input) => /^node_modules\/knex\/lib\/dialects\/([^/]+)\//.exec(input)?.[1] ?? []));
      expect([...dialects].sort()).to.deep.equal(['better-sqlite3', 'postgres', 'sqlite3']);
      expect(loadedInputs().filter((input) => input.startsWith('node_modules/pg/'))).to.deep.equal([]);
    });

    it('answers /readyz without the linear-time pattern engine (re2js), which detection patterns load on first use', async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      expect(loadedInputs().filter((input) => input.startsWith('node_modules/re2js/'))).to.deep.equal([]);
      expect(fromNodeModules().filter((file) => file.startsWith('re2js/'))).to.deep.equal([]);
    });

    it('answers /readyz without having loaded the mail library, which only a configured SMTP server needs', async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      expect(loadedInputs().filter((input) => input.includes('node_modules/nodemailer/'))).to.deep.equal([]);
    });

    it("answers /readyz without prom-client's index: its metric classes come from their own files, its default metrics with the first scrape", async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      expect(loadedInputs()).to.include('node_modules/prom-client/lib/registry.js');
      expect(loadedInputs()).to.not.include('node_modules/prom-client/index.js');
    });

    it('loads the OTLP face on the first request to /v1/traces, and serves it', async () => {
      expect(loaded()).to.not.include('src/http/otlp-router.js');
      const response = await fetch(`${baseUrl()}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).to.equal(401);
      expect(loaded()).to.include('src/http/otlp-router.js');
      expect(loaded().filter((file) => urlAddressed.includes(file))).to.deep.equal([...SQLITE_MODULES, 'src/http/otlp-router.js']);
    });

    it("validates its first API request with the operation's validators compiled ahead of time: neither express-openapi-validator's entry nor ajv's compiler is loaded", async () => {
      const [, apiKey] = await outputMatch(server(), /API key:\s+(tw_pk_[A-Za-z0-9_-]+)/);
      expect(fromGenerated()).to.deep.equal([]);
      const answer = await fetch(`${baseUrl()}/api/v1/public/project`, { headers: { 'x-api-key': apiKey } });
      expect(answer.status).to.equal(200);
      const refused = await fetch(`${baseUrl()}/api/v1/public/project?offset=1`, { headers: { 'x-api-key': apiKey } });
      expect([refused.status, ((await refused.json()) as { errors: unknown[] }).errors]).to.deep.equal([400, [{ code: 'invalid', message: "Unknown query parameter 'offset'", path: '/query/offset' }]]);
      expect(loaded()).to.include('src/http/contract-validator.js');
      expect(loaded()).to.not.include('src/http/openapi-validator.js');
      expect(fromGenerated()).to.deep.equal(['request-validators/getProject.cjs']);
      expect(fromNodeModules().filter((file) => file.startsWith('express-openapi-validator/') || /^ajv\/dist\/(core|2020|ajv|compile\/index)\.js$/.test(file))).to.deep.equal([]);
    });
  });

  describe('started on PostgreSQL', () => {
    const database = `tracewell_bundle_${process.pid}`;
    const admin = () => knexFactory({ client: 'pg', connection: POSTGRES_URL, pool: { min: 0, max: 1 } });
    before(async () => {
      const connection = admin();
      await connection.raw('CREATE DATABASE ??', [database]).finally(() => connection.destroy());
    });
    const databaseUrl = () => Object.assign(new URL(POSTGRES_URL), { pathname: `/${database}` }).toString();
    const { baseUrl, loaded, fromNodeModules } = startLogged(databaseUrl);
    after(async () => {
      const connection = admin();
      await connection.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]).finally(() => connection.destroy());
    });

    it('answers /readyz with pg read from node_modules and neither the SQLite driver nor any SQLite module loaded', async () => {
      expect((await fetch(`${baseUrl()}/readyz`)).status).to.equal(200);
      expect(fromNodeModules()).to.include('pg/lib/index.js');
      expect(fromNodeModules().filter((file) => /^better-sqlite3/.test(file))).to.deep.equal([]);
      expect(loaded().filter((file) => file.startsWith('adapters/sqlite/'))).to.deep.equal([]);
      expect(loaded().filter((file) => urlAddressed.includes(file))).to.deep.equal(['adapters/postgres/connection.js']);
    });
  });
});
