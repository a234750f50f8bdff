/** One Server-Sent Event: its `event` name (default `message`) and its `data` lines joined by `\n`. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads the text/event-stream format (WHATWG HTML, "Server-sent events", §9.2.6) from chunks that
 * may split a line anywhere: lines end in LF, CRLF or CR; a blank line dispatches the event; lines
 * starting with `:` are comments; a `data` field's one leading space is dropped. `id` and `retry` are
 * read and ignored (nothing here reconnects).
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private pendingCr = false;

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  push(text: string): void {
    let input = text;
    // A CR at the end of the previous chunk already ended its line; an LF right after it belongs to it.
    if (this.pendingCr && input.startsWith('\n')) input = input.slice(1);
    this.pendingCr = false;
    this.buffer += input;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      this.line(this.buffer.slice(start, i));
      if (ch === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else this.pendingCr = true;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** The stream ended: an event without its blank line is dropped, as the format says. */
  end(): void {
    this.buffer = '';
    this.event = '';
    this.data = [];
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.join('\n') !== '') this.onEvent({ event: this.event || 'message', data: this.data.join('\n') });
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}
