import { expect } from 'chai';
import { SseParser, type SseEvent } from '../../src/domain/playground/sse-parser.js';

/** Feeds `chunks` one by one and returns the events dispatched. */
function parse(...chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = new SseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

// The rules are the WHATWG HTML standard's "Interpreting an event stream" (§9.2.6).
describe('SseParser (text/event-stream)', () => {
  it('dispatches an event at a blank line, named by `event:` or `message` by default', () => {
    expect(parse('data: a\n\nevent: done\ndata: b\n\n')).to.deep.equal([
      { event: 'message', data: 'a' },
      { event: 'done', data: 'b' },
    ]);
  });

  it('joins several data lines with a line feed and drops one leading space only', () => {
    expect(parse('data:  two spaces\ndata:none\n\n')).to.deep.equal([{ event: 'message', data: ' two spaces\nnone' }]);
  });

  it('reads lines split anywhere across chunks, including a CRLF split between its CR and LF', () => {
    expect(parse('da', 'ta: {"x"', ':1}\r', '\n\r\n', 'data: y\r\r')).to.deep.equal([
      { event: 'message', data: '{"x":1}' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('ignores comments, id and retry, and an event without data', () => {
    expect(parse(': keep-alive\n\nid: 7\nretry: 10\nevent: ping\n\ndata: z\n\n')).to.deep.equal([{ event: 'message', data: 'z' }]);
  });

  it('drops an event whose blank line never came', () => {
    expect(parse('data: complete\n\ndata: cut')).to.deep.equal([{ event: 'message', data: 'complete' }]);
  });
});
