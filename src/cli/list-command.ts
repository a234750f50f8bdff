import { Option, type Command } from 'commander';
import type { QueryValue } from './api-client.js';
import { CommandContext } from './context.js';
import type { Io } from './io.js';
import { collect, parseListFlags, type ListFlags, type Page } from './list-engine.js';
import { printCollected, type Column } from './output.js';

export interface ListFilter {
  /** commander flags, e.g. '--agent-name <name>' */
  flags: string;
  description: string;
  /** The query parameter it fills. */
  param: string;
  choices?: string[];
}

/** A list endpoint described once; every list command shares the flags, engine and output. */
export interface ListSpec<Data extends { page: Page }, Item> {
  description: string;
  /** Plural noun for messages: "traces", "saved filters". */
  noun: string;
  path: string;
  /** The endpoint's largest `limit` in the contract. */
  maxPageSize: number;
  items: (data: Data) => Item[];
  columns: Column<Item>[];
  filters?: ListFilter[];
}

/** Commander's camelCase attribute name of a long flag: '--agent-name <x>' → agentName. */
const attributeOf = (flags: string): string =>
  (flags.match(/--([a-z0-9-]+)/)?.[1] ?? '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function addListCommand<Data extends { page: Page }, Item>(parent: Command, io: Io, spec: ListSpec<Data, Item>, name = 'list'): Command {
  const command = parent
    .command(name)
    .description(spec.description)
    .option('--limit <n>', `page size (1 to ${spec.maxPageSize})`)
    .option('--cursor <cursor>', 'resume from a printed continuation cursor (same filters)')
    .option('--all', 'follow pages until --max-items or the end (needs --max-items)')
    .option('--max-items <n>', 'with --all: stop after N items (1 to 1000) and print the cursor to resume');
  for (const filter of spec.filters ?? []) {
    const option = new Option(filter.flags, filter.description);
    command.addOption(filter.choices ? option.choices(filter.choices) : option);
  }
  command.action(async (options: ListFlags & Record<string, string | undefined>, self: Command) => {
    const request = parseListFlags(options);
    const context = CommandContext.of(io, self);
    const filters: Record<string, QueryValue> = {};
    for (const filter of spec.filters ?? []) filters[filter.param] = options[attributeOf(filter.flags)];
    const client = context.client();
    const progress = request.maxItems !== undefined ? context.progress() : undefined;
    try {
      const collected = await collect(
        async ({ cursor, limit }) => {
          const data = await client.get<Data>(spec.path, { ...filters, limit, cursor });
          return { items: spec.items(data), page: data.page };
        },
        request,
        { maxPageSize: spec.maxPageSize, onProgress: (count) => progress?.update(count) },
      );
      progress?.finish();
      printCollected(io, context.settings.json, collected, spec.columns, spec.noun);
    } finally {
      progress?.finish();
    }
  });
  return command;
}
