import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../scripts/bench/server-process.js';

/**
 * No container engine runs on these machines, so the Dockerfile and compose.yaml are checked for
 * what breaks them silently: copied paths that do not exist, scripts and entry points that are not
 * there, ports and settings that disagree between the image, the replicas and the proxy.
 */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
const buildOutDir = (JSON.parse(read('tsconfig.build.json')) as { compilerOptions: { outDir: string } }).compilerOptions.outDir;

/** Dockerfile instructions with continuation lines joined, split into stages. */
function instructions(): { stage: string; keyword: string; args: string }[] {
  const joined = dockerfile.replace(/\\\n/g, ' ');
  const result: { stage: string; keyword: string; args: string }[] = [];
  let stage = '';
  for (const line of joined.split('\n')) {
    const match = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, keyword, args] = match;
    if (keyword === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? args;
    result.push({ stage, keyword, args: args.trim() });
  }
  return result;
}

const ignored = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

describe('Dockerfile', () => {
  const steps = instructions();
  const runtime = steps.filter((step) => step.stage === 'runtime');

  it('has a build stage and a runtime stage on the Node version package.json asks for', () => {
    expect(steps.filter((step) => step.keyword === 'FROM').map((step) => step.stage)).to.deep.equal(['build', 'runtime']);
    expect(dockerfile).to.match(/^ARG NODE_VERSION=24$/m);
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).to.match(/^>=20/);
  });

  it('copies from the build context only paths that exist and that .dockerignore does not drop', () => {
    const sources = steps
      .filter((step) => step.keyword === 'COPY' && !step.args.startsWith('--from'))
      .flatMap((step) => step.args.replace(/--\S+\s+/g, '').split(/\s+/).slice(0, -1));
    expect(sources.length).to.be.greaterThan(5);
    for (const source of sources) {
      expect(existsSync(path.join(REPO_ROOT, source)), source).to.equal(true);
      expect(ignored.filter((pattern) => source === pattern || source.startsWith(`${pattern}/`)), source).to.deep.equal([]);
    }
  });

  it('copies into the runtime stage only what the build stage made or received', () => {
    const fromBuild = runtime.filter((step) => step.args.startsWith('--from=build')).flatMap((step) => step.args.split(/\s+/).slice(1, -1));
    // npm ci makes node_modules; tsc writes the build's outDir and vite the console's (console/dist).
    const madeByBuild = ['/app/node_modules', `/app/${buildOutDir}`, '/app/console/dist'];
    const copiedIntoBuild = steps
      .filter((step) => step.stage === 'build' && step.keyword === 'COPY')
      .flatMap((step) => step.args.split(/\s+/).slice(0, -1))
      .map((source) => `/app/${source}`);
    // A file inside a directory the build stage has (generated/openapi.json of generated/) counts as that directory's.
    const available = [...madeByBuild, ...copiedIntoBuild];
    for (const source of fromBuild) expect(available.find((dir) => source === dir || source.startsWith(`${dir}/`)), source).to.be.a('string');
  });

  it('runs every npm script it names, and starts the entry `npm start` starts', () => {
    const scripts = [...dockerfile.matchAll(/npm run ([a-z:-]+)/g)].map((match) => match[1]);
    expect(scripts).to.include('build');
    for (const script of scripts) expect(packageJson.scripts, script).to.have.property(script);
    const cmd = runtime.find((step) => step.keyword === 'CMD')!.args;
    // `npm start` execs the same command (so npm's shell hands its signals on); the image runs it without npm.
    expect(['exec', ...JSON.parse(cmd)]).to.deep.equal(packageJson.scripts.start.split(' '));
    // The build compiles server and CLI, then the web console; the build stage copies the console's sources.
    expect(packageJson.scripts.build).to.equal('tsc -p tsconfig.build.json && npm run build:console');
    expect(dockerfile).to.contain('COPY console ./console');
  });

  it('builds the V8-bound driver only for Node 20, ships the Node-API one, and prunes dev dependencies', () => {
    expect(dockerfile).to.contain('if [ "${NODE_VERSION%%.*}" -lt 22 ]; then npm rebuild better-sqlite3; fi');
    expect(packageJson.dependencies).to.have.property('better-sqlite3');
    expect(packageJson.dependencies['better-sqlite3-napi']).to.match(/^npm:better-sqlite3@\^?13\./);
    expect(dockerfile).to.contain('npm prune --omit=dev');
  });

  it('runs as the unprivileged node user with SQLite data in a volume that DATA_DIR names', () => {
    expect(runtime.filter((step) => step.keyword === 'USER').map((step) => step.args)).to.deep.equal(['node']);
    expect(runtime.find((step) => step.keyword === 'VOLUME')!.args).to.equal('["/data"]');
    expect(runtime.find((step) => step.keyword === 'ENV')!.args).to.match(/DATA_DIR=\/data/);
    expect(dockerfile).to.contain('chown node:node /data');
  });

  it('exposes the port it listens on, on all interfaces, and checks readiness on /readyz', () => {
    const env = runtime.find((step) => step.keyword === 'ENV')!.args;
    const port = /PORT=(\d+)/.exec(env)![1];
    expect(/HOST=([\d.]+)/.exec(env)![1]).to.equal('0.0.0.0');
    expect(runtime.find((step) => step.keyword === 'EXPOSE')!.args).to.equal(port);
    const healthcheck = runtime.find((step) => step.keyword === 'HEALTHCHECK')!.args;
    expect(healthcheck).to.contain("'/readyz'");
    expect(healthcheck).to.contain(`process.env.PORT || ${port}`);
  });
});

