import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { once } from 'node:events';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { ApiProblemError, CliFailure, UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { collect, parseListFlags, type ListFlags } from '../list-engine.js';
import { printCollected, printJson, printResource } from '../output.js';

type DatasetList = SuccessData<'listDatasets'>;
type ItemList = SuccessData<'listDatasetItems'>;
type Item = ItemList['items'][number];

const PATH = '/api/v1/public/datasets';
const itemsPath = (id: string) => `${PATH}/${encodeURIComponent(id)}/items`;

function versionOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(`--at-version must be a whole number; got ${raw}`);
  return Number(raw);
}

const short = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

export function registerDatasetCommands(program: Command, io: Io): void {
  const datasets = program.command('datasets').description('versioned datasets of items for experiments');

  addListCommand<DatasetList, DatasetList['datasets'][number]>(datasets, io, {
    description: 'list datasets, newest first',
    noun: 'datasets',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.datasets,
    columns: [
      { header: 'ID', value: (d) => d.id },
      { header: 'NAME', value: (d) => d.name },
      { header: 'VERSION', value: (d) => d.version },
      { header: 'ITEMS', value: (d) => d.itemCount },
      { header: 'UPDATED', value: (d) => d.updatedAt },
    ],
  });

  datasets
    .command('create')
    .description('create an empty dataset')
    .requiredOption('--name <name>', 'dataset name')
    .option('--description <text>', 'what the dataset is for')
    .action(async (options: { name: string; description?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const body: BodyOf<'createDataset'> = { name: options.name, ...(options.description !== undefined ? { description: options.description } : {}) };
      printResource(io, context.settings.json, await context.client().request<SuccessData<'createDataset'>>('POST', PATH, { body }));
    });

  datasets
    .command('items <id>')
    .description("list a dataset's items, at the current version or --at-version N")
    .option('--at-version <n>', 'read the items as they were at this dataset version')
    .option('--include-archived', 'also list archived items')
    .option('--limit <n>', 'page size (1 to 100)')
    .option('--cursor <cursor>', 'resume from a printed continuation cursor')
    .option('--all', 'follow pages until --max-items or the end (needs --max-items)')
    .option('--max-items <n>', 'with --all: stop after N items (1 to 1000) and print the cursor to resume')
    .action(async (id: string, options: ListFlags & { atVersion?: string; includeArchived?: boolean }, self: Command) => {
      const request = parseListFlags(options);
      const version = versionOf(options.atVersion);
      const context = CommandContext.of(io, self);
      const client = context.client();
      const collected = await collect(
        async ({ cursor, limit }) => {
          const data = await client.get<ItemList>(itemsPath(id), { version, includeArchived: options.includeArchived, limit, cursor });
          return { items: data.items, page: data.page };
        },
        request,
        { maxPageSize: 100 },
      );
      printCollected<Item>(io, context.settings.json, collected, [
        { header: 'ID', value: (item) => item.id },
        { header: 'STATUS', value: (item) => item.status },
        { header: 'VERSION', value: (item) => item.version },
        { header: 'INPUT', value: (item) => short(item.input) },
        { header: 'EXPECTED', value: (item) => short(item.expectedOutput) },
      ], 'items');
    });

  datasets
    .command('import <id>')
    .description('add items from a JSONL or CSV file in one change (all or nothing; bad lines are listed)')
    .requiredOption('--file <path>', 'the file to import (- for stdin)')
    .option('--format <format>', 'jsonl or csv (default: from the extension, else jsonl)')
    .action(async (id: string, options: { file: string; format?: string }, self: Command) => {
      const format = options.format ?? (options.file.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl');
      if (format !== 'jsonl' && format !== 'csv') throw new UsageError(`--format must be jsonl or csv; got ${format}`);
      let content: string;
      try {
        content = options.file === '-' ? await io.readStdin() : await readFile(options.file, 'utf8');
      } catch (error) {
        throw new CliFailure(`Cannot read ${options.file}: ${(error as Error).message}`);
      }
      if (content.trim() === '') throw new UsageError(`${options.file} is empty`);
      const context = CommandContext.of(io, self);
      const body: BodyOf<'importDatasetItems'> = { format, content };
      let result: SuccessData<'importDatasetItems'>;
      try {
        result = await context.client().request<SuccessData<'importDatasetItems'>>('POST', `${itemsPath(id)}/import`, { body });
      } catch (error) {
        // The service names each bad line (`line N: …`); list them plainly, then fail as usual.
        const lines = error instanceof ApiProblemError ? (error.problem.errors ?? []).filter((field) => field.path.startsWith('/body/content/lines/')) : [];
        for (const field of lines) io.err(`${field.message}\n`);
        if (lines.length > 0) throw new CliFailure(`nothing imported: ${lines.length === 20 ? 'at least ' : ''}${lines.length} bad line${lines.length === 1 ? '' : 's'} in ${options.file} (listed above)`);
        throw error;
      }
      if (context.settings.json) printJson(io, result);
      else io.out(`Imported ${result.imported} item${result.imported === 1 ? '' : 's'}; the dataset is now at version ${result.datasetVersion}.\n`);
    });

  datasets
    .command('export <id>')
    .description("write a dataset's active items as JSONL or CSV (to stdout or --output), streamed")
    .option('--format <format>', 'jsonl (default) or csv')
    .option('--at-version <n>', 'export the items as they were at this dataset version')
    .option('--output <file>', 'write to this file instead of stdout')
    .action(async (id: string, options: { format?: string; atVersion?: string; output?: string }, self: Command) => {
      const format = options.format ?? 'jsonl';
      if (format !== 'jsonl' && format !== 'csv') throw new UsageError(`--format must be jsonl or csv; got ${format}`);
      const version = versionOf(options.atVersion);
      const context = CommandContext.of(io, self);
      const file = options.output ? createWriteStream(options.output) : undefined;
      try {
        await context.client().download(`${itemsPath(id)}/export`, { format, version }, async (chunk) => {
          if (!file) return io.outBytes ? io.outBytes(chunk) : io.out(Buffer.from(chunk).toString('utf8'));
          if (!file.write(chunk)) await once(file, 'drain');
        });
      } finally {
        if (file) await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
      }
    });
}
