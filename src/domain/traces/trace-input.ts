import type { FieldError } from '../../errors.js';
import type { SpanRecord, TraceStatus } from '../../ports/traces.js';
import { MAX_TAG_LENGTH, MAX_TAGS, isTag, tagSet } from './trace-tags.js';

/** The contract's TraceId pattern; span ids follow it too. */
export const TRACE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
/** Clocks drift; a start time further ahead than this is a client bug, not skew. */
const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
const STATUSES: ReadonlySet<string> = new Set(['success', 'error']);
const SPAN_KEYS: ReadonlySet<string> = new Set([
  'span_id', 'parent_span_id', 'name', 'span_type', 'status', 'input', 'output', 'error', 'latency_ms', 'metadata', 'start_time',
]);
const TRACE_KEYS: ReadonlySet<string> = new Set(['trace_id', 'name', 'metadata', 'tags', 'spans']);
/** Known span metadata keys and the type each must have. */
const COUNT_KEYS = ['tokens_used', 'input_tokens', 'output_tokens', 'retry_count'] as const;
const TEXT_KEYS = ['model', 'tool_name', 'framework'] as const;

/** A trace input that passed every per-field and structural rule. */
export interface ValidTrace {
  traceId: string | undefined;
  name: string;
  metadata: Record<string, unknown>;
  framework: string | null;
  agentName: string | null;
  /** Its tag set (trace-tags.ts). */
  tags: string[];
  spans: SpanRecord[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** PostgreSQL text cannot hold NUL; nothing meaningful is lost by dropping it. */
const clean = (text: string): string => (text.includes('\u0000') ? text.replace(/\u0000/g, '') : text);

/** Collects field errors up to the 20 a Problem may carry. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  add(path: string, code: string, message: string): void {
    if (this.list.length < 20) this.list.push({ path: path.slice(0, 160), code, message: message.slice(0, 160) });
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
}

function text(value: unknown, path: string, errors: FieldErrors, max: number, required: boolean): string | null {
  if (value === undefined || value === null) {
    if (required) errors.add(path, 'required', 'is required');
    return null;
  }
  if (typeof value !== 'string') {
    errors.add(path, 'invalid_type', 'must be a string');
    return null;
  }
  if (required && value.trim().length === 0) {
    errors.add(path, 'required', 'must not be empty');
    return null;
  }
  if (value.length > max) {
    errors.add(path, 'too_long', `must be at most ${max} characters`);
    return null;
  }
  return clean(value);
}

function identifier(value: unknown, path: string, errors: FieldErrors): string | null {
  if (typeof value !== 'string' || !TRACE_ID_PATTERN.test(value)) {
    errors.add(path, 'invalid_id', 'must be 1 to 128 letters, digits or ._:- starting with a letter or digit');
    return null;
  }
  return value;
}

function optionalObject(value: unknown, path: string, errors: FieldErrors): Json | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    errors.add(path, 'invalid_type', 'must be an object');
    return null;
  }
  return value;
}

function startTime(value: unknown, path: string, errors: FieldErrors, nowMs: number): Date | null {
  if (value === undefined || value === null) return null;
  const parsed = typeof value === 'string' && ISO_8601.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(parsed)) {
    errors.add(path, 'invalid_time', 'must be an ISO 8601 date-time with a time zone');
    return null;
  }
  if (parsed > nowMs + MAX_FUTURE_MS) {
    errors.add(path, 'invalid_time', 'is more than 24 hours in the future');
    return null;
  }
  return new Date(parsed);
}

function spanMetadata(value: unknown, path: string, errors: FieldErrors): Json {
  const metadata = optionalObject(value, path, errors) ?? {};
  for (const key of COUNT_KEYS) {
    const v = metadata[key];
    if (v !== undefined && v !== null && !(Number.isInteger(v) && (v as number) >= 0)) errors.add(`${path}/${key}`, 'invalid_type', 'must be a non-negative integer');
  }
  for (const key of TEXT_KEYS) {
    const v = metadata[key];
    if (v !== undefined && v !== null && typeof v !== 'string') errors.add(`${path}/${key}`, 'invalid_type', 'must be a string');
  }
  const cost = metadata.cost;
  if (cost !== undefined && cost !== null && !(typeof cost === 'number' && Number.isFinite(cost) && cost >= 0)) {
    errors.add(`${path}/cost`, 'invalid_type', 'must be a non-negative number (dollars)');
  }
  return metadata;
}

function span(value: unknown, position: number, path: string, errors: FieldErrors, nowMs: number): SpanRecord | null {
  if (!isObject(value)) {
    errors.add(path, 'invalid_type', 'must be an object');
    return null;
  }
  const before = errors.list.length;
  for (const key of Object.keys(value)) if (!SPAN_KEYS.has(key)) errors.add(`${path}/${key}`, 'unknown_property', 'is not a span field');
  const spanId = identifier(value.span_id, `${path}/span_id`, errors);
  const parent = value.parent_span_id === undefined || value.parent_span_id === null ? null : identifier(value.parent_span_id, `${path}/parent_span_id`, errors);
  const name = text(value.name, `${path}/name`, errors, 1000, true);
  const spanType = text(value.span_type, `${path}/span_type`, errors, 32, true);
  if (!STATUSES.has(value.status as string)) errors.add(`${path}/status`, 'invalid_status', 'must be success or error');
  const input = optionalObject(value.input, `${path}/input`, errors);
  const output = optionalObject(value.output, `${path}/output`, errors);
  const error = text(value.error, `${path}/error`, errors, 10000, false);
  const latency = value.latency_ms;
  if (latency !== undefined && latency !== null && !(typeof latency === 'number' && Number.isFinite(latency) && latency >= 0)) {
    errors.add(`${path}/latency_ms`, 'invalid_type', 'must be a non-negative number');
  }
  const metadata = spanMetadata(value.metadata, `${path}/metadata`, errors);
  const start = startTime(value.start_time, `${path}/start_time`, errors, nowMs);
  if (errors.list.length > before) return null;
  return {
    spanId: spanId!,
    parentSpanId: parent,
    position,
    name: name!,
    spanType: spanType!,
    status: value.status as TraceStatus,
    latencyMs: typeof latency === 'number' ? latency : null,
    cost: typeof metadata.cost === 'number' ? metadata.cost : null,
    startTime: start,
    input,
    output,
    error,
    metadata,
  };
}

/** Duplicate ids, parents outside the trace and cycles, each reported at the offending span. */
function checkStructure(spans: SpanRecord[], path: string, errors: FieldErrors): void {
  const indexById = new Map<string, number>();
  spans.forEach((s, i) => {
    if (indexById.has(s.spanId)) errors.add(`${path}/${i}/span_id`, 'duplicate_span_id', `span_id ${s.spanId} is used by another span`);
    else indexById.set(s.spanId, i);
  });
  spans.forEach((s, i) => {
    if (s.parentSpanId !== null && !indexById.has(s.parentSpanId)) {
      errors.add(`${path}/${i}/parent_span_id`, 'unknown_parent', `no span of this trace has span_id ${s.parentSpanId}`);
    }
  });
  if (!errors.empty) return;
  // Walk up from each span; 0 unvisited, 1 on the current walk, 2 known to reach a root.
  const state = new Uint8Array(spans.length);
  for (let i = 0; i < spans.length; i++) {
    const walk: number[] = [];
    let at: number | undefined = i;
    while (at !== undefined && state[at] === 0) {
      state[at] = 1;
      walk.push(at);
      const parent: string | null = spans[at].parentSpanId;
      at = parent === null ? undefined : indexById.get(parent);
    }
    if (at !== undefined && state[at] === 1) {
      const cycleStart = walk.indexOf(at);
      for (const member of walk.slice(cycleStart)) {
        errors.add(`${path}/${member}/parent_span_id`, 'cycle', 'the parent chain of this span loops back to it');
      }
    }
    for (const visited of walk) state[visited] = 2;
  }
}

/** A native trace's `tags`: an array of at most MAX_TAGS strings of 1 to MAX_TAG_LENGTH characters; refused beyond, at the offending entry. */
function traceTags(value: unknown, path: string, errors: FieldErrors): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.add(path, 'invalid_type', 'must be an array of strings');
    return [];
  }
  if (value.length > MAX_TAGS) {
    errors.add(path, 'too_many', `must hold at most ${MAX_TAGS} tags`);
    return [];
  }
  value.forEach((tag, i) => {
    if (!isTag(tag)) errors.add(`${path}/${i}`, 'invalid_tag', `must be a string of 1 to ${MAX_TAG_LENGTH} characters without NUL`);
  });
  return tagSet(value.filter(isTag));
}

