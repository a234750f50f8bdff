import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

/**
 * prom-client's registry and metric classes, required from their own files rather than through the
 * package's index. The index also loads the Summary (with tdigest), the Pushgateway, the cluster
 * aggregator and the default process metrics with `@opentelemetry/api` for exemplars: 41–55 ms of
 * start-up CPU on a 2-core machine against 3–11 ms for these four files (issue #61 item 2), none of it
 * needed to answer a request. The default metrics are loaded by the first scrape
 * (instruments.ts, `scrapedRegistry`). They are the index's own classes (the same files, so the same
 * module instances): test/observability/prom-client-parts.test.ts fails if an upgrade moves them.
 */
const requireFromHere = createRequire(import.meta.url);

export const Registry = requireFromHere('prom-client/lib/registry') as typeof PromClient.Registry;
export const Counter = requireFromHere('prom-client/lib/counter') as typeof PromClient.Counter;
export const Gauge = requireFromHere('prom-client/lib/gauge') as typeof PromClient.Gauge;
export const Histogram = requireFromHere('prom-client/lib/histogram') as typeof PromClient.Histogram;

export type Registry = PromClient.Registry;
