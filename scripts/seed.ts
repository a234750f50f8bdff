/**
 * `npm run seed [-- --traces N]`: fills the configured database (same environment as `npm start`)
 * with a demo project in the dev organization (created first if the server never started), its API
 * key, N realistic agent traces from the benchmark's seeded generator, and a PII and a slow-trace
 * detection, so lists, search, detections and triage have something to show. Prints the new
 * project's API key once and who else sees the project.
 */
import { Command } from 'commander';
import { loadConfig } from '../src/config.js';
import { createRuntime } from '../src/runtime.js';
import { generateTraces, inBatches } from './bench/generate-traces.js';
import { tracePayload } from './bench/batch-payload.js';
import { provisionDevEnvironment } from '../src/domain/bootstrap/provisioning.js';
import { adminAccessNotice } from '../src/domain/bootstrap/first-run.js';

const options = new Command()
  .option('--traces <n>', 'traces to generate', (value) => Number.parseInt(value, 10), 200)
  .option('--seed <n>', 'generator seed', (value) => Number.parseInt(value, 10), 7)
  .parse()
  .opts<{ traces: number; seed: number }>();

const runtime = await createRuntime(loadConfig());
try {
  const { provisioning, traceIngestion, detections } = runtime.services;
  // The demo data goes to the dev organization, so the dev user (and its organization keys) see it.
  const dev = await provisionDevEnvironment(runtime.store, runtime.clock, runtime.config.admin.email);
  if (dev) {
    console.log(`Created the dev organization (the server had not started yet). Dev project key (shown once): ${dev.apiKey.key}`);
    for (const line of await adminAccessNotice({ ...runtime.services, store: runtime.store, config: runtime.config }, dev)) console.log(line);
  }
  const owner = (await runtime.store.organizations.firstOwner())!;
  const organization = (await runtime.store.organizations.findById(owner.organizationId))!;
  const admin = await runtime.store.users.findById(owner.userId);
  const project = await provisioning.createProject(organization.id, 'Demo Agents');
  const { key } = await provisioning.issueApiKey({ organizationId: organization.id, projectId: project.id, name: 'Demo key' });

  await detections.create(project.id, { slug: 'pii-leak', displayName: 'PII in inputs or outputs', type: 'pii', threshold: 0.5, severity: 'high', config: {} });
  await detections.create(project.id, {
    slug: 'slow-trace',
    displayName: 'Trace slower than 20 s',
    type: 'trace_rules',
    threshold: 0.5,
    severity: 'medium',
    config: { rules: [{ id: 'slow', field: 'latency_ms', operator: 'greater_than', value: 20000 }] },
  });

  const generated = generateTraces(0, options.traces, { seed: options.seed, baseTime: runtime.clock.now().getTime() });
  let stored = 0;
  for (const batch of inBatches(generated, 100)) {
    stored += (await traceIngestion.ingestBatch(project.id, batch.map(tracePayload))).length;
  }
  console.log(`Seeded project ${project.id} (${project.name}) with ${stored} traces and 2 detections.`);
  console.log(`API key (shown once): ${key}`);
  console.log(`The project is in ${organization.name}: ${admin?.email ?? 'its owner'} sees it after \`tracewell login\` with --project ${project.id}, as do the organization's org-wide keys.`);
  console.log('Detections run in the server process: start it (npm start) to evaluate the seeded traces.');
} finally {
  await runtime.close();
}
