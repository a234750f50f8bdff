/**
 * The words search sees, split the same way in documents and in queries before either reaches the
 * database: identifiers are cut at camelCase, snake_case, dotted and path separators and at
 * letter/digit boundaries (`TimeoutError` → timeout error, `http_fetch` → http fetch,
 * `openai.chat.completions` → openai chat completions, `gpt4o` → gpt 4 o), lower-cased, and
 * English stop words dropped. Both databases then receive plain space-separated words, so their
 * tokenizers agree on positions (phrases) and only their stemmers (Porter on SQLite, Snowball
 * English on PostgreSQL) are their own. docs/search.md describes the whole syntax.
 */

/**
 * PostgreSQL's `english` stop list (tsearch_data/english.stop). Dropped here, on both adapters, so
 * PostgreSQL drops nothing itself: a stop word then neither matches on one database and not on
 * the other nor opens a position gap inside a phrase on one of them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had ' +
    'having do does did doing a an the and but if or because as until while of at by for with about against between into through ' +
    'during before after above below to from up down in out on off over under again further then once here there when where why ' +
    'how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/** Longest word kept: PostgreSQL refuses lexemes above 2 KB, and nobody searches a 100-letter word. */
const MAX_WORD_CHARS = 100;

/**
 * One word per match, in one pass (it runs over every input and output at ingest): an upper-case
 * run before a capitalized word (the HTTP of HTTPServer), a capitalized or lower-case word (letters
 * without case, such as CJK, count as lower case), the rest of an upper-case run, or a run of
 * digits. Anything else separates words; so do the boundaries between these.
 */
const WORD = /\p{Lu}+(?=\p{Lu}[\p{Ll}\p{Lo}\p{Lm}\p{Lt}])|\p{Lu}?[\p{Ll}\p{Lo}\p{Lm}\p{Lt}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]*|\p{N}+/gu;

const NON_ASCII = /[^\x00-\x7f]/;
const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Where a scan's words go: ASCII words as a range of the scanned text (`fold`: it holds capitals
 * to lower-case), words of other text as strings already lower-cased. A range spares the string a
 * slice would allocate — a document writes every word of every input and output at ingest.
 */
interface WordSink {
  range(text: string, from: number, to: number, fold: boolean): void;
  word(word: string): void;
}

/**
 * The words of ASCII text, split exactly as WORD splits them, by a scan of character codes: the
 * Unicode-property regular expression costs as much as the rest of ingest on prompt-sized text.
 */
function scanAscii(text: string, sink: WordSink): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    let j = i + 1;
    if (isDigit(c)) {
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      sink.range(text, i, j, false);
    } else if (isLower(c)) {
      while (j < n && isLower(text.charCodeAt(j))) j++;
      sink.range(text, i, j, false);
    } else if (isUpper(c)) {
      while (j < n && isUpper(text.charCodeAt(j))) j++;
      if (j < n && isLower(text.charCodeAt(j))) {
        // HTTPServer: HTTP, then Server starts at the last capital.
        if (j - i > 1) sink.range(text, i, j - 1, true);
        const start = j - 1;
        while (j < n && isLower(text.charCodeAt(j))) j++;
        sink.range(text, start, j, true);
      } else {
        sink.range(text, i, j, true);
      }
    }
    i = j;
  }
}

function scan(text: string, sink: WordSink): void {
  if (!NON_ASCII.test(text)) return scanAscii(text, sink);
  for (const match of text.matchAll(WORD)) sink.word(match[0].toLowerCase());
}

/** Collects words as strings: what a query is parsed from. */
class WordList implements WordSink {
  constructor(readonly words: string[]) {}

  range(text: string, from: number, to: number, fold: boolean): void {
    if (to - from > MAX_WORD_CHARS) return;
    const word = text.slice(from, to);
    this.words.push(fold ? word.toLowerCase() : word);
  }

  word(word: string): void {
    if (word.length <= MAX_WORD_CHARS) this.words.push(word);
  }
}

/** The words of `text`, in order, stop words included. */
export function splitWords(text: string, into: string[] = []): string[] {
  scan(text, new WordList(into));
  return into;
}

/**
 * Stop words found without a string: groups of stop words by length and first three letters
 * (base 27), numbered from 1 in a table indexed by both; the rest of a longer word is compared
 * with its group's words.
 */
