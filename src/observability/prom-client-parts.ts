import RegistryClass from 'prom-client/lib/registry';
import CounterClass from 'prom-client/lib/counter';
import GaugeClass from 'prom-client/lib/gauge';
import HistogramClass from 'prom-client/lib/histogram';
import type * as PromClient from 'prom-client';

/**
 * prom-client's registry and metric classes, imported from their own files rather than through the
 * package's index. The index also loads the Summary (with tdigest), the Pushgateway, the cluster
 * aggregator and the default process metrics with `@opentelemetry/api` for exemplars: 41–55 ms of
 * start-up CPU on a 2-core machine against 3–11 ms for these four files (issue #61 item 2), none of it
 * needed to answer a request. The default metrics are loaded by the first scrape
 * (instruments.ts, `scrapedRegistry`). They are the index's own classes (the same files, so the same
 * module instances, in the bundle as from node_modules): test/observability/prom-client-parts.test.ts
 * fails if an upgrade moves them. Imported, not required: the build bundles packages, and only an
 * import puts these files in the bundle beside the index the first scrape loads.
 */
export const Registry: typeof PromClient.Registry = RegistryClass;
export const Counter: typeof PromClient.Counter = CounterClass;
export const Gauge: typeof PromClient.Gauge = GaugeClass;
export const Histogram: typeof PromClient.Histogram = HistogramClass;

export type Registry = PromClient.Registry;
