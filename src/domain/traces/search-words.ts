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

/** Runs of letters or digits (anything else separates words). */
const RUN = /[\p{L}\p{M}\p{N}]+/gu;
/** Boundaries inside a run: lower→Upper, the last of several capitals before a lower (HTTPServer → HTTP Server), letter↔digit. */
const INNER = /(?<=[\p{Ll}\p{M}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=[\p{L}\p{M}])(?=\p{N})|(?<=\p{N})(?=[\p{L}\p{M}])/u;

/** The words of `text`, in order, stop words included. */
export function splitWords(text: string, into: string[] = []): string[] {
  for (const run of text.match(RUN) ?? []) {
    for (const part of run.split(INNER)) {
      if (part.length > 0 && part.length <= MAX_WORD_CHARS) into.push(part.toLowerCase());
    }
  }
  return into;
}

/** The words of `text`, in order, stop words left out: what a search document holds. */
export function wordsOf(text: string, into: string[] = []): string[] {
  for (const word of splitWords(text)) if (!STOP_WORDS.has(word)) into.push(word);
  return into;
}