const STOP_PREFIX = 3;
const LONGEST_STOP_WORD = Math.max(...[...STOP_WORDS].map((w) => w.length));
const STOP_GROUP_OF = new Uint8Array(27 ** STOP_PREFIX * (LONGEST_STOP_WORD + 1));
const STOP_GROUPS: string[][] = [[]];
for (const word of STOP_WORDS) {
  let key = 0;
  for (let k = 0; k < Math.min(word.length, STOP_PREFIX); k++) key = key * 27 + (word.charCodeAt(k) - 96);
  const slot = key * (LONGEST_STOP_WORD + 1) + word.length;
  if (STOP_GROUP_OF[slot] === 0) STOP_GROUP_OF[slot] = STOP_GROUPS.push([]) - 1;
  STOP_GROUPS[STOP_GROUP_OF[slot]].push(word);
}

/** The scratch bytes of the document being written (one at a time: writing is synchronous). */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * The words of the texts `fill` adds, stop words left out, separated by single spaces, up to the
 * first word that would take the document past `maxChars` (UTF-16 units, as a string's length).
 * Words go straight into bytes and become one string at the end, where collecting each word as a
 * string and joining them allocated two strings a word: ingest writes a document for every trace.
 */
export function writeDocument(maxChars: number, fill: (add: (text: string) => void) => void): string {
  const document = new DocumentWords(maxChars, true);
  fill((text) => document.add(text));
  return document.toString();
}

/** A document written a piece at a time, with awaits between the pieces. */
export interface DocumentWriter {
  add(text: string): void;
  /** A word was left out for want of room: nothing more is added. */
  readonly full: boolean;
  toString(): string;
}

/**
 * As writeDocument, for a document written across awaits (a huge trace's, page by page): it has
 * bytes of its own, where writeDocument's share the module's scratch bytes with every other.
 */
export function openDocument(maxChars: number): DocumentWriter {
  return new DocumentWords(maxChars, false);
}

/** writeDocument's document (in the module's scratch bytes: one at a time) or openDocument's (in bytes of its own). */
class DocumentWords implements WordSink, DocumentWriter {
  private length = 0;
  private bytes: Buffer;
  /** The document's length with a separator after each word, as `maxChars` bounds it. */
  private chars = 0;
  private ascii = true;
  /** A word was left out for want of room: nothing more is added. */
  full = false;

  constructor(
    private readonly maxChars: number,
    private readonly shared: boolean,
  ) {
    this.bytes = shared ? scratch : Buffer.allocUnsafe(64 * 1024);
  }

  add(text: string): void {
    if (!this.full) scan(text, this);
  }

  range(text: string, from: number, to: number, fold: boolean): void {
    const n = to - from;
    if (this.full || n > MAX_WORD_CHARS || isStopWord(text, from, to)) return;
    if (!this.room(n, n + 1)) return;
    const bytes = this.bytes;
    let at = this.length;
    if (at > 0) bytes[at++] = 32;
    for (let k = from; k < to; k++) {
      const c = text.charCodeAt(k);
      bytes[at++] = fold && c >= 65 && c <= 90 ? c | 32 : c;
    }
    this.length = at;
  }

  word(word: string): void {
    if (this.full || word.length > MAX_WORD_CHARS || STOP_WORDS.has(word)) return;
    if (!this.room(word.length, word.length * 3 + 1)) return;
    if (this.length > 0) this.bytes[this.length++] = 32;
    this.length += this.bytes.write(word, this.length, 'utf8');
    this.ascii = false;
  }

  toString(): string {
    return this.bytes.toString(this.ascii ? 'latin1' : 'utf8', 0, this.length);
  }

  /** Counts a word of `chars` UTF-16 units in, or marks the document full; makes room for its bytes. */
  private room(chars: number, bytes: number): boolean {
    if (this.chars + chars + 1 > this.maxChars) {
      this.full = true;
      return false;
    }
    this.chars += chars + 1;
    if (this.length + bytes > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + bytes));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
      if (this.shared) scratch = grown;
    }
    return true;
  }
}

/** Whether text[from, to) — one ASCII word, letters or digits — is a stop word. */
function isStopWord(text: string, from: number, to: number): boolean {
  // Longer words have no slot in the table (their index would land in the next prefix's).
  if (to - from > LONGEST_STOP_WORD) return false;
  let key = 0;
  const end = Math.min(to, from + STOP_PREFIX);
  for (let k = from; k < end; k++) {
    const c = text.charCodeAt(k) | 32;
    if (c < 97 || c > 122) return false; // digits: no stop word has one
    key = key * 27 + (c - 96);
  }
  const group = STOP_GROUP_OF[key * (LONGEST_STOP_WORD + 1) + to - from];
  if (group === 0) return false;
  if (to - from <= STOP_PREFIX) return true;
  for (const word of STOP_GROUPS[group]) {
    let k = STOP_PREFIX;
    while (k < word.length && (text.charCodeAt(from + k) | 32) === word.charCodeAt(k)) k++;
    if (k === word.length) return true;
  }
  return false;
}
