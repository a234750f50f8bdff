/** Latency of one measured load: the phases report it, and the report prints it (a module of its own so that neither imports the other for it). */
export interface Latency {
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failed: number;
}
