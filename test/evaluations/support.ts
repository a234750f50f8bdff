import { expect } from 'chai';
import type { TestServer } from '../support/harness.js';

/** Stores one trace through REST (so after-store hooks such as evaluator sampling run), with `key`. */
export async function ingest(server: TestServer, key: string, body: Record<string, unknown>): Promise<void> {
  const spans = ((body.spans as Record<string, unknown>[] | undefined) ?? []).map((span) => ({ name: String(span.span_id), span_type: 'LLM', status: 'success', ...span }));
  const res = await server.request().post('/api/v1/public/traces').set('x-api-key', key).send({ name: 'run', ...body, spans });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
}
