import { readFileSync } from 'node:fs';
import builtIn from './model-prices.json' with { type: 'json' };

/** Dollars per 1,000,000 tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Cached input read; absent → the input price. */
  cacheRead?: number;
  /** Input written to the cache; absent → the input price. */
  cacheWrite?: number;
  /** Reasoning output; absent → the output price. */
  reasoning?: number;
}

/** Token counts of one call, in the GenAI convention: cached counts are part of input, reasoning part of output. */
export interface TokenUsage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  reasoning?: number;
}

const PRICE_FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite', 'reasoning'] as const;
export const MAX_MODEL_NAME = 200;

/** Checks one price entry (from a file or a request); returns an error message or null. */
export function priceProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be an object of prices';
  const entry = value as Record<string, unknown>;
  for (const key of Object.keys(entry)) if (!(PRICE_FIELDS as readonly string[]).includes(key)) return `${key} is not a price field`;
  for (const key of PRICE_FIELDS) {
    const v = entry[key];
    const required = key === 'input' || key === 'output';
    if (v === undefined && !required) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1_000_000) return `${key} must be a number from 0 to 1000000 (dollars per million tokens)`;
  }
  return null;
}

/**
 * The names tried for a model, most specific first (see docs/opentelemetry.md#cost): as sent
 * (lowercased); without a provider prefix (`openai/gpt-4o`, `models/gemini-2.5-pro`,
 * `us.anthropic.claude-…`); then each without a version or date suffix (`-2024-08-06`,
 * `-20250514`, `@20240620`, `-v1:0`, `-latest`, `-001`).
 */
export function candidateNames(model: string): string[] {
  const names: string[] = [];
  const add = (name: string) => {
    if (name && !names.includes(name)) names.push(name);
  };
  const exact = model.trim().toLowerCase();
  add(exact);
  const unprefixed = exact
    .slice(exact.lastIndexOf('/') + 1)
    .replace(/^(?:(?:us|eu|apac|global)\.)?(?:anthropic|meta|amazon|mistral|cohere|ai21|openai|google)\./, '');
  add(unprefixed);
  for (const base of [exact, unprefixed]) {
    let name = base;
    for (;;) {
      const shorter = name.replace(/(?:-\d{4}-\d{2}-\d{2}|-\d{8}|@\d{8}|-v\d+(?::\d+)?|-latest|-\d{3})$/, '');
      if (shorter === name) break;
      name = shorter;
      add(name);
    }
  }
  return names;
}

/** Dollars for `usage` at `price`; cached and reasoning tokens at their own rates, never twice. */
export function costOf(price: ModelPrice, usage: TokenUsage): number {
  const cacheRead = Math.min(usage.cacheRead ?? 0, usage.input);
  const cacheWrite = Math.min(usage.cacheWrite ?? 0, usage.input - cacheRead);
  const reasoning = Math.min(usage.reasoning ?? 0, usage.output);
  const perMillion =
    (usage.input - cacheRead - cacheWrite) * price.input +
    cacheRead * (price.cacheRead ?? price.input) +
    cacheWrite * (price.cacheWrite ?? price.input) +
    (usage.output - reasoning) * price.output +
    reasoning * (price.reasoning ?? price.output);
  // Rounded to a nano-dollar so sums over many spans do not drift in the last binary digits.
  return Math.round(perMillion * 1000) / 1e9;
}

/** Reads a deployment's price file (MODEL_PRICES_FILE): `{ "models": { name: price } }`. */
export function loadPriceFile(file: string): Record<string, ModelPrice> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { models?: unknown };
  const models = parsed.models;
  if (typeof models !== 'object' || models === null || Array.isArray(models)) throw new Error(`${file}: must hold an object "models"`);
  for (const [name, price] of Object.entries(models)) {
    const problem = priceProblem(price);
    if (problem) throw new Error(`${file}: models.${name}: ${problem}`);
  }
  return models as Record<string, ModelPrice>;
}

/**
 * The model price table: the built-in list (src/domain/pricing/model-prices.json), overridden by a
 * deployment file, overridden per project (REST). Lookup goes through candidateNames, and at each
 * name the project's entry wins over the deployment's.
 */
export class PriceTable {
  private readonly prices = new Map<string, ModelPrice>();

  constructor(deploymentOverrides: Record<string, ModelPrice> = {}) {
    for (const [name, price] of Object.entries(builtIn.models as Record<string, ModelPrice>)) this.prices.set(name.toLowerCase(), price);
    for (const [name, price] of Object.entries(deploymentOverrides)) this.prices.set(name.toLowerCase(), price);
  }

  find(model: string, projectOverrides: ReadonlyMap<string, ModelPrice> = new Map()): { name: string; price: ModelPrice } | null {
    for (const name of candidateNames(model)) {
      const price = projectOverrides.get(name) ?? this.prices.get(name);
      if (price) return { name, price };
    }
    return null;
  }
}
