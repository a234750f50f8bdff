import type { Store } from '../../ports/store.js';
import type { SpanRecord } from '../../ports/traces.js';

/** How much of an input or output the trace list shows. */
export const PREVIEW_CHARS = 200;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A message's text: a string content, else its text parts (OTel `parts`, content arrays) joined. */
function messageText(message: unknown): string | null {
  if (!isObject(message)) return null;
  const inner = isObject(message.message) ? message.message : message;
  if (typeof inner.content === 'string' && inner.content !== '') return inner.content;
  const parts = Array.isArray(inner.parts) ? inner.parts : Array.isArray(inner.content) ? inner.content : [];
  const texts = parts.flatMap((part) => (typeof part === 'string' ? [part] : isObject(part) && part.type === 'text' ? [part.content ?? part.text].filter((t): t is string => typeof t === 'string') : []));
  return texts.length > 0 ? texts.join(' ') : null;
}

const firstString = (value: Json, keys: readonly string[]): string | null => {
  for (const key of keys) if (typeof value[key] === 'string' && value[key] !== '') return value[key] as string;
  return null;
};

/** The last message of `role` with text, from a list of messages of any producer's shape. */
function lastText(messages: unknown, role: string | null): string | null {
  if (!Array.isArray(messages)) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    const itsRole = isObject(m) ? (isObject(m.message) ? m.message.role : m.role) : undefined;
    if (role !== null && itsRole !== role) continue;
    const text = messageText(m);
    if (text !== null) return text;
  }
  return null;
}

/** One line of at most PREVIEW_CHARS characters; a cut never splits a surrogate pair. */
const oneLine = (text: string): string => {
  // Only the head is ever shown: flatten a bounded slice, not a megabyte of input.
  const flat = text.slice(0, PREVIEW_CHARS * 4).replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_CHARS && text.length <= PREVIEW_CHARS * 4) return flat;
  const cut = flat.slice(0, PREVIEW_CHARS - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
};

/** What a person asked: the last user message, a prompt or question, else the input as one line of JSON. */
export function inputPreview(input: Json | null): string | null {
  if (!input) return null;
  const prompt = isObject(input.value) ? input.value : null;
  const text =
    lastText(input.messages, 'user') ??
    lastText(prompt?.messages, 'user') ??
    firstString(input, ['prompt', 'question', 'query', 'input', 'text', 'value']) ??
    (prompt ? firstString(prompt, ['prompt', 'question', 'query', 'input']) : null);
  return oneLine(text ?? JSON.stringify(input));
}

/** What came back: the answer text or last message, else the output as one line of JSON. */
export function outputPreview(output: Json | null): string | null {
  if (!output) return null;
  const text =
    firstString(output, ['text', 'completion', 'answer', 'output', 'value', 'content']) ??
    lastText(output.messages, null) ??
    lastText(output.choices, null) ??
    messageText(output.message) ??
    messageText(output);
  return oneLine(text ?? JSON.stringify(output));
}

export interface TracePreview {
  input: string | null;
  output: string | null;
}

/**
 * Each trace's preview, from its first root span (by start time, then as sent); a trace whose root
 * has not arrived (OTLP) has none. One read for the page's traces, only when the list asks for it.
 */
export async function tracePreviews(store: Store, projectId: string, traceIds: string[]): Promise<Map<string, TracePreview>> {
  const roots = await store.traces.rootSpansOf(projectId, traceIds);
  const previews = new Map<string, TracePreview>();
  for (const [traceId, spans] of roots) {
    const root = firstRoot(spans);
    if (root) previews.set(traceId, { input: inputPreview(root.input), output: outputPreview(root.output) });
  }
  return previews;
}

function firstRoot(spans: readonly SpanRecord[]): SpanRecord | undefined {
  let first: SpanRecord | undefined;
  for (const span of spans) {
    if (!first) first = span;
    else {
      const a = span.startTime?.getTime() ?? Number.POSITIVE_INFINITY;
      const b = first.startTime?.getTime() ?? Number.POSITIVE_INFINITY;
      if (a < b || (a === b && span.position < first.position)) first = span;
    }
  }
  return first;
}
