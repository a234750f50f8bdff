import { readFileSync } from 'node:fs';
import { openBenchDatabase } from './bench-database.js';
import { spawnServer } from './server-process.js';
import { openMcpSession, toolCallBody } from './mcp-client.js';
const adapter = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const db = await openBenchDatabase({ adapter, reuse: true, postgresUrl: 'postgres://postgres@127.0.0.1:5432/test' });
const U = '1000000000';
const server = await spawnServer({ entry: 'src/main.ts', env: { ...db.serverEnv, LOG_REQUESTS: 'false', DETECTION_WORKER_ENABLED: 'false', RATE_LIMIT_READ_PER_MINUTE: U, RATE_LIMIT_WRITE_PER_MINUTE: U, RATE_LIMIT_INGEST_PER_MINUTE: U, RATE_LIMIT_SEARCH_PER_MINUTE: U, TOOL_RATE_LIMIT_PER_MINUTE: U } });
const cpu = () => { const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const key = await db.issueApiKey(db.project.projectId);
const base = server.baseUrl;
const session = await openMcpSession(base, key);
let b = 0;
const batch = () => JSON.stringify({ traces: Array.from({ length: 20 }, (_, i) => ({ trace_id: `cost-${process.pid}-${b}-${i}`, name: `customer flood ${b++}`, spans: [{ span_id: 's', name: 'customer lookup', span_type: 'TOOL', status: 'success', input: { text: 'customer '.repeat(50) } }] })) });
async function measure(label: string, n: number, fn: () => Promise<Response>) {
  for (let i = 0; i < 5; i++) await (await fn()).text();
  const c0 = cpu(); const t0 = performance.now();
  for (let i = 0; i < n; i++) await (await fn()).text();
  console.log(label, 'cpu ms/op', ((cpu() - c0) / n).toFixed(2), 'wall ms/op', ((performance.now() - t0) / n).toFixed(2));
}
await measure('list', 300, () => fetch(`${base}/api/v1/public/traces?limit=50`, { headers: { 'x-api-key': key } }));
await measure('project', 300, () => fetch(`${base}/api/v1/public/project`, { headers: { 'x-api-key': key } }));
await measure('search customer', 100, () => fetch(session.url, { method: 'POST', headers: session.headers, body: toolCallBody('search_traces', { query: 'customer', limit: 50 }) }));
await measure('batch20', 100, () => fetch(`${base}/api/v1/public/traces/batch`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: batch() }));
await measure('ping tool', 300, () => fetch(session.url, { method: 'POST', headers: session.headers, body: toolCallBody('ping', {}) }));
await session.close(); await server.stop(); await db.close();
