import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { CliFailure, UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import { readJsonInput } from '../input-files.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { formatCost, formatMs, printJson, printResource, renderTable } from '../output.js';

type PromptList = SuccessData<'listPrompts'>;
type PromptVersionBody = BodyOf<'createPromptVersion'>;
type VersionUsage = SuccessData<'getPromptUsage'>['versions'][number];

const percent = (share: number | null): string => (share === null ? '-' : `${(share * 100).toFixed(1)}%`);

/** The usage table: one row per version, the score means as name=mean. */
const USAGE_COLUMNS = [
  { header: 'VERSION', value: (v: VersionUsage) => v.version },
  { header: 'TRACES', value: (v: VersionUsage) => v.traceCount },
  { header: 'P50', value: (v: VersionUsage) => formatMs(v.latencyMs.p50) },
  { header: 'P95', value: (v: VersionUsage) => formatMs(v.latencyMs.p95) },
  { header: 'COST', value: (v: VersionUsage) => formatCost(v.cost.total) },
  { header: 'AVG COST', value: (v: VersionUsage) => formatCost(v.cost.average) },
  { header: 'ERRORS', value: (v: VersionUsage) => percent(v.errorRate) },
  { header: 'SCORES', value: (v: VersionUsage) => v.scores.map((s) => `${s.name}=${Number(s.average.toFixed(3))}`).join(',') },
];

const PATH = '/api/v1/public/prompts';
// A name may hold `/` (folders): encoded, it stays one path segment.
const promptPath = (name: string) => `${PATH}/${encodeURIComponent(name)}`;

const collectLabel = (value: string, previous: string[] = []): string[] => [...previous, value];

const positiveInteger = (flag: string, raw: string): number => {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) throw new UsageError(`${flag} must be a positive integer`);
  return Number(raw);
};

interface PushOptions {
  name?: string;
  type?: string;
  label?: string[];
  tag?: string[];
  message?: string;
  baseVersion?: string;
}

/**
 * What `push <file>` sends: a `.json` file (or `-`, stdin) is the request body itself (name, type,
 * template, config, labels, tags, commitMessage); any other file is the template of a text prompt,
 * named by --name. Flags fill in or override the file's fields.
 */
async function pushBody(io: Io, file: string, options: PushOptions): Promise<PromptVersionBody> {
  let base: Partial<PromptVersionBody>;
  if (file === '-' || file.endsWith('.json')) {
    const parsed = await readJsonInput(io, file, 'the prompt');
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError('the prompt file must be a JSON object with name, type and template');
    base = parsed as Partial<PromptVersionBody>;
  } else {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new CliFailure(`Cannot read the template from ${file}: ${(error as Error).message}`);
    }
    base = { type: 'text', template: text };
  }
  const name = options.name ?? base.name;
  if (name === undefined) throw new UsageError('give the prompt name with --name (or a "name" in the JSON file)');
  return {
    ...base,
    name,
    type: (options.type as PromptVersionBody['type'] | undefined) ?? base.type ?? 'text',
    template: base.template as PromptVersionBody['template'],
    ...(options.label ? { labels: options.label } : {}),
    ...(options.tag ? { tags: options.tag } : {}),
    ...(options.message !== undefined ? { commitMessage: options.message } : {}),
    ...(options.baseVersion !== undefined ? { baseVersion: positiveInteger('--base-version', options.baseVersion) } : {}),
  };
}