describe('compose.yaml', () => {
  interface Service {
    build?: string;
    image?: string;
    environment?: Record<string, string>;
    ports?: string[];
    volumes?: string[];
    depends_on?: unknown;
    command?: string[];
  }
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const replicas = Object.entries(compose.services).filter(([, service]) => service.build === '.');
  const port = /^EXPOSE (\d+)$/m.exec(dockerfile)![1];

  it('runs two replicas of this image with PostgreSQL, Redis and a reverse proxy', () => {
    expect(replicas.map(([name]) => name)).to.deep.equal(['tracewell-1', 'tracewell-2']);
    expect(Object.keys(compose.services)).to.include.members(['postgres', 'redis', 'proxy']);
    for (const [, service] of replicas) expect(service.depends_on).to.deep.equal({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
  });

  it("starts PostgreSQL with more shared buffers than its 128 MB default (POSTGRES_SHARED_BUFFERS, 1 GB unless set), as docs/deployment.md advises", () => {
    expect(compose.services.postgres.command).to.deep.equal(['postgres', '-c', 'shared_buffers=${POSTGRES_SHARED_BUFFERS:-1GB}']);
    expect(read('docs/deployment.md')).to.include('`POSTGRES_SHARED_BUFFERS`');
  });

  it('gives every replica the same shared settings, naming the database and Redis services of the file', () => {
    const shared = ['SERVER_SECRET', 'WEBHOOK_ENCRYPTION_KEY', 'PUBLIC_BASE_URL', 'REDIS_URL', 'DATABASE_URL'];
    const [first, ...others] = replicas.map(([, service]) => service.environment!);
    for (const name of shared) expect(first, name).to.have.property(name);
    for (const other of others) for (const name of shared) expect(other[name], name).to.equal(first[name]);
    expect(first.DATABASE_URL).to.match(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(first.REDIS_URL).to.equal('redis://redis:6379');
    expect(first.PORT).to.equal(port);
    expect(first.HOST).to.equal('0.0.0.0');
  });

  it('waits longer to kill a stopping replica than the replica drains', () => {
    const grace = Number(/stop_grace_period: (\d+)s/.exec(read('compose.yaml'))![1]);
    const drain = Number(replicas[0][1].environment!.DRAIN_TIMEOUT_SECONDS);
    expect(grace).to.be.greaterThan(drain);
  });

  it('mounts a proxy configuration that exists and sends traffic to each replica on its port, health-checked on /readyz', () => {
    const mount = compose.services.proxy.volumes!.find((volume) => volume.includes('Caddyfile'))!;
    const file = mount.split(':')[0];
    expect(existsSync(path.join(REPO_ROOT, file)), file).to.equal(true);
    const caddyfile = read(file);
    for (const [name] of replicas) expect(caddyfile).to.contain(`${name}:${port}`);
    expect(caddyfile.match(/health_uri \/readyz/g)).to.have.length(2);
    expect(compose.services.proxy.ports).to.deep.equal([`${port}:${port}`]);
  });
});
