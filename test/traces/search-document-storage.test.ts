import { expect } from 'chai';
import type { Knex } from 'knex';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope } from '../support/problem.js';
import { ingest, type SpanInput, type TraceInput } from './fixtures.js';

/** Distinct words, so the document's tsvector grows with them and does not compress. */
const prose = (seed: string, words: number) => Array.from({ length: words }, (_, i) => `${seed}${i.toString(36)}q`).join(' ');
/** A trace whose search document is about `spans` × 4 KB (a span's input counts up to 4,000 characters). */
const trace = (id: string, spans: number, words = 500): TraceInput => ({
  trace_id: id,
  name: `ledger reconciliation ${id}`,
  spans: Array.from({ length: spans }, (_, i): SpanInput => ({
    span_id: `s${i}`,
    name: 'reconcile',
    span_type: 'TOOL',
    status: 'success',
    latency_ms: 5,
    start_time: '2026-11-01T09:00:00Z',
    input: { text: prose(`${id}${i}x`, words) },
  })),
});

describe('[postgres] search documents stored in their rows (migration 031)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let knex: Knex;
  /** Rows of trace_search's TOAST relation (each test server has a database of its own). */
  const toastChunks = async () => {
    const { rows } = await knex.raw("SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = 'trace_search'::regclass");
    const { rows: counted } = await knex.raw(`SELECT count(*)::int AS n FROM ${(rows as { toast: string }[])[0].toast}`);
    return (counted as { n: number }[])[0].n;
  };
  const documentSize = async (traceId: string) => {
    const { rows } = await knex.raw('SELECT pg_column_size(document) AS size FROM trace_search WHERE project_id = ? AND trace_id = ?', [server.tenant.project.id, traceId]);
    return (rows as { size: number }[])[0].size;
  };

  before(async () => {
    server = await startTestServer('postgres');
    knex = server.runtime.database.knex;
  });
  after(async () => server.close());

  it('keeps a document of a few kilobytes in its row, not in TOAST', async () => {
    await ingest(server, server.tenant, trace('mid', 1), trace('small', 1, 3));
    expect(await documentSize('mid')).to.be.within(3000, 7000);
    expect(await toastChunks()).to.equal(0);
  });

  it('moves to TOAST only a document that does not fit in a page', async () => {
    await ingest(server, server.tenant, trace('big', 3));
    expect(await documentSize('big')).to.be.greaterThan(8192);
    expect(await toastChunks()).to.be.greaterThan(0);
  });

  it('ranks documents read from their rows and from TOAST alike: the shortest holding the word first', async () => {
    const res = expectEnvelope<{ traces: { id: string }[]; total_count: number }>(
      await server.request().get('/api/v1/public/search/traces').query({ q: 'reconciliation' }).set('x-api-key', server.tenant.apiKey),
    );
    expect(res.traces.map((t) => t.id)).to.deep.equal(['small', 'mid', 'big']);
  });
});
