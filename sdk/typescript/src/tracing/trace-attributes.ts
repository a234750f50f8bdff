import type { Attributes } from '@opentelemetry/api';

/**
 * Attributes set for a whole trace (session, user, tags, metadata…) from inside any of its spans,
 * kept per trace id: the setters fill a trace's entry, the span processor copies it onto every span
 * of that trace that starts afterwards, and the entry goes when the trace's local root span ends.
 * Keyed by trace id rather than carried in the context so an observed call costs no extra context
 * (the bench measures every allocation per span). Bounded: beyond MAX_TRACES open entries the
 * oldest is forgotten, so roots that never end cannot grow it.
 */
const traces = new Map<string, Attributes>();
const MAX_TRACES = 10_000;

export function traceAttributesOf(traceId: string): Attributes | undefined {
  return traces.size === 0 ? undefined : traces.get(traceId);
}

export function setTraceAttribute(traceId: string, key: string, value: Attributes[string]): void {
  let entry = traces.get(traceId);
  if (!entry) {
    if (traces.size >= MAX_TRACES) traces.delete(traces.keys().next().value as string);
    entry = {};
    traces.set(traceId, entry);
  }
  entry[key] = value;
}

/** Forgets a trace's attributes (its local root span ended). */
export function endTraceAttributes(traceId: string): void {
  if (traces.size > 0) traces.delete(traceId);
}
