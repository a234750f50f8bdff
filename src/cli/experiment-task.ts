import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BodyOf } from '../http/operation-types.js';
import { UsageError } from './cli-errors.js';

export type ResultInput = BodyOf<'recordExperimentResults'>['results'][number];
type ScoreInput = NonNullable<ResultInput['scores']>[number];

/** What the task module's default export is called with: the item's input and the whole item. */
export type TaskFunction = (input: unknown, item: unknown) => unknown;

/** The server's bound on one output (docs/experiments.md "Bounds"): checked here so one big output fails its item, not its batch. */
const MAX_OUTPUT_BYTES = 262_144;
const MAX_ERROR_CHARS = 2000;
const MAX_SCORES = 20;
/** Keys of the structured return `{ output, scores, traceId, latencyMs, costUsd }`. */
const STRUCTURED_KEYS = new Set(['output', 'scores', 'traceId', 'latencyMs', 'costUsd']);

/** Imports the task module (a path relative to the working directory) and returns its default export. */
export async function loadTask(file: string): Promise<TaskFunction> {
  const absolute = path.resolve(file);
  try {
    await stat(absolute);
  } catch {
    throw new UsageError(`--task ${file}: no such file`);
  }
  const module = (await import(pathToFileURL(absolute).href)) as { default?: unknown };
  if (typeof module.default !== 'function') throw new UsageError(`--task ${file} must have a default export: async (input, item) => output`);
  return module.default as TaskFunction;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A return value is structured when it is a plain object with an `output` key and no keys but the
 * ones above; anything else is the output itself (documented in docs/experiments.md, so a task
 * whose real output is such an object wraps it: `{ output: { output: … } }`).
 */
function isStructured(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && 'output' in value && Object.keys(value).every((key) => STRUCTURED_KEYS.has(key));
}

/** Scores as `{ name: value }` or `[{ name, value, dataType?, comment? }]`. */
function scoresOf(raw: unknown): ScoreInput[] {
  if (raw === undefined || raw === null) return [];
  const list: unknown[] = Array.isArray(raw) ? raw : isPlainObject(raw) ? Object.entries(raw).map(([name, value]) => ({ name, value })) : [raw];
  if (list.length > MAX_SCORES) throw new Error(`the task returned ${list.length} scores; at most ${MAX_SCORES} per item`);
  return list.map((entry, index) => {
    if (!isPlainObject(entry) || typeof entry.name !== 'string') throw new Error(`score ${index} is not { name, value }`);
    const value = entry.value;
    if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string') throw new Error(`score ${entry.name} has no number, boolean or string value`);
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`score ${entry.name} is not a finite number`);
    return { ...(entry as unknown as ScoreInput) };
  });
}

/** A value the API can store: JSON-serialisable, within the output bound. `undefined` → no output. */
function jsonOutput(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  if (text === undefined) throw new Error('the output is not JSON-serialisable');
  if (Buffer.byteLength(text) > MAX_OUTPUT_BYTES) throw new Error(`the output is ${Buffer.byteLength(text)} bytes of JSON; at most ${MAX_OUTPUT_BYTES}`);
  return JSON.parse(text) as unknown;
}

export const errorText = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS - 1)}…` : text;
};

export interface TaskItem {
  id: string;
  input: unknown;
}

/**
 * Calls the task for one item and turns what happens into one result. A throw, a rejected promise
 * or an unusable return value becomes the item's `error` — never the run's end.
 */
export async function runOne(task: TaskFunction, item: TaskItem, now: () => number = () => performance.now()): Promise<ResultInput> {
  const started = now();
  let returned: unknown;
  try {
    returned = await task(item.input, item);
  } catch (error) {
    return { itemId: item.id, error: errorText(error), latencyMs: Math.max(0, now() - started) };
  }
  const measured = Math.max(0, now() - started);
  try {
    if (!isStructured(returned)) {
      const output = jsonOutput(returned);
      return { itemId: item.id, ...(output !== undefined ? { output } : {}), latencyMs: measured };
    }
    const output = jsonOutput(returned.output);
    const scores = scoresOf(returned.scores);
    const { traceId, latencyMs, costUsd } = returned;
    return {
      itemId: item.id,
      ...(output !== undefined ? { output } : {}),
      ...(typeof traceId === 'string' ? { traceId } : {}),
      latencyMs: typeof latencyMs === 'number' && latencyMs >= 0 ? latencyMs : measured,
      ...(typeof costUsd === 'number' && costUsd >= 0 ? { costUsd } : {}),
      ...(scores.length > 0 ? { scores } : {}),
    };
  } catch (error) {
    return { itemId: item.id, error: errorText(error), latencyMs: measured };
  }
}

/** Runs `work` over the items with at most `concurrency` at once, in order of start. */
export async function forEachBounded<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
