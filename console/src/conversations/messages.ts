/**
 * A span's input and output as a conversation, whatever wrote them. The ingest keeps each producer's
 * own message shape (src/domain/otlp/span-mapper.ts stores `input.messages`, `output.messages`,
 * `output.text`, … as sent), so the console, not the server, turns them into one shape: the stored
 * JSON stays exactly what the producer said, and a new producer shape is a change here alone.
 *
 * Pure (no DOM, no React) so every source's shape is unit-tested (test/console/conversation-messages.test.ts).
 */

export type Part =
  | { kind: 'text'; text: string }
  /** Model reasoning ("thinking") text, shown apart from the answer. */
  | { kind: 'reasoning'; text: string }
  /** Only http(s) and data:image/* addresses ever get here (safeImageUrl). */
  | { kind: 'image'; url: string }
  | { kind: 'tool-call'; id: string | null; name: string; arguments: unknown }
  | { kind: 'tool-result'; id: string | null; name: string | null; result: unknown }
  /** A part of a kind the console does not know: shown as JSON rather than dropped. */
  | { kind: 'data'; value: unknown };

export interface Message {
  role: string;
  parts: Part[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A JSON string is shown as what it encodes (tool arguments often arrive encoded); anything else as is. */
function decoded(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!/^[[{]/.test(trimmed)) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * An image address the page may load: http(s), or a data URI of an image type (never SVG, which
 * can carry script). Anything else (javascript:, file:, data:text/html, …) is not an image.
 */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (/^https?:\/\//i.test(url)) return url;
  if (/^data:image\/(png|jpe?g|gif|webp|avif|bmp);base64,[A-Za-z0-9+/]+={0,2}$/i.test(url)) return url;
  return null;
}

/** Raw base64 bytes with their media type, as a data URI when it is a safe image. */
function imageFromBytes(data: unknown, mediaType: unknown): string | null {
  if (typeof data !== 'string' || typeof mediaType !== 'string') return safeImageUrl(data);
  if (safeImageUrl(data)) return safeImageUrl(data);
  const compact = data.replace(/\s+/g, '');
  if (!BASE64.test(compact)) return null;
  return safeImageUrl(`data:${mediaType.toLowerCase()};base64,${compact}`);
}

const image = (url: string | null, original: unknown): Part => (url ? { kind: 'image', url } : { kind: 'data', value: original });

/** One content part of any known producer shape. */
function partOf(raw: unknown): Part {
  if (typeof raw === 'string') return { kind: 'text', text: raw };
  if (!isObject(raw)) return { kind: 'data', value: raw };
  const type = text(raw.type);
  switch (type) {
    // OTel GenAI `{type: text, content}`; AI SDK / OpenAI / Anthropic / OpenInference `{type: text, text}`.
    case 'text':
    case 'input_text':
    case 'output_text':
      return text(raw.content) !== null ? { kind: 'text', text: raw.content as string } : text(raw.text) !== null ? { kind: 'text', text: raw.text as string } : { kind: 'data', value: raw };
    case 'reasoning':
    case 'thinking':
      return { kind: 'reasoning', text: text(raw.content) ?? text(raw.text) ?? text(raw.thinking) ?? '' };
    // OTel GenAI tool_call; AI SDK tool-call (input in v5, args before); Anthropic tool_use.
    case 'tool_call':
    case 'tool-call':
    case 'tool_use':
      return {
        kind: 'tool-call',
        id: text(raw.id) ?? text(raw.toolCallId),
        name: text(raw.name) ?? text(raw.toolName) ?? '(unnamed tool)',
        arguments: decoded(raw.arguments ?? raw.input ?? raw.args ?? null),
      };
    // OTel GenAI tool_call_response; AI SDK tool-result (output {type, value} in v5, result before); Anthropic tool_result.
    case 'tool_call_response':
    case 'tool-result':
    case 'tool_result': {
      const output = isObject(raw.output) && 'value' in raw.output ? raw.output.value : raw.output;
      return {
        kind: 'tool-result',
        id: text(raw.id) ?? text(raw.toolCallId) ?? text(raw.tool_use_id),
        name: text(raw.name) ?? text(raw.toolName),
        result: decoded(raw.response ?? raw.result ?? output ?? raw.content ?? null),
      };
    }
    // OTel GenAI uri / blob parts.
    case 'uri':
      return raw.modality === 'image' || String(raw.mime_type ?? '').startsWith('image/') ? image(safeImageUrl(raw.uri), raw) : { kind: 'data', value: raw };
    case 'blob':
      return raw.modality === 'image' || String(raw.mime_type ?? '').startsWith('image/') ? image(imageFromBytes(raw.content, raw.mime_type), raw) : { kind: 'data', value: raw };
    // OpenAI image_url; AI SDK image (URL or base64 with mediaType) and file; Anthropic image source; OpenInference image.
    case 'image_url':
      return image(safeImageUrl(isObject(raw.image_url) ? raw.image_url.url : raw.image_url), raw);
    case 'image': {
      if (isObject(raw.source)) return image(raw.source.type === 'url' ? safeImageUrl(raw.source.url) : imageFromBytes(raw.source.data, raw.source.media_type), raw);
      if (isObject(raw.image)) {
        const inner = isObject(raw.image.image) ? raw.image.image : raw.image;
        return image(safeImageUrl(inner.url), raw);
      }
      return image(imageFromBytes(raw.image, raw.mediaType ?? raw.mimeType), raw);
    }
    case 'file':
      return String(raw.mediaType ?? raw.mimeType ?? '').startsWith('image/') ? image(imageFromBytes(raw.data, raw.mediaType ?? raw.mimeType), raw) : { kind: 'data', value: raw };
    default:
      return { kind: 'data', value: raw };
  }
}

/** OpenAI-style `tool_calls` (`{id, function: {name, arguments}}`) and the plain `{id, name, arguments}` the ingest makes of OpenInference's. */
function toolCallsOf(raw: unknown): Part[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((call) => {
    if (!isObject(call)) return { kind: 'data', value: call } as Part;
    const fn = isObject(call.function) ? call.function : call;
    return {
      kind: 'tool-call',
      id: text(call.id) ?? text(call.toolCallId),
      name: text(fn.name) ?? text(call.toolName) ?? '(unnamed tool)',
      arguments: decoded(fn.arguments ?? call.input ?? call.args ?? null),
    } as Part;
  });
}

/** One message of any known shape, or null when the value is not a message. */
export function messageOf(raw: unknown): Message | null {
  if (!isObject(raw)) return null;
  // gen_ai.choice events and OpenAI choices wrap the message; OpenInference's `{message: {…}}` is unwrapped at ingest, but not in native input.
  const m = isObject(raw.message) ? { ...raw.message, role: text(raw.message.role) ?? text(raw.role) ?? 'assistant' } : raw;
  const role = text(m.role);
  if (role === null) return null;
  const parts: Part[] = [];
  const toolCallId = text(m.tool_call_id) ?? text(m.toolCallId) ?? text(m.id);
  // A tool message's content is the result of the call it names.
  const isToolResult = role === 'tool' && toolCallId !== null && m.parts === undefined && !Array.isArray(m.content);
  if (Array.isArray(m.parts)) parts.push(...m.parts.map(partOf));
  else if (isToolResult) parts.push({ kind: 'tool-result', id: toolCallId, name: text(m.name), result: decoded(m.content ?? null) });
  else if (typeof m.content === 'string') {
    if (m.content !== '') parts.push({ kind: 'text', text: m.content });
  } else if (Array.isArray(m.content)) parts.push(...m.content.map(partOf));
  else if (m.content !== undefined && m.content !== null) parts.push({ kind: 'data', value: m.content });
  if (Array.isArray(m.contents)) parts.push(...m.contents.map(partOf));
  parts.push(...toolCallsOf(m.tool_calls ?? m.toolCalls));
  return { role, parts };
}

/** A list of messages, or null when any item is not a message (then the JSON says it better). */
function messagesOf(raw: unknown): Message[] | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const out: Message[] = [];
  for (const item of raw) {
    const message = messageOf(item);
    if (!message) return null;
    out.push(message);
  }
  return out;
}

/** `gen_ai.system_instructions` (parts, or one string) and AI SDK `system` as a system message. */
function systemMessage(raw: unknown): Message | null {
  if (typeof raw === 'string') return raw === '' ? null : { role: 'system', parts: [{ kind: 'text', text: raw }] };
  if (Array.isArray(raw) && raw.length > 0) return { role: 'system', parts: raw.map(partOf) };
  if (isObject(raw)) return messageOf({ role: 'system', ...raw });
  return null;
}

/**
 * A span input as messages: OTel GenAI / OpenLLMetry / OpenInference / AI SDK `messages`, preceded by
 * the system instructions; the AI SDK outer span's `{system, prompt | messages}` (stored as `value`);
 * a native `{messages}`. Null when the input holds no conversation.
 */
export function inputConversation(input: Json | null): Message[] | null {
  if (!input) return null;
  const prompt = isObject(input.value) ? input.value : null;
  const system = systemMessage(input.system_instructions ?? input.system ?? prompt?.system);
  let messages = messagesOf(input.messages) ?? messagesOf(prompt?.messages);
  const promptText = text(input.prompt) ?? text(prompt?.prompt);
  if (!messages && promptText !== null) messages = [{ role: 'user', parts: [{ kind: 'text', text: promptText }] }];
  if (!messages && !system) return null;
  return [...(system ? [system] : []), ...(messages ?? [])];
}

/**
 * A span output as messages: `messages` / `choices` / one `message` / a bare `{role, content}`, or the
 * AI SDK's `text` and `tool_calls` as one assistant message. Null when the output holds no conversation.
 */
export function outputConversation(output: Json | null): Message[] | null {
  if (!output) return null;
  const listed = messagesOf(output.messages) ?? messagesOf(output.choices);
  if (listed) return listed;
  const single = messageOf(isObject(output.message) ? output.message : output);
  if (single && (isObject(output.message) || typeof output.role === 'string')) return [single];
  const parts: Part[] = [];
  const answer = text(output.text) ?? text(output.completion);
  if (answer !== null && answer !== '') parts.push({ kind: 'text', text: answer });
  parts.push(...toolCallsOf(output.tool_calls ?? output.toolCalls));
  return parts.length > 0 ? [{ role: 'assistant', parts }] : null;
}

/** Every tool result of a conversation by the id of the call it answers, for showing a call with its result. */
export function resultsByCallId(messages: readonly Message[]): Map<string, Part & { kind: 'tool-result' }> {
  const results = new Map<string, Part & { kind: 'tool-result' }>();
  for (const message of messages) for (const part of message.parts) if (part.kind === 'tool-result' && part.id !== null) results.set(part.id, part);
  return results;
}

/** The tool calls of a conversation by id, to name the tool a result came from. */
export function callsById(messages: readonly Message[]): Map<string, Part & { kind: 'tool-call' }> {
  const calls = new Map<string, Part & { kind: 'tool-call' }>();
  for (const message of messages) for (const part of message.parts) if (part.kind === 'tool-call' && part.id !== null) calls.set(part.id, part);
  return calls;
}

/**
 * The results of tool spans (an OTel `execute_tool` span, the AI SDK's `ai.toolCall`) as tool
 * messages, keyed by the call id the ingest stored in `metadata.tool_call_id`: a model call that asked
 * for a tool shows the answer, which arrived in another span.
 */
export function toolSpanResults(spans: readonly { metadata: Json; output: Json | null }[]): Message[] {
  const out: Message[] = [];
  for (const span of spans) {
    const id = text(span.metadata.tool_call_id);
    if (id === null || span.output === null) continue;
    const result = 'result' in span.output ? span.output.result : span.output;
    out.push({ role: 'tool', parts: [{ kind: 'tool-result', id, name: text(span.metadata.tool_name), result: decoded(result) }] });
  }
  return out;
}
