import { expect } from 'chai';
import { parseInline, parseMarkdown } from '../../console/src/conversations/markdown.js';

describe('console Markdown reader', () => {
  it('paragraphs, headings, fenced code, lists, quotes and rules', () => {
    expect(parseMarkdown('# Title\n\nFirst line\nsecond\n\n```js\nconst a = 1;\n```\n- one\n- two\n\n1. a\n2. b\n> quoted\n\n---')).to.deep.equal([
      { type: 'heading', level: 1, children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'First line' }, { type: 'break' }, { type: 'text', text: 'second' }] },
      { type: 'code', language: 'js', text: 'const a = 1;' },
      { type: 'list', ordered: false, start: 1, items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'one' }] }], [{ type: 'paragraph', children: [{ type: 'text', text: 'two' }] }]] },
      { type: 'list', ordered: true, start: 1, items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'a' }] }], [{ type: 'paragraph', children: [{ type: 'text', text: 'b' }] }]] },
      { type: 'quote', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'quoted' }] }] },
      { type: 'rule' },
    ]);
  });

  it('inline code, bold, italic, links; snake_case is not emphasis', () => {
    expect(parseInline('Use `npm test`, **bold**, *it* and [docs](https://example.com) on snake_case_name')).to.deep.equal([
      { type: 'text', text: 'Use ' },
      { type: 'code', text: 'npm test' },
      { type: 'text', text: ', ' },
      { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
      { type: 'text', text: ', ' },
      { type: 'em', children: [{ type: 'text', text: 'it' }] },
      { type: 'text', text: ' and ' },
      { type: 'link', href: 'https://example.com', children: [{ type: 'text', text: 'docs' }] },
      { type: 'text', text: ' on snake_case_name' },
    ]);
  });

  it('raw HTML stays text and unsafe link targets lose their link', () => {
    expect(parseInline('<img src=x onerror=alert(1)> [click](javascript:alert(1))')).to.deep.equal([
      { type: 'text', text: '<img src=x onerror=alert(1)> ' },
      { type: 'text', text: 'click' },
    ]);
  });
});