/**
 * Checks one trace input (of unknown shape: REST bodies and tool inputs alike) and returns it typed,
 * or null with every problem recorded under `path` (e.g. `/spans/3/parent_span_id`).
 */
export function validateTraceInput(input: unknown, path: string, errors: FieldErrors, nowMs: number): ValidTrace | null {
  if (!isObject(input)) {
    errors.add(path || '/', 'invalid_type', 'must be an object');
    return null;
  }
  const before = errors.list.length;
  for (const key of Object.keys(input)) if (!TRACE_KEYS.has(key)) errors.add(`${path}/${key}`, 'unknown_property', 'is not a trace field');
  const traceId = input.trace_id === undefined ? undefined : identifier(input.trace_id, `${path}/trace_id`, errors) ?? undefined;
  const name = text(input.name, `${path}/name`, errors, 1000, true);
  const metadata = optionalObject(input.metadata, `${path}/metadata`, errors) ?? {};
  const framework = text(metadata.framework, `${path}/metadata/framework`, errors, 100, false);
  const agentName = text(metadata.agent_name, `${path}/metadata/agent_name`, errors, 255, false);
  const tags = traceTags(input.tags, `${path}/tags`, errors);
  const spans: SpanRecord[] = [];
  if (input.spans !== undefined && input.spans !== null) {
    if (!Array.isArray(input.spans)) errors.add(`${path}/spans`, 'invalid_type', 'must be an array');
    else input.spans.forEach((value, i) => {
      const valid = span(value, i, `${path}/spans/${i}`, errors, nowMs);
      if (valid) spans.push(valid);
    });
  }
  if (errors.list.length > before) return null;
  checkStructure(spans, `${path}/spans`, errors);
  if (errors.list.length > before) return null;
  return { traceId, name: name!, metadata, framework: framework || null, agentName: agentName || null, tags, spans };
}
