import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { CliFailure, UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { collect, parseListFlags, type ListFlags } from '../list-engine.js';
import { printCollected, printResource } from '../output.js';

type ModelList = SuccessData<'listDetectionModels'>;
type Model = ModelList['models'][number];
type Example = NonNullable<BodyOf<'trainDetection'>['examples']>[number];

const modelsPath = (id: string) => `/api/v1/public/detections/${encodeURIComponent(id)}`;

/** Labeled examples from JSONL: one `{"fields": {...}, "label": true|false}` per line; a bad line is named. */
function parseExamples(content: string, file: string): Example[] {
  const examples: Example[] = [];
  content.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${file} line ${index + 1} is not valid JSON: ${(error as Error).message}`);
    }
    const example = value as { fields?: unknown; label?: unknown };
    if (typeof example !== 'object' || example === null || typeof example.fields !== 'object' || example.fields === null || typeof example.label !== 'boolean') {
      throw new UsageError(`${file} line ${index + 1} must be {"fields": {"output": "…"}, "label": true|false}`);
    }
    examples.push({ fields: example.fields as Record<string, string>, label: example.label });
  });
  if (examples.length === 0) throw new UsageError(`${file} holds no examples`);
  return examples;
}

/** `detections train|models|activate`: learned custom_trained detections (docs/detections-learning.md). */
export function registerDetectionModelCommands(detections: Command, io: Io): void {
  detections
    .command('train <id>')
    .description('queue a training of a learned custom_trained detection (the outcome arrives as notification.classifier_trained)')
    .option('--examples <path>', 'labeled examples as JSONL (upload label source; - for stdin)')
    .action(async (id: string, options: { examples?: string }, self: Command) => {
      let body: BodyOf<'trainDetection'> = {};
      if (options.examples !== undefined) {
        let content: string;
        try {
          content = options.examples === '-' ? await io.readStdin() : await readFile(options.examples, 'utf8');
        } catch (error) {
          throw new CliFailure(`Cannot read ${options.examples}: ${(error as Error).message}`);
        }
        body = { examples: parseExamples(content, options.examples) };
      }
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'trainDetection'>>('POST', `${modelsPath(id)}/trainings`, { body }));
    });

  detections
    .command('models <id>')
    .description("list a learned detection's model versions, newest first, with their hold-out evaluation")
    .option('--limit <n>', 'page size (1 to 100)')
    .option('--cursor <cursor>', 'resume from a printed continuation cursor')
    .option('--all', 'follow pages until --max-items or the end (needs --max-items)')
    .option('--max-items <n>', 'with --all: stop after N items (1 to 1000) and print the cursor to resume')
    .action(async (id: string, options: ListFlags, self: Command) => {
      const request = parseListFlags(options);
      const context = CommandContext.of(io, self);
      const client = context.client();
      const collected = await collect(
        async ({ cursor, limit }) => {
          const data = await client.get<ModelList>(`${modelsPath(id)}/models`, { limit, cursor });
          return { items: data.models, page: data.page };
        },
        request,
        { maxPageSize: 100 },
      );
      const metric = (value: number | null | undefined) => (value === null || value === undefined ? '-' : value.toFixed(3));
      printCollected<Model>(io, context.settings.json, collected, [
        { header: 'VERSION', value: (m) => m.version },
        { header: 'STATUS', value: (m) => m.status },
        { header: 'ACTIVE', value: (m) => m.active },
        { header: 'F1', value: (m) => metric(m.evaluation?.f1) },
        { header: 'ROC AUC', value: (m) => metric(m.evaluation?.rocAuc) },
        { header: 'EXAMPLES', value: (m) => (m.examples ? `${m.examples.positive}+/${m.examples.negative}-` : '-') },
        { header: 'REASON', value: (m) => m.reason ?? '' },
      ], 'models');
    });

  detections
    .command('activate <id> <version>')
    .description('make a trained model version the one the detection runs')
    .action(async (id: string, version: string, _options: unknown, self: Command) => {
      if (!/^\d+$/.test(version) || Number(version) < 1) throw new UsageError(`<version> must be a whole number from 1; got ${version}`);
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().request<SuccessData<'activateDetectionModel'>>('POST', `${modelsPath(id)}/models/${Number(version)}/activate`, {}));
    });
}
