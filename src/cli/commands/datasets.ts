import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { ApiProblemError, CliFailure, UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import { exportLine, formatOf, readItems, CSV_HEADER, type FileFormat } from '../dataset-files.js';
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

/** How one rejected line reads: the API's field errors when it gave them, else its detail. */
function rejection(error: unknown): string {
  if (error instanceof ApiProblemError) {
    const fields = (error.problem.errors ?? []).map((field) => `${field.path}: ${field.message}`);
    return `${error.problem.code}: ${fields.length > 0 ? fields.join('; ') : error.problem.detail}`;
  }
  throw error;
}

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
    .description('add items from a JSONL or CSV file, one item per line; lines that fail are reported and skipped')
    .requiredOption('--file <path>', 'the file to import')
    .option('--format <format>', 'jsonl or csv (default: from the extension, else jsonl)')
    .action(async (id: string, options: { file: string; format?: string }, self: Command) => {
      let format: FileFormat;
      try {
        format = formatOf(options.file, options.format);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const context = CommandContext.of(io, self);
      const client = context.client();
      await client.get(`${PATH}/${encodeURIComponent(id)}`); // a wrong id fails once, before any line
      let imported = 0;
      const failures: string[] = [];
      try {
        for await (const parsed of readItems(options.file, format)) {
          if ('error' in parsed) failures.push(`line ${parsed.line}: ${parsed.error}`);
          else {
            try {
              await client.request('POST', itemsPath(id), { body: parsed.item });
              imported += 1;
            } catch (error) {
              failures.push(`line ${parsed.line}: ${rejection(error)}`);
            }
          }
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code) throw new CliFailure(`Cannot read ${options.file}: ${(error as Error).message}`);
        throw error;
      }
      for (const failure of failures) io.err(`${failure}\n`);
      if (context.settings.json) printJson(io, { imported, failed: failures.length, errors: failures });
      else io.out(`Imported ${imported} item${imported === 1 ? '' : 's'}; ${failures.length} line${failures.length === 1 ? '' : 's'} failed.\n`);
      if (failures.length > 0) throw new CliFailure(`${failures.length} line${failures.length === 1 ? '' : 's'} of ${options.file} not imported (listed above)`);
    });

  datasets
    .command('export <id>')
    .description("write a dataset's items as JSONL or CSV (to stdout or --output)")
    .option('--format <format>', 'jsonl (default) or csv')
    .option('--at-version <n>', 'export the items as they were at this dataset version')
    .option('--include-archived', 'also export archived items')
    .option('--output <file>', 'write to this file instead of stdout')
    .action(async (id: string, options: { format?: string; atVersion?: string; includeArchived?: boolean; output?: string }, self: Command) => {
      const format = options.format ?? 'jsonl';
      if (format !== 'jsonl' && format !== 'csv') throw new UsageError(`--format must be jsonl or csv; got ${format}`);
      const version = versionOf(options.atVersion);
      const context = CommandContext.of(io, self);
      const client = context.client();
      const file = options.output ? createWriteStream(options.output) : undefined;
      // One page at a time, written before the next is read: an export is never held whole.
      const write = async (text: string): Promise<void> => {
        if (!file) return io.outBytes ? io.outBytes(Buffer.from(text)) : io.out(text);
        if (!file.write(text)) await once(file, 'drain');
      };
      let count = 0;
      try {
        if (format === 'csv') await write(CSV_HEADER);
        let cursor: string | undefined;
        do {
          const page = await client.get<ItemList>(itemsPath(id), { version, includeArchived: options.includeArchived, limit: 100, cursor });
          for (const item of page.items) await write(exportLine(item, format));
          count += page.items.length;
          cursor = page.page.nextCursor ?? undefined;
        } while (cursor);
      } finally {
        if (file) await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
      }
      context.notice(`Exported ${count} item${count === 1 ? '' : 's'}.`);
    });
}
