import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SDK = path.join(ROOT, 'sdk', 'typescript');
const RUNTIME_DEPENDENCIES = ['@opentelemetry/api', '@opentelemetry/context-async-hooks', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources', '@opentelemetry/sdk-trace-base'];

/**
 * The package as a user gets it: built by its own script, packed by `npm pack`, installed from the
 * tarball into an empty application without a registry (its OpenTelemetry dependencies are linked
 * from this repository's node_modules, where the root devDependencies put them), then loaded.
 */
describe('@tracewell/sdk package: build, npm pack, install, import', function () {
  this.timeout(240_000);
  let work: string;
  let app: string;
  let tarball: string;

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'tracewell-sdk-pack-'));
    await run(process.execPath, [path.join(SDK, 'scripts', 'build.mjs')], { cwd: SDK });
    const { stdout } = await run('npm', ['pack', '--pack-destination', work, '--json'], { cwd: SDK });
    tarball = path.join(work, (JSON.parse(stdout) as { filename: string }[])[0].filename);
    app = path.join(work, 'app');
    await mkdir(path.join(app, 'node_modules', '@opentelemetry'), { recursive: true });
    await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }));
    for (const dependency of RUNTIME_DEPENDENCIES) await symlink(path.join(ROOT, 'node_modules', dependency), path.join(app, 'node_modules', dependency), 'dir');
    await run('npm', ['install', tarball, '--no-save', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app });
  });
  after(async () => rm(work, { recursive: true, force: true }));

  it('is @tracewell/sdk 0.1.0 with only OpenTelemetry API/SDK packages as runtime dependencies', async () => {
    const manifest = JSON.parse(await readFile(path.join(app, 'node_modules', '@tracewell', 'sdk', 'package.json'), 'utf8')) as { name: string; version: string; dependencies: Record<string, string> };
    expect(manifest).to.deep.include({ name: '@tracewell/sdk', version: '0.1.0' });
    expect(Object.keys(manifest.dependencies).sort()).to.deep.equal(RUNTIME_DEPENDENCIES);
  });

  it('ships ESM and CJS builds with declarations, and no sources or tests', async () => {
    const { stdout } = await run('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n');
    for (const file of ['package/dist/esm/index.js', 'package/dist/esm/index.d.ts', 'package/dist/cjs/index.js', 'package/dist/cjs/index.d.ts', 'package/dist/esm/package.json', 'package/dist/cjs/package.json', 'package/README.md']) expect(files).to.include(file);
    expect(files.filter((f) => f.startsWith('package/src/') || f.includes('examples'))).to.deep.equal([]);
  });

  it('is imported from ESM', async () => {
    await writeFile(path.join(app, 'esm.mjs'), "import { init, observe, Tracewell } from '@tracewell/sdk';\nconst tw = init({ baseUrl: 'http://127.0.0.1:9', flushOnExit: false });\nconsole.log(JSON.stringify([observe((a) => a + 1)(1), tw instanceof Tracewell]));\nawait tw.shutdown();\n");
    const { stdout } = await run(process.execPath, ['esm.mjs'], { cwd: app });
    expect(JSON.parse(stdout)).to.deep.equal([2, true]);
  });

  it('is required from CommonJS', async () => {
    await writeFile(path.join(app, 'cjs.cjs'), "const sdk = require('@tracewell/sdk');\nconst tw = sdk.init({ baseUrl: 'http://127.0.0.1:9', flushOnExit: false });\nconsole.log(JSON.stringify([sdk.observe((a) => a + 1)(1), tw instanceof sdk.Tracewell, typeof sdk.getPrompt]));\ntw.shutdown();\n");
    const { stdout } = await run(process.execPath, ['cjs.cjs'], { cwd: app });
    expect(JSON.parse(stdout)).to.deep.equal([2, true, 'function']);
  });

  it('type-checks a TypeScript consumer against the declarations (NodeNext resolution)', async () => {
    await writeFile(
      path.join(app, 'consumer.mts'),
      "import { init, type Prompt, type components } from '@tracewell/sdk';\nconst tw = init();\nconst p: Promise<Prompt> = tw.getPrompt('x', { label: 'production' });\nconst s: components['schemas']['ScoreDataType'] = 'numeric';\n// @ts-expect-error a score needs a value\nvoid tw.score({ traceId: 'a', name: 'n' });\nvoid p; void s;\n",
    );
    await writeFile(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, types: [], typeRoots: [path.join(ROOT, 'node_modules', '@types')] }, files: ['consumer.mts'] }));
    await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: app });
  });

  it("carries the contract's generated types: its copy is generated/openapi.ts byte for byte (npm run generate writes both)", async () => {
    expect(await readFile(path.join(SDK, 'src', 'generated', 'openapi.ts'), 'utf8')).to.equal(await readFile(path.join(ROOT, 'generated', 'openapi.ts'), 'utf8'));
  });
});
