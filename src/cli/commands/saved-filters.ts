import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { confirmDestructive } from '../confirm.js';
import { CommandContext } from '../context.js';
import { parseJsonFlag, readJsonInput } from '../input-files.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printResource } from '../output.js';

type FilterNodes = BodyOf<'createSavedFilter'>['filters'];
type SavedFilterList = SuccessData<'listSavedFilters'>;

const PATH = '/api/v1/public/saved-filters';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

interface FilterSourceOptions {
  filters?: string;
  filtersFile?: string;
}

/** The rule tree from --filters '<json>' or --filters-file <path|->; the server validates its shape. */
async function filterTree(io: Io, options: FilterSourceOptions): Promise<FilterNodes | undefined> {
  if (options.filters !== undefined && options.filtersFile !== undefined) throw new UsageError('give --filters or --filters-file, not both');
  const value =
    options.filters !== undefined ? parseJsonFlag('--filters', options.filters) : options.filtersFile !== undefined ? await readJsonInput(io, options.filtersFile, 'the filters') : undefined;
  if (value !== undefined && !Array.isArray(value)) throw new UsageError('the filters must be a JSON array of rule or group nodes');
  return value as FilterNodes | undefined;
}

export function registerSavedFilterCommands(program: Command, io: Io): void {
  const savedFilters = program.command('saved-filters').description('named trace filters');

  addListCommand<SavedFilterList, SavedFilterList['savedFilters'][number]>(savedFilters, io, {
    description: 'list saved filters, newest first',
    noun: 'saved filters',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.savedFilters,
    columns: [
      { header: 'ID', value: (f) => f.id },
      { header: 'NAME', value: (f) => f.name },
      { header: 'CREATED', value: (f) => f.createdAt },
      { header: 'UPDATED', value: (f) => f.updatedAt },
    ],
  });

  savedFilters
    .command('get <id>')
    .description('read one saved filter with its rules')
    .action(async (id: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      printResource(io, context.settings.json, await context.client().get<SuccessData<'getSavedFilter'>>(itemPath(id)));
    });

  savedFilters
    .command('create')
    .description('save a named filter')
    .requiredOption('--name <name>', 'filter name')
    .option('--filters <json>', 'the rule tree as a JSON array')
    .option('--filters-file <path>', 'read the rule tree from a JSON file (- for stdin)')
    .action(async (options: FilterSourceOptions & { name: string }, self: Command) => {
      const filters = await filterTree(io, options);
      if (filters === undefined) throw new UsageError('give the rule tree with --filters or --filters-file');
      const context = CommandContext.of(io, self);
      const body: BodyOf<'createSavedFilter'> = { name: options.name, filters };
      printResource(io, context.settings.json, await context.client().request<SuccessData<'createSavedFilter'>>('POST', PATH, { body }));
    });

  savedFilters
    .command('update <id>')
    .description('rename a saved filter or replace its rules')
    .option('--name <name>', 'new name')
    .option('--filters <json>', 'new rule tree as a JSON array')
    .option('--filters-file <path>', 'read the new rule tree from a JSON file (- for stdin)')
    .action(async (id: string, options: FilterSourceOptions & { name?: string }, self: Command) => {
      const filters = await filterTree(io, options);
      if (options.name === undefined && filters === undefined) throw new UsageError('give --name, --filters or --filters-file');
      const context = CommandContext.of(io, self);
      const body: BodyOf<'updateSavedFilter'> = { ...(options.name !== undefined ? { name: options.name } : {}), ...(filters ? { filters } : {}) };
      printResource(io, context.settings.json, await context.client().request<SuccessData<'updateSavedFilter'>>('PATCH', itemPath(id), { body }));
    });

  savedFilters
    .command('delete <id>')
    .description('delete a saved filter (asks for confirmation on a terminal, or takes --yes)')
    .option('-y, --yes', 'delete without asking')
    .action(async (id: string, options: { yes?: boolean }, self: Command) => {
      const context = CommandContext.of(io, self);
      if (!(await confirmDestructive(io, options.yes, `Delete saved filter ${id}?`))) {
        context.notice('Not deleted.');
        return;
      }
      // The API wants the id repeated as `confirmation`, so a mistyped path cannot delete another filter.
      const body: BodyOf<'deleteSavedFilter'> = { confirmation: id };
      const data = await context.client().request<SuccessData<'deleteSavedFilter'>>('DELETE', itemPath(id), { body });
      if (context.settings.json) printResource(io, true, data);
      else io.out(`Deleted saved filter ${id}.\n`);
    });
}
