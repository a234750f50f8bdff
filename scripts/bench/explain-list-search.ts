import { Command } from 'commander';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { readSetting } from '../../src/settings/read-setting.js';
import { loadConfig } from '../../src/config.js';
import { createStore } from '../../adapters/store.js';
import { systemClock } from '../../src/clock.js';
import { createServices } from '../../src/services.js';
import { bareSearchStatement, parsedBenchQuery, type BareKind } from './bare-search.js';
import { readTierFloors } from '../../adapters/postgres/search-tiers.js';
import { queryTierFloors, SEARCH_SETTINGS } from '../../adapters/postgres/trace-text-index.js';
import { countLimitOf } from '../../src/domain/traces/trace-search-service.js';
import { createHash } from 'node:crypto';

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the exact statements the service runs for the bench's list deep
 * page and search classes (captured from knex as the repository issues them, in the search's
 * transaction with its SET LOCALs) and of the bench's bare statements, on a kept bench database
 * (`list-search-only.ts --name`). Each statement runs once unmeasured first, so the plan shown is a
 * warm one. Prints the plans as text; with `--runs n` times each statement instead (p50 / p90 and a
 * digest of its rows, to compare answers before and after a change).
 */

const options = new Command()
  .requiredOption('--name <name>', 'the kept database: tracewell_bench_<name>')
  .option('--only <list>', 'comma-separated: list, phrase-fw, prefix, prefix-fw, rare, phrase, common, common-fw (default: all)')
  .option('--bare', 'also the bench\'s bare statements', false)
  .option('--rare <word>', 'the rare word (the bench takes its data set\'s most frequent rare word: zugzwang at 100,000 traces, seed 42)', 'zugzwang')
  .option('--bare-as-before', 'the bare statements without the service\'s search settings (as the bench ran them before)', false)
  .option('--summary', 'only the execution and planning times, not the plans', false)
  .option('--runs <n>', 'instead of EXPLAIN: run each statement n times and print p50 / p90 of its round trip and a digest of its rows', (v: string) => Number(v), 0)
  .option('--postgres-url <url>', 'PostgreSQL server', readSetting(process.env, 'BENCH_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/test')
  .parse(process.argv)
  .opts<{ name: string; only?: string; bare: boolean; rare: string; bareAsBefore: boolean; summary: boolean; runs: number; postgresUrl: string }>();

const url = new URL(options.postgresUrl);
url.pathname = `/tracewell_bench_${options.name}`;
const databaseUrl = url.toString();

interface Captured {
  sql: string;
  bindings: unknown[];
}

const knex: Knex = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
let captured: Captured[] = [];
knex.on('query', (q: { sql: string; bindings?: unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] }));
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

const project = (await client.query("SELECT project_id, count(*) AS n FROM traces GROUP BY 1 ORDER BY 2 DESC LIMIT 1")).rows[0] as { project_id: string };
const projectId = project.project_id;
const config = loadConfig({ DATABASE_URL: databaseUrl, SERVER_SECRET: 'explain-secret-explain-secret-explain' });
const store = createStore(knex, 'postgres', {});
const services = createServices({ store, clock: systemClock, config });

/** p50 / p90 of `runs` round trips of one statement (after two unmeasured), and a digest of its rows. */
async function timed(sql: string, bindings: unknown[], sets: Captured[]): Promise<string> {
  const times: number[] = [];
  let rows: unknown[] = [];
  let first = 0;
  for (let i = 0; i < options.runs + 2; i++) {
    await client.query('BEGIN');
    try {
      for (const set of sets) await client.query(set.sql);
      const started = process.hrtime.bigint();
      rows = (await client.query(sql, bindings)).rows;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (i === 0) first = ms;
      if (i >= 2) times.push(ms);
    } finally {
      await client.query('ROLLBACK');
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  const digest = createHash('sha256').update(JSON.stringify(rows.map((r) => (r as Record<string, unknown>).id ?? (r as Record<string, unknown>).n))).digest('hex').slice(0, 12);
  return `first ${first.toFixed(2)} ms, then p50 ${at(0.5)} ms, p90 ${at(0.9)} ms over ${times.length}; ${rows.length} rows, digest ${digest}`;
}

/** Runs the statements captured for one call, each under EXPLAIN, in a transaction with the captured SETs. */
async function explainCaptured(label: string, statements: Captured[]): Promise<void> {
  const sets = statements.filter((s) => /^SET LOCAL/i.test(s.sql));
  const queries = statements.filter((s) => /^\s*(with|select)/i.test(s.sql) && !/^select 1$/i.test(s.sql));
  for (const [i, statement] of queries.entries()) {
    if (options.runs > 0) {
      console.log(`${label} [${i + 1}/${queries.length}]: ${await timed(statement.sql, statement.bindings, sets)}`);
      continue;
    }
    await client.query('BEGIN');
    try {
      for (const set of sets) await client.query(set.sql);
      await client.query(statement.sql, statement.bindings as unknown[]);
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.bindings as unknown[])).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
      console.log(`\n=== ${label} [${i + 1}/${queries.length}]${sets.length ? ` (${sets.map((s) => s.sql.replace('SET LOCAL ', '')).join('; ')})` : ''}`);
      if (!options.summary) console.log(`--- SQL: ${statement.sql}\n--- bindings: ${JSON.stringify(statement.bindings).slice(0, 300)}`);
      console.log((options.summary ? plan.filter((line: string) => /Planning Time|Execution Time/.test(line)) : plan).join('\n'));
    } finally {
      await client.query('ROLLBACK');
    }
  }
}

