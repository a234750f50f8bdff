import { createContextKey, context, type Attributes, type Context } from '@opentelemetry/api';

/**
 * Attributes set for a whole trace (session, user, tags, metadata…) from inside any of its spans.
 * The bag travels in the OpenTelemetry context: the outermost observed call puts one there, the
 * setters fill it, and the span processor copies it onto every span that starts below — so a
 * session set deep in an agent also lands on the spans that follow.
 */
export class TraceAttributes {
  readonly values: Attributes = {};
}

const KEY = createContextKey('tracewell.trace-attributes');

export function traceAttributesOf(ctx: Context = context.active()): TraceAttributes | undefined {
  return ctx.getValue(KEY) as TraceAttributes | undefined;
}

/** `ctx` with a bag: the one it already has (nested calls share their root's), else a new one. */
export function withTraceAttributes(ctx: Context): Context {
  return traceAttributesOf(ctx) ? ctx : ctx.setValue(KEY, new TraceAttributes());
}
