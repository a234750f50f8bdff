import { loadConfig } from '../config.js';
import { createRuntime } from '../runtime.js';
import { createApp } from '../app.js';
import { provisionDevEnvironment } from '../domain/bootstrap/provisioning.js';
import { describeStartupError } from './startup-errors.js';
import { adminAccessNotice, storeAdminPassword } from '../domain/bootstrap/first-run.js';
import { createHttpServer } from '../http/http-server.js';
import { applyHeapGrowth } from './heap-growth.js';
import { flushCompileCache } from './compile-cache.js';

/** How long after the port opens the background loops start (the outbox workers, the scheduler, the idle collector). */
const BACKGROUND_START_DELAY_MS = 1000;

/** `npm start`: migrate, provision a dev environment on first start, listen, drain on SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Before the runtime allocates and starts its threads: the factor then holds from the first full collection.
  applyHeapGrowth(process.env);
  const runtime = await createRuntime(config);
  const dev = await provisionDevEnvironment(runtime.store, runtime.clock, config.admin.email);
  // First-run work ends before the port opens: nothing answers (not even /readyz) until a sign-in can succeed.
  const passwordNotice = await storeAdminPassword({ ...runtime.services, store: runtime.store, config }, dev);
  const app = createApp(runtime);
  const server = createHttpServer(app, config.connections);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  // Background work starts a moment after the port opens: nothing of it is needed to answer (issue
  // #61). Started at once, the first round of every loop (about 25 statements on PostgreSQL; on SQLite
  // all of them through its one connection thread) ran ahead of the first requests, a readiness probe's
  // among them: 56 ms between the port opening and /readyz's first statement on a slow machine.
  // start() only arms the loops (no await inside), so a signal cannot arrive half-way through it.
  const backgroundStart = setTimeout(() => {
    runtime.start().then(
      // Everything a start compiles is loaded by now; written at once, so the next start reads it
      // back even when this process never exits cleanly.
      () => flushCompileCache(),
      (error: unknown) => console.error('tracewell: background work did not start:', error),
    );
  }, BACKGROUND_START_DELAY_MS);

  // Signals are handled from the moment the port is bound: a SIGTERM at any later point drains.
  let announced: Promise<void> = Promise.resolve();
  let stopping = false;
  const drain = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A signal during the start-up notices waits for them (they read the database the drain
    // closes), so "Drained" always follows everything the start printed.
    await announced.catch(() => undefined);
    console.log(`${signal}: draining — new requests get 503, requests in flight finish.`);
    clearTimeout(backgroundStart);
    runtime.lifecycle.startDraining();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, config.drainTimeoutSeconds * 1000).unref());
    await Promise.race([Promise.all([closed, runtime.lifecycle.idle()]), timeout]);
    server.closeAllConnections();
    await runtime.close();
    console.log('Drained; database closed.');
    process.exit(0);
  };
  process.on('SIGTERM', () => void drain('SIGTERM'));
  process.on('SIGINT', () => void drain('SIGINT'));

  announced = (async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const baseUrl = `http://${config.host}:${port}`;
    const storage = config.databaseUrl ? runtime.database.dialect : `sqlite (${config.dataDir})`;
    console.log(`Tracewell listening on ${baseUrl} — storage: ${storage}, rate limits: ${config.redisUrl ? 'redis' : 'in-process'}`);
    console.log(`Web console: ${baseUrl}/`);
    if (dev) {
      console.log('\nFirst start: created a dev organization, project and API key.');
      console.log(`  organization: ${dev.organization.id}`);
      console.log(`  project:      ${dev.project.id}`);
      console.log(`  API key:      ${dev.apiKey.key}   (shown once; it is stored only as a hash)`);
      console.log(`\nTry: curl -H "x-api-key: ${dev.apiKey.key}" ${baseUrl}/api/v1/public/project\n`);
    }
    // Links name the address clients use; with PORT=0 only the bound port is known.
    const adminNotice = passwordNotice.length > 0 ? passwordNotice : await adminAccessNotice({ ...runtime.services, store: runtime.store, config }, dev, config.port === 0 ? baseUrl : config.publicBaseUrl);
    if (adminNotice.length) console.log(`${adminNotice.join('\n')}\n`);
  })();
  await announced;
}

main().catch((error) => {
  // A deployment mistake gets one sentence naming the setting; anything else is a defect: its stack.
  const sentence = describeStartupError(error);
  console.error(sentence ? `tracewell: ${sentence}` : error);
  process.exit(1);
});
