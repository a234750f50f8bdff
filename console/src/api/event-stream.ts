/** One Server-Sent Event: its name (default `message`) and its data lines joined by `\n`. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body (WHATWG HTML §9.2.6) as it arrives: lines end in LF, CRLF or CR, a
 * blank line dispatches, `:` lines are comments. The browser's EventSource cannot POST, hence this.
 * The service's SSE parser (src/domain/playground/sse-parser.ts) follows the same rules for model
 * streams; the console cannot import server modules.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: StreamEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let name = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') name = value;
  };
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    buffer += decoder.decode(part.value, { stream: true });
    // A CR at the very end may be half of a CRLF: keep it until the next chunk says.
    const lines = buffer.split(/\r\n|\n|\r(?!$)/);
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text);
  }
  if (buffer !== '') for (const text of buffer.split(/\r\n|\n|\r/)) line(text);
}