async function explainBare(label: string, kind: BareKind, query: string, framework: string | undefined): Promise<void> {
  const parsed = parsedBenchQuery(query);
  const bound = countLimitOf(parsed, { countLimit: config.searchCountLimit, phraseCountLimit: config.searchPhraseCountLimit });
  const floors = await readTierFloors(knex, projectId);
  const tierFloors = await queryTierFloors(knex, projectId, floors, parsed, bound + 1, framework ? { facets: { framework } } : undefined);
  const statement = bareSearchStatement('postgres', kind, { projectId, query, framework, limit: 50, countLimit: bound + 1, rankLimit: bound, tierFloors });
  let n = 0;
  const sql = statement.sql.replace(/\?/g, () => `$${++n}`);
  // As the bench's bare driver runs them (the service's search settings, bare-driver.ts).
  const sets = options.bareAsBefore ? [] : SEARCH_SETTINGS.map((setting) => ({ sql: `SET LOCAL ${setting}`, bindings: [] }));
  if (options.runs > 0) {
    console.log(`bare ${kind} ${label}: ${await timed(sql, statement.bindings as unknown[], sets)}`);
    return;
  }
  await client.query('BEGIN');
  let plan: string[];
  try {
    for (const set of sets) await client.query(set.sql);
    await client.query(sql, statement.bindings as unknown[]);
    plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, statement.bindings as unknown[])).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
  } finally {
    await client.query('ROLLBACK');
  }
  console.log(`\n=== bare ${kind} ${label}`);
  if (!options.summary) console.log(`--- SQL: ${sql}\n--- bindings: ${JSON.stringify(statement.bindings).slice(0, 300)}`);
  console.log((options.summary ? plan.filter((line: string) => /Planning Time|Execution Time/.test(line)) : plan).join('\n'));
}

const only = options.only ? new Set(options.only.split(',')) : null;
const wanted = (key: string) => !only || only.has(key);

try {
  if (wanted('list')) {
    // The deep page's keyset: the last trace of page 999 (limit 50), newest first.
    const after = (await client.query('SELECT id, created_at FROM traces WHERE project_id = $1 ORDER BY created_at DESC, id DESC OFFSET 49949 LIMIT 1', [projectId])).rows[0] as { id: string; created_at: string };
    captured = [];
    await store.traces.list({ projectId, filters: {}, after: { value: Number(after.created_at), id: after.id }, limit: 51 });
    await explainCaptured('list page 1000 (limit 50 + 1)', captured);
    captured = [];
    await store.traces.list({ projectId, filters: {}, limit: 51 });
    await explainCaptured('list page 1 (limit 50 + 1)', captured);
  }
  const classes: Array<[string, string, string | undefined]> = [
    ['rare', options.rare, undefined],
    ['common', 'customer', undefined],
    ['common-fw', 'customer', 'langchain'],
    ['phrase', '"customer support"', undefined],
    ['phrase-fw', '"customer support"', 'langchain'],
    ['prefix', 'reconcil*', undefined],
    ['prefix-fw', 'reconcil*', 'langchain'],
  ];
  for (const [key, query, framework] of classes) {
    if (!wanted(key)) continue;
    captured = [];
    const result = await services.traceSearch.search(projectId, { query, limit: 50, ...(framework ? { filters: { framework } } : {}) });
    const label = `search ${key} ${query}${framework ? ` + framework ${framework}` : ''} (total ${result.totalCount}${result.totalCountExact ? '' : '+'}; first ${result.traces[0]?.id})`;
    await explainCaptured(label, captured.filter((c) => !/EXPLAIN|seq DESC OFFSET/.test(c.sql)));
    if (options.bare) {
      await explainBare(`${key} ${query}`, 'topRelevance', query, framework);
      await explainBare(`${key} ${query}`, 'count', query, framework);
    }
  }
} finally {
  await client.end();
  await knex.destroy();
}
