/**
 * A small Markdown reader for model text: the common blocks (paragraphs, headings, fenced code, lists,
 * quotes, rules) and inlines (code, bold, italic, links). It builds a tree that markdown-view.tsx turns
 * into React elements, so text is always text: raw HTML in a message stays visible as characters and
 * no HTML string is ever handed to the page. Pure, unit-tested in test/console/markdown.test.ts.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  /** Only http(s) and mailto links; any other target stays text (safeLinkUrl). */
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'code'; language: string | null; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' };

export function safeLinkUrl(url: string): string | null {
  const trimmed = url.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^(\s*)([-*+])\s+(.*)$/;
const ORDERED = /^(\s*)(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;

/** Blocks of a Markdown text. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(marker)) body.push(lines[i++]);
      i++; // the closing fence (or the end)
      blocks.push({ type: 'code', language: fence[2] || null, text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2]) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) body.push(QUOTE.exec(lines[i++])![1]);
      blocks.push({ type: 'quote', children: parseBlocks(body) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const pattern = isOrdered ? ORDERED : BULLET;
      const indent = (bullet ?? ordered)![1].length;
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i];
        const item = pattern.exec(current);
        if (item && item[1].length === indent) {
          items.push([item[3]]);
          i++;
        } else if (current.trim() !== '' && items.length > 0 && (/^\s/.test(current) || (!BULLET.test(current) && !ORDERED.test(current) && !FENCE.test(current) && !HEADING.test(current) && !QUOTE.test(current) && !RULE.test(current)))) {
          // A deeper line (a nested list, a continued item) belongs to the item above.
          items[items.length - 1].push(current.slice(Math.min(indent + 2, current.length - current.trimStart().length)));
          i++;
        } else if (current.trim() === '' && i + 1 < lines.length && (pattern.exec(lines[i + 1])?.[1].length === indent || /^\s{2,}\S/.test(lines[i + 1]))) {
          i++; // a blank line inside the list
        } else break;
      }
      blocks.push({ type: 'list', ordered: isOrdered, start: isOrdered ? Number(ordered![2]) : 1, items: items.map(parseBlocks) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i].trim() !== '' && !FENCE.test(lines[i]) && !HEADING.test(lines[i]) && !QUOTE.test(lines[i]) && !(paragraph.length > 0 && (BULLET.test(lines[i]) || RULE.test(lines[i])))) {
      paragraph.push(lines[i++]);
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}

/** Inlines of one block's text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const ch = source[i];
    if (ch === '\\' && i + 1 < source.length && /[\\`*_[\]()#+\-.!>~]/.test(source[i + 1])) {
      plain += source[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const ticks = /^`+/.exec(rest)![0];
      const end = source.indexOf(ticks, i + ticks.length);
      if (end > 0) {
        flush();
        out.push({ type: 'code', text: source.slice(i + ticks.length, end).trim() || source.slice(i + ticks.length, end) });
        i = end + ticks.length;
        continue;
      }
    }
    if (ch === '\n') {
      flush();
      out.push({ type: 'break' });
      i++;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1/.exec(rest);
    if (strong) {
      flush();
      out.push({ type: 'strong', children: parseInline(strong[2]) });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=\S)([\s\S]*?\S)\1(?![*_])/.exec(rest);
    // `_` inside a word (snake_case) is not emphasis.
    if (em && !(em[1] === '_' && /\w/.test(source[i - 1] ?? ''))) {
      flush();
      out.push({ type: 'em', children: parseInline(em[2]) });
      i += em[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\)/.exec(rest);
    if (link) {
      const href = safeLinkUrl(link[2]);
      flush();
      if (href) out.push({ type: 'link', href, children: parseInline(link[1]) });
      else out.push(...parseInline(link[1]));
      i += link[0].length;
      continue;
    }
    const bare = /^https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/.exec(rest);
    if (bare && !/\w/.test(source[i - 1] ?? '')) {
      flush();
      out.push({ type: 'link', href: bare[0], children: [{ type: 'text', text: bare[0] }] });
      i += bare[0].length;
      continue;
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}