export function registerPromptCommands(program: Command, io: Io): void {
  const prompts = program.command('prompts').description('versioned prompts and their labels');

  addListCommand<PromptList, PromptList['prompts'][number]>(prompts, io, {
    description: 'list prompts in name order with their latest version and labels',
    noun: 'prompts',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.prompts,
    columns: [
      { header: 'NAME', value: (p) => p.name },
      { header: 'TYPE', value: (p) => p.type },
      { header: 'LATEST', value: (p) => String(p.latestVersion) },
      { header: 'LABELS', value: (p) => Object.entries(p.labels).map(([label, version]) => `${label}=${version}`).join(',') },
      { header: 'UPDATED', value: (p) => p.updatedAt },
    ],
    filters: [
      { flags: '--name-prefix <prefix>', description: 'names starting with this (a folder: support/)', param: 'namePrefix' },
      { flags: '--label <label>', description: 'prompts where some version carries this label', param: 'label' },
      { flags: '--tag <tag>', description: "prompts whose latest version carries this tag", param: 'tag' },
    ],
  });

  prompts
    .command('get <name>')
    .description('read the version under a label (default production) or an explicit version')
    .option('--label <label>', 'the label to read (default production)')
    // Not --version: the program's own --version is recognised after any subcommand.
    .option('--prompt-version <n>', 'an explicit version number')
    .action(async (name: string, options: { label?: string; promptVersion?: string }, self: Command) => {
      if (options.label !== undefined && options.promptVersion !== undefined) throw new UsageError('give --label or --prompt-version, not both');
      const context = CommandContext.of(io, self);
      const query = { label: options.label, version: options.promptVersion === undefined ? undefined : positiveInteger('--prompt-version', options.promptVersion) };
      printResource(io, context.settings.json, await context.client().get<SuccessData<'getPrompt'>>(promptPath(name), query));
    });

  prompts
    .command('usage <name>')
    .description('how each version did over a window: traces, latency p50/p95, cost, error rate, score means')
    .option('--prompt-version <n>', 'only this version')
    .option('--from <time>', 'ISO 8601, inclusive (default: 7 days before --to)')
    .option('--to <time>', 'ISO 8601, exclusive (default: now)')
    .action(async (name: string, options: { promptVersion?: string; from?: string; to?: string }, self: Command) => {
      const context = CommandContext.of(io, self);
      const query = {
        version: options.promptVersion === undefined ? undefined : positiveInteger('--prompt-version', options.promptVersion),
        from: options.from,
        to: options.to,
      };
      const data = await context.client().get<SuccessData<'getPromptUsage'>>(`${promptPath(name)}/usage`, query);
      if (context.settings.json) return printJson(io, data);
      io.out(`${data.name} from ${data.from} to ${data.to}\n`);
      io.out(data.versions.length === 0 ? 'No traces used it in this window.\n' : renderTable(data.versions, USAGE_COLUMNS));
    });

  prompts
    .command('push <file>')
    .description('save a new version: a .json file (or - for stdin) is the whole version, any other file a text template')
    .option('--name <name>', 'the prompt name (overrides the file)')
    .option('--type <type>', 'text or chat (default: the file, else text)')
    .option('--label <label>', 'a label for the new version (repeat for more)', collectLabel)
    .option('--tag <tag>', 'a tag (repeat for more)', collectLabel)
    .option('-m, --message <message>', 'the commit message')
    .option('--base-version <n>', 'the version this edit started from: refused (409) if another was saved since')
    .action(async (file: string, options: PushOptions, self: Command) => {
      const body = await pushBody(io, file, options);
      const context = CommandContext.of(io, self);
      const data = await context.client().request<SuccessData<'createPromptVersion'>>('POST', PATH, { body });
      if (context.settings.json) printResource(io, true, data);
      else io.out(`Saved ${data.name} version ${data.version} (${data.labels.join(', ')}).\n`);
    });

  prompts
    .command('label <name> <version> [labels...]')
    .description("set a version's labels exactly: each listed one moves here, others it had are removed (none: remove all)")
    .action(async (name: string, version: string, labels: string[], _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const body: BodyOf<'setPromptVersionLabels'> = { labels };
      const data = await context.client().request<SuccessData<'setPromptVersionLabels'>>('PATCH', `${promptPath(name)}/versions/${positiveInteger('<version>', version)}`, { body });
      if (context.settings.json) printResource(io, true, data);
      else io.out(`${data.name} version ${data.version}: ${data.labels.join(', ') || 'no labels'}.\n`);
    });
}
