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
 * The words of ASCII text, split exactly as WORD splits them, by a scan of character codes: the
 * Unicode-property regular expression costs as much as the rest of ingest on prompt-sized text.
 */
function scanAscii(text: string, emit: (word: string) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    let j = i + 1;
    if (isDigit(c)) {
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      emit(text.slice(i, j));
    } else if (isLower(c)) {
      while (j < n && isLower(text.charCodeAt(j))) j++;
      emit(text.slice(i, j));
    } else if (isUpper(c)) {
      while (j < n && isUpper(text.charCodeAt(j))) j++;
      if (j < n && isLower(text.charCodeAt(j))) {
        // HTTPServer: HTTP, then Server starts at the last capital.
        if (j - i > 1) emit(text.slice(i, j - 1).toLowerCase());
        const start = j - 1;
        while (j < n && isLower(text.charCodeAt(j))) j++;
        emit(text.slice(start, j).toLowerCase());
      } else {
        emit(text.slice(i, j).toLowerCase());
      }
    }
    i = j;
  }
}

function scan(text: string, emit: (word: string) => void): void {
  if (!NON_ASCII.test(text)) return scanAscii(text, emit);
  for (const match of text.matchAll(WORD)) emit(match[0].toLowerCase());
}

/** The words of `text`, in order, stop words included. */
export function splitWords(text: string, into: string[] = []): string[] {
  scan(text, (word) => {
    if (word.length <= MAX_WORD_CHARS) into.push(word);
  });
  return into;
}

/** The words of `text`, in order, stop words left out: what a search document holds. */
export function wordsOf(text: string, into: string[] = []): string[] {
  scan(text, (word) => {
    if (word.length <= MAX_WORD_CHARS && !STOP_WORDS.has(word)) into.push(word);
  });
  return into;
}
