import { failureSignature } from '../../src/domain/clusters/failure-signature.js';
import { seededRandom } from '../../src/domain/detections/learning/seeded-random.js';

/**
 * A seeded synthetic corpus of failing traces with planted failure families: each family is a span
 * (type, name) and an error-message template whose slots vary per trace (numbers, uuids, hex ids,
 * paths, URLs, quoted values, model names, table names). Two pairs of families share a span and
 * differ only by message, so the span alone cannot separate them; one family has a slot of variable length. `noiseShare` of the traces are
 * noise: a random span and a message of random words, each its own planted class (a singleton).
 */
export interface FailingTraceFixture {
  family: string;
  spanType: string;
  spanName: string;
  error: string;
}

const WORDS = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'.split(' ');
const MODELS = ['gpt-4o-mini', 'gpt-4.1', 'claude-sonnet-4', 'llama-3-70b', 'mistral-large'];
const TABLES = ['orders', 'users', 'payments', 'sessions', 'invoices'];

export function failureCorpus(size: number, seed: number, noiseShare = 0.05): FailingTraceFixture[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const int = (max: number): number => 1 + Math.floor(random() * max);
  const hex = (len: number): string => Array.from({ length: len }, () => '0123456789abcdef'[Math.floor(random() * 16)]).join('');
  const uuid = (): string => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const path = (): string => `/srv/${pick(WORDS)}/${pick(WORDS)}/${pick(WORDS)}.json`;
  const families: { name: string; spanType: string; spanName: string; message: () => string }[] = [
    { name: 'http-timeout', spanType: 'tool', spanName: 'http_get', message: () => `upstream timeout after ${int(60)}s calling https://api.${pick(WORDS)}.example.com/v${int(3)}/${pick(WORDS)}?id=${int(9999)}` },
    { name: 'http-5xx', spanType: 'tool', spanName: 'http_get', message: () => `upstream answered ${500 + int(3)} Service Unavailable for request ${uuid()}` },
    { name: 'rate-limit', spanType: 'llm', spanName: 'openai.chat', message: () => `rate limit exceeded for model ${pick(MODELS)}: retry after ${int(2000)}ms` },
    { name: 'context-length', spanType: 'llm', spanName: 'openai.chat', message: () => `context length exceeded: ${int(200000)} tokens requested, limit is ${int(128000)}` },
    { name: 'missing-file', spanType: 'tool', spanName: 'file_read', message: () => `ENOENT: no such file or directory, open '${path()}'` },
    { name: 'index-missing', spanType: 'retriever', spanName: 'vector.search', message: () => `index "${pick(WORDS)}-${int(9)}" not found in namespace ${uuid()}` },
    { name: 'max-iterations', spanType: 'agent', spanName: 'planner', message: () => `agent stopped: max iterations ${int(50)} reached without a final answer (run ${hex(12)})` },
    { name: 'schema-mismatch', spanType: 'tool', spanName: 'extract_fields', message: () => `validation failed for field ${pick(WORDS)}: expected ${pick(['string', 'number', 'boolean'])} but got ${pick(['null', 'object', 'array'])}` },
    // A slot of one or two words: Drain compares signatures of one length only, so this family is
    // expected to come out as two clusters (the ARI bar allows for it).
    { name: 'permission', spanType: 'tool', spanName: 'crm_update', message: () => `permission denied for role ${random() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS)}`}` },
    { name: 'sql-deadlock', spanType: 'tool', spanName: 'sql_query', message: () => `deadlock detected on relation ${pick(TABLES)} while process ${int(99999)} waited for ShareLock on transaction 0x${hex(6)}` },
  ];
  return Array.from({ length: size }, (_, i) => {
    if (random() < noiseShare) {
      const length = 3 + Math.floor(random() * 8);
      return { family: `noise-${i}`, spanType: pick(['tool', 'llm', 'chain']), spanName: pick(WORDS), error: Array.from({ length }, () => pick(WORDS)).join(' ') };
    }
    const family = pick(families);
    return { family: family.name, spanType: family.spanType, spanName: family.spanName, error: family.message() };
  });
}

/** The signature the detection worker would mine from a fixture's trace: an agent run failing under its one failing span. */
export function signatureOf(trace: FailingTraceFixture, maxTokens: number): string[] {
  return failureSignature(
    {
      status: 'error',
      name: 'agent run',
      firings: [],
      spans: [
        { spanId: 'root', parentSpanId: null, position: 0, name: 'run', spanType: 'agent', status: 'error', error: 'agent failed' },
        { spanId: 'cause', parentSpanId: 'root', position: 1, name: trace.spanName, spanType: trace.spanType, status: 'error', error: trace.error },
      ],
    },
    maxTokens,
  )!;
}
