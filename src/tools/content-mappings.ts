import type { components } from '../../generated/openapi.js';
import type { Config } from '../config.js';
import { FIX_STATUSES } from '../domain/fixes/fix-state-machine.js';
import { object } from './contract-fields.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import { toolMappings } from './registry.js';

type Schemas = components['schemas'];

/** One page of an MCP list (resources/list, completion candidates), read through a list operation. */
export interface ContentPage {
  items: { id: string; name: string; status: string; detail: string; created_at: string }[];
  next_cursor: string | null;
}

/** Resources are read by the MCP content methods, which check their own parameters; no tool schema is published. */
const NOT_A_TOOL = object({});

const pageQuery = (input: Record<string, unknown>) => ({
  limit: typeof input.limit === 'number' ? input.limit : 50,
  cursor: typeof input.cursor === 'string' ? input.cursor : undefined,
});

/**
 * The operations behind MCP resources, prompts and completion. They are not served as tools: they
 * are the same kind of mapping onto a contract operation, so each read runs that operation's
 * handler after its access check — there is no second way to read a trace or a fix.
 */
export function contentMappings(config: Config): { listTraces: AnyToolMapping; listFixes: AnyToolMapping; readTrace: AnyToolMapping; readFix: AnyToolMapping } {
  const tools = toolMappings(config);
  const byName = (name: string): AnyToolMapping => tools.find((tool) => tool.name === name)!;
  const listTraces = mapTool({
    name: 'resources:traces',
    operationId: 'listTraces',
    description: 'Recent traces of the project, newest first.',
    input: NOT_A_TOOL,
    toOperation: (input) => ({ path: {}, headers: {}, body: undefined, query: pageQuery(input) }),
    toResult: (data): ContentPage => ({
      items: data.traces.map((t: Schemas['TraceSummary']) => ({ id: t.id, name: t.name, status: t.status, detail: t.errorMessage ?? `${t.latencyMs} ms`, created_at: t.createdAt })),
      next_cursor: data.page.nextCursor,
    }),
  });
  const listFixes = mapTool({
    name: 'resources:fixes',
    operationId: 'listFixes',
    description: 'Fixes of the project, newest first.',
    input: NOT_A_TOOL,
    toOperation: (input) => ({
      path: {},
      headers: {},
      body: undefined,
      query: { ...pageQuery(input), status: FIX_STATUSES.find((status) => status === input.status), severity: input.severity as Schemas['Severity'] | undefined },
    }),
    toResult: (data): ContentPage => ({
      items: data.fixes.map((f) => ({ id: f.id, name: f.title, status: f.status, detail: `${f.severity}${f.label ? ` · ${f.label}` : ''}`, created_at: f.createdAt })),
      next_cursor: data.page.nextCursor,
    }),
  });
  return { listTraces, listFixes, readTrace: byName('get_trace_context'), readFix: byName('triage_get') };
}
