/**
 * prom-client's own class files, which it ships without declarations of their own: each exports the
 * class its index exports under the same name (prom-client-parts.ts imports them; its test checks it).
 */
declare module 'prom-client/lib/registry' {
  import type { Registry } from 'prom-client';
  const RegistryClass: typeof Registry;
  export default RegistryClass;
}
declare module 'prom-client/lib/counter' {
  import type { Counter } from 'prom-client';
  const CounterClass: typeof Counter;
  export default CounterClass;
}
declare module 'prom-client/lib/gauge' {
  import type { Gauge } from 'prom-client';
  const GaugeClass: typeof Gauge;
  export default GaugeClass;
}
declare module 'prom-client/lib/histogram' {
  import type { Histogram } from 'prom-client';
  const HistogramClass: typeof Histogram;
  export default HistogramClass;
}
