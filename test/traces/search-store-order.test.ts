import { expect } from 'chai';
import { TraceSearchService } from '../../src/domain/traces/trace-search-service.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ingest, type TraceInput } from './fixtures.js';

/** A trace whose only words are its name's (and the root span's `root step`). */
const named = (id: string, name: string): TraceInput => ({
  trace_id: id,
  name,
  metadata: { framework: 'langchain', agent_name: 'bot' },
  spans: [{ span_id: 'r', name: 'root step', span_type: 'AGENT', status: 'success', latency_ms: 100, start_time: '2026-11-01T09:00:00Z' }],
});

/**
 * The store order bounds relevance ranking past the count limit (docs/search.md, "Order"): these
 * pin what keeps a trace's place in it and what gives it one.
 */
forEachAdapter((adapter) => {
  describe('search store order', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(adapter);
    });
    after(async () => server.close());

    /** The ids of the search's page when it ranks only the `window` most recently stored matches. */
    const newest = async (query: string, window: number): Promise<string[]> => {
      const result = await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: window }).search(server.tenant.project.id, { query, limit: window });
      return result.traces.map((t) => t.id).sort();
    };

    it('gives a trace its place when it is first stored', async () => {
      for (const id of ['order-a', 'order-b', 'order-c']) await ingest(server, server.tenant, named(id, 'lighthouse'));
      expect(await newest('lighthouse', 2)).to.deep.equal(['order-b', 'order-c']);
    });

    it('keeps it when the trace\'s document is written again (an OTLP trace that received more spans)', async () => {
      for (const id of ['late-a', 'late-b']) await ingest(server, server.tenant, named(id, 'harbour'));
      const first = await server.runtime.store.traces.findById(server.tenant.project.id, 'late-a');
      await server.runtime.store.transaction((store) => store.traces.updateDerived(first!, 'harbour grown document'));
      expect(await newest('harbour', 1)).to.deep.equal(['late-b']);
      // The rewritten document is the one searched.
      expect(await newest('grown', 5)).to.deep.equal(['late-a']);
    });
  });
});

describe('[sqlite] search documents under their traces\' rowids', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer('sqlite');
  });
  after(async () => server.close());

  it('stay under them through retention deletes and VACUUM', async () => {
    const project = server.tenant.project.id;
    for (let i = 0; i < 6; i++) await ingest(server, server.tenant, named(`vacuum-${i}`, 'estuary'));
    // Gaps in both tables' rowids, as retention leaves them.
    await server.runtime.store.transaction((store) => store.dataLifecycle.deleteTraces(project, ['vacuum-1', 'vacuum-3']));
    const knex = server.runtime.database.knex;
    await knex.raw('VACUUM');
    const misplaced = await knex.raw('SELECT s.trace_id FROM trace_search s LEFT JOIN traces t ON t.rowid = s.rowid WHERE t.id IS NOT s.trace_id');
    expect(misplaced).to.deep.equal([]);
    const found = await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: 3 }).search(project, { query: 'estuary', limit: 3 });
    expect(found.traces.map((t) => t.id).sort()).to.deep.equal(['vacuum-2', 'vacuum-4', 'vacuum-5']);
  });
});

/**
 * PostgreSQL takes a search's window from tiers of the store order, newest first: the newest 2^16
 * documents, then back to 2^18, then all older (adapters/postgres/trace-text-index.ts).
 * Jumping the identity puts one trace in each tier; the window must come out the same as one walk.
 */
describe('[postgres] search window across tiers of the store order', () => {
  let server: TestServer;
  const BLOCK = 4096;
  before(async () => {
    server = await startTestServer('postgres');
    const knex = server.runtime.database.knex;
    const seqOf = async (id: string) => Number((await knex('trace_search').where({ trace_id: id }).first('seq')).seq);
    // Oldest first; the blocks between each and the newest (tier-0) decide its tier: 620 and 220 blocks
    // back (the last tier, past 64), 20 back (the second, 16 to 63).
    const gaps = [400, 200, 20];
    for (const [i, name] of ['tier-3', 'tier-2', 'tier-1'].entries()) {
      await ingest(server, server.tenant, { ...named(name, 'quarry lantern'), metadata: { framework: i === 1 ? 'crewai' : 'langchain', agent_name: 'bot' } });
      // The store order's sequence (an identity before migration 053, a sequence of the partitioned table's since).
      await knex.raw("SELECT setval(pg_get_serial_sequence('trace_search', 'seq'), ?, false)", [(await seqOf(name)) + gaps[i] * BLOCK]);
    }
    await ingest(server, server.tenant, named('tier-0', 'quarry lantern'));
    await ingest(server, server.tenant, named('tier-0-only', 'quarry'));
  });
  after(async () => server.close());

  const search = async (query: string, window: number, filters?: Record<string, unknown>) => {
    const result = await new TraceSearchService(server.runtime.store, server.runtime.clock, { countLimit: window }).search(server.tenant.project.id, { query, limit: window, filters });
    return { ids: result.traces.map((t) => t.id).sort(), total: result.totalCount, exact: result.totalCountExact };
  };

  it('takes the newest matches from the newest tier when it holds enough', async () => {
    expect(await search('quarry', 2)).to.deep.equal({ ids: ['tier-0', 'tier-0-only'], total: 2, exact: false });
  });

  it('reaches into each older tier in turn when the newer ones hold too few', async () => {
    expect((await search('lantern', 2)).ids).to.deep.equal(['tier-0', 'tier-1']);
    expect((await search('lantern', 3)).ids).to.deep.equal(['tier-0', 'tier-1', 'tier-2']);
    expect(await search('lantern', 10)).to.deep.equal({ ids: ['tier-0', 'tier-1', 'tier-2', 'tier-3'], total: 4, exact: true });
  });

  it('finds a word whose only matches are in the oldest tier', async () => {
    await ingest(server, server.tenant, named('tier-0-later', 'unrelated words'));
    expect((await search('lantern -quarry', 10)).ids).to.deep.equal([]);
    expect(await search('"quarry lantern"', 2)).to.deep.equal({ ids: ['tier-0', 'tier-1'], total: 2, exact: false });
    expect(await search('"quarry lantern"', 10)).to.deep.equal({ ids: ['tier-0', 'tier-1', 'tier-2', 'tier-3'], total: 4, exact: true });
  });

  it('applies filters inside each tier, so the window holds the newest matches that pass them', async () => {
    expect(await search('lantern', 1, { framework: 'langchain' })).to.deep.equal({ ids: ['tier-0'], total: 1, exact: false });
    expect(await search('lantern', 2, { framework: 'langchain' })).to.deep.equal({ ids: ['tier-0', 'tier-1'], total: 2, exact: false });
    expect(await search('lantern', 3, { framework: 'langchain' })).to.deep.equal({ ids: ['tier-0', 'tier-1', 'tier-3'], total: 3, exact: true });
    expect(await search('lantern', 5, { framework: 'crewai' })).to.deep.equal({ ids: ['tier-2'], total: 1, exact: true });
  });
});
