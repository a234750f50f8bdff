import { expect } from 'chai';
import { CsvSplitter, parseItemText } from '../../src/cli/dataset-lines.js';

/** Every record the splitter yields for `chunks` fed one after another: [line, cells or error message]. */
function split(...chunks: string[]): [number, string[] | string][] {
  const splitter = new CsvSplitter();
  const records: [number, string[] | string][] = [];
  const take = (line: number, cells: string[] | Error) => records.push([line, cells instanceof Error ? cells.message : cells]);
  for (const chunk of chunks) splitter.push(chunk, take);
  splitter.end(take);
  return records;
}

describe('CsvSplitter', () => {
  it('splits RFC 4180 records: quoted commas, doubled quotes, line breaks inside quotes, CRLF', () => {
    expect(split('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\n')).to.deep.equal([
      [1, ['a', 'b']],
      [2, ['x, y', 'say "hi"']],
      [3, ['two\nlines', 'z']],
    ]);
  });

  it('gives the same records whatever the chunk boundaries, even inside a quote pair', () => {
    const text = 'a,b\n"q""uote",c\n';
    const whole = split(text);
    for (let at = 1; at < text.length; at += 1) expect(split(text.slice(0, at), text.slice(at)), `split at ${at}`).to.deep.equal(whole);
  });

  it('reports an unclosed quote and text after a closing quote as that record\'s error, numbered by its first line', () => {
    expect(split('a\n"ok"x\n"never closed\nstill')).to.deep.equal([
      [1, ['a']],
      [2, 'text after a closing quote'],
      [3, 'a quoted field is not closed'],
    ]);
  });

  it('skips blank lines and takes a last record without a newline', () => {
    expect(split('a\n\nb')).to.deep.equal([
      [1, ['a']],
      [3, ['b']],
    ]);
  });
});

describe('parseItemText', () => {
  it('JSONL: items with their line numbers; export-only fields ignored, unknown fields and non-objects refused', () => {
    expect(parseItemText('{"input":1,"id":"x","version":3,"sourceTraceId":null}\n\n[1]\n{"input":2,"extra":true}\n', 'jsonl')).to.deep.equal([
      { line: 1, item: { input: 1 } },
      { line: 3, error: 'not a JSON object' },
      { line: 4, error: 'unknown field extra (fields: input, expectedOutput, metadata, sourceTraceId, sourceSpanId)' },
    ]);
  });

  it('CSV: JSON cells as JSON, other text as text, empty cells absent, extra columns into metadata', () => {
    expect(parseItemText('input,expectedOutput,metadata,topic\n42,"""42""","{""k"":1}",billing\nhello,,,\n', 'csv')).to.deep.equal([
      { line: 2, item: { input: 42, expectedOutput: '42', metadata: { k: 1, topic: 'billing' } } },
      { line: 3, item: { input: 'hello' } },
    ]);
  });

  it('CSV: a header without input, a non-object metadata cell and a short record are errors of their lines', () => {
    expect(parseItemText('question\nx\n', 'csv')).to.deep.equal([
      { line: 1, error: 'the header has no input (or sourceTraceId) column' },
      { line: 2, error: 'no input (and no sourceTraceId to copy it from)' },
    ]);
    expect(parseItemText('input,metadata\na,[1]\nb\n', 'csv')).to.deep.equal([
      { line: 2, error: 'metadata is not a JSON object' },
      { line: 3, error: '1 cells; the header has 2' },
    ]);
  });
});
