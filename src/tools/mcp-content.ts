import { JSONRPCErrorException } from 'json-rpc-2.0';
import type { Clock } from '../clock.js';
import { SEVERITIES } from '../domain/detections/detection-types.js';
import { isProblemError, ProblemError } from '../errors.js';
import type { ProjectRecord } from '../ports/projects.js';
import type { Config } from '../config.js';
import type { OperationHandlers } from '../http/operation-types.js';
import { contentMappings, type ContentPage } from './content-mappings.js';
import { operationTool } from './operation-tool.js';
import { RpcCode } from './protocol.js';
import type { PresentedCredential, ToolAccess } from './tool-access.js';
import type { ToolDefinition } from './tool-definition.js';
import { CallContext, CallDeadline } from './call-deadline.js';
import { InsufficientScope, invalidParams } from './tool-invoker.js';

/** The caller of one resources/prompts/completion request. */
export interface ContentCall {
  project: ProjectRecord;
  requestId: string;
  credential: PresentedCredential;
  scopesHeld: readonly string[] | null;
}

export interface ContentDefinitions {
  listTraces: ToolDefinition;
  listFixes: ToolDefinition;
  readTrace: ToolDefinition;
  readFix: ToolDefinition;
}

/**
 * The definitions behind MCP resources, prompts and completion, over the handlers REST routes to.
 * Built here rather than in the tool registry: the content mappings read the registry's tools, so
 * the registry building content would be an import circle.
 */
export function contentDefinitions(handlers: OperationHandlers, config: Config): ContentDefinitions {
  const mappings = contentMappings(config);
  return {
    listTraces: operationTool(mappings.listTraces, handlers),
    listFixes: operationTool(mappings.listFixes, handlers),
    readTrace: operationTool(mappings.readTrace, handlers),
    readFix: operationTool(mappings.readFix, handlers),
  };
}

/** MCP's "resource not found" error code (resources/read of an unknown URI). */
export const RESOURCE_NOT_FOUND = -32002;
/** Page sizes within the contract's bounds (listTraces ≤ 50, listFixes ≤ 100): handlers are called past the REST validator. */
const PAGE_SIZE = 50;
const TRACE_PAGE_MAX = 50;
const CALL_TIMEOUT_MS = 15_000;
const TRACE_URI = /^tracewell:\/\/traces\/([^/?#]+)$/;
const FIX_URI = /^tracewell:\/\/fixes\/([^/?#]+)$/;

type Phase = 'fixes' | 'traces';
interface ListCursor {
  p: Phase;
  c: string | null;
}

const encodeCursor = (cursor: ListCursor): string => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(raw: unknown): ListCursor {
  if (raw === undefined || raw === null) return { p: 'fixes', c: null };
  try {
    const value = JSON.parse(Buffer.from(String(raw), 'base64url').toString('utf8')) as ListCursor;
    if ((value.p === 'fixes' || value.p === 'traces') && (value.c === null || typeof value.c === 'string')) return value;
  } catch {
    // falls through to the refusal
  }
  throw invalidParams('params.cursor is not a cursor this server issued; copy nextCursor unchanged.');
}

const json = (value: unknown): string => JSON.stringify(value);

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: 'tracewell://traces/{trace_id}',
    name: 'trace',
    title: 'Trace',
    description: 'One trace of the project with its span tree (as get_trace_context answers).',
    mimeType: 'application/json',
  },
  {
    uriTemplate: 'tracewell://fixes/{fix_id}',
    name: 'fix',
    title: 'Fix',
    description: 'One fix with its linked traces, analysis and comments (as triage_get answers).',
    mimeType: 'application/json',
  },
];

export const PROMPTS = [
  {
    name: 'investigate_failing_trace',
    title: 'Investigate a failing trace',
    description: 'Walk the span tree of a trace to the first failing span, explain the cause and propose a fix.',
    arguments: [{ name: 'trace_id', description: 'The trace to investigate (completion offers recent ones).', required: true }],
  },
  {
    name: 'triage_open_fixes',
    title: 'Triage open fixes',
    description: 'Review the open fixes of the project, most severe first, and propose what to do with each.',
    arguments: [{ name: 'severity', description: `Only fixes of this severity (${SEVERITIES.join(', ')}).`, required: false }],
  },
];

/**
 * MCP resources (traces and fixes), prompts and completion. Every read is a contract operation run
 * through its handler after that operation's own access check (ToolAccess), as tools are; refusals
 * are JSON-RPC errors, since these methods have no isError result.
 */
export class McpContent {
  constructor(
    private readonly definitions: ContentDefinitions,
    private readonly access: ToolAccess,
    private readonly clock: Clock,
  ) {}

  /**
   * Fixes first (the triage board is short), then every trace, newest first. A page that came back
   * empty while more follows is skipped over within the same request: many clients read one page
   * only, and an empty first page with a cursor (a project without fixes) would show them nothing.
   */
  async listResources(rawCursor: unknown, call: ContentCall): Promise<{ resources: unknown[]; nextCursor?: string }> {
    let cursor: ListCursor | null = decodeCursor(rawCursor);
    let resources: unknown[] = [];
    while (cursor && resources.length === 0) {
      const phase: Phase = cursor.p;
      const page = (await this.run(phase === 'fixes' ? this.definitions.listFixes : this.definitions.listTraces, { limit: PAGE_SIZE, cursor: cursor.c ?? undefined }, call)) as ContentPage;
      resources = page.items.map((item) =>
        phase === 'fixes'
          ? { uri: `tracewell://fixes/${item.id}`, name: `fix ${item.id}`, title: item.name, description: `Fix (${item.status}, ${item.detail})`, mimeType: 'application/json' }
          : { uri: `tracewell://traces/${encodeURIComponent(item.id)}`, name: `trace ${item.id}`, title: item.name, description: `Trace (${item.status}, ${item.detail.slice(0, 200)}) of ${item.created_at}`, mimeType: 'application/json' },
      );
      cursor = page.next_cursor ? { p: phase, c: page.next_cursor } : phase === 'fixes' ? { p: 'traces', c: null } : null;
    }
    return cursor ? { resources, nextCursor: encodeCursor(cursor) } : { resources };
  }

  async readResource(uri: unknown, call: ContentCall): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
    if (typeof uri !== 'string') throw invalidParams('resources/read needs params.uri (a string).');
    const result = await this.readUri(uri, call);
    return { contents: [{ uri, mimeType: 'application/json', text: json(result) }] };
  }

  async getPrompt(name: unknown, args: Record<string, unknown>, call: ContentCall): Promise<{ description: string; messages: unknown[] }> {
    if (name === 'investigate_failing_trace') {
      const traceId = args.trace_id;
      if (typeof traceId !== 'string' || traceId === '') throw invalidParams('The prompt investigate_failing_trace needs the argument trace_id.');
      const uri = `tracewell://traces/${encodeURIComponent(traceId)}`;
      const trace = await this.readUri(uri, call);
      return {
        description: `Investigate trace ${traceId}`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Investigate the Tracewell trace ${traceId}, attached below as JSON. Walk its span tree from root_span, find the first span ` +
                'whose status is error (or the slowest or most expensive span when none failed), and explain the cause from its input, output, ' +
                'error and metadata. Check whether similar failures exist with search_traces, then propose a concrete fix. If a fix exists for ' +
                'it (triage_list), say which.',
            },
          },
          { role: 'user', content: { type: 'resource', resource: { uri, mimeType: 'application/json', text: json(trace) } } },
        ],
      };
    }
    if (name === 'triage_open_fixes') {
      const severity = args.severity;
      if (severity !== undefined && !SEVERITIES.includes(severity as (typeof SEVERITIES)[number])) throw invalidParams(`severity must be one of ${SEVERITIES.join(', ')}.`);
      const page = (await this.run(this.definitions.listFixes, { limit: PAGE_SIZE, status: 'open', severity }, call)) as ContentPage;
      return {
        description: 'Triage the open fixes',
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `These are the open fixes of the project${severity ? ` with severity ${String(severity)}` : ''} (${page.items.length}${page.next_cursor ? '+' : ''}), as JSON: ` +
                `${json(page.items)}\nFor each, read it with triage_get (its linked traces with get_trace_context), then propose one action: ` +
                'start it (triage_update_status in_progress), dismiss it with a reason (triage_dismiss), or change its severity (triage_update). ' +
                'Most severe first; ask before changing anything.',
            },
          },
        ],
      };
    }
    throw invalidParams(`Unknown prompt: ${String(name).slice(0, 100)}. prompts/list names the prompts of this server.`);
  }

  /** completion/complete: recent trace ids (50) and fix ids (100), and severities, that start with what was typed. */
  async complete(ref: unknown, argument: unknown, call: ContentCall): Promise<{ completion: { values: string[]; total: number; hasMore: boolean } }> {
    const refRecord = (typeof ref === 'object' && ref !== null ? ref : {}) as Record<string, unknown>;
    const arg = (typeof argument === 'object' && argument !== null ? argument : {}) as Record<string, unknown>;
    if (typeof arg.name !== 'string') throw invalidParams('completion/complete needs params.argument.name.');
    const typed = typeof arg.value === 'string' ? arg.value : '';
    const target = refRecord.type === 'ref/prompt' ? `prompt:${String(refRecord.name)}` : refRecord.type === 'ref/resource' ? `resource:${String(refRecord.uri)}` : null;
    if (!target) throw invalidParams('params.ref must be a ref/prompt or ref/resource.');
    let candidates: string[] = [];
    if (arg.name === 'trace_id' && (target === 'prompt:investigate_failing_trace' || target === 'resource:tracewell://traces/{trace_id}')) {
      candidates = ((await this.run(this.definitions.listTraces, { limit: TRACE_PAGE_MAX }, call)) as ContentPage).items.map((item) => item.id);
    } else if (arg.name === 'fix_id' && target === 'resource:tracewell://fixes/{fix_id}') {
      candidates = ((await this.run(this.definitions.listFixes, { limit: 100 }, call)) as ContentPage).items.map((item) => item.id);
    } else if (arg.name === 'severity' && target === 'prompt:triage_open_fixes') {
      candidates = [...SEVERITIES];
    }
    const values = candidates.filter((value) => value.startsWith(typed)).slice(0, 100);
    return { completion: { values, total: values.length, hasMore: false } };
  }

  private async readUri(uri: string, call: ContentCall): Promise<unknown> {
    const trace = TRACE_URI.exec(uri);
    const fix = FIX_URI.exec(uri);
    let id: string;
    try {
      id = decodeURIComponent((trace ?? fix)?.[1] ?? '');
    } catch {
      id = '';
    }
    if (!id) throw new JSONRPCErrorException('Resource not found', RESOURCE_NOT_FOUND, { uri, error: 'Resources are tracewell://traces/{trace_id} and tracewell://fixes/{fix_id}.' });
    try {
      return trace ? await this.run(this.definitions.readTrace, { trace_id: id }, call) : await this.run(this.definitions.readFix, { fix_id: id }, call);
    } catch (error) {
      if (error instanceof JSONRPCErrorException && (error.data as { status?: number } | undefined)?.status === 404) {
        throw new JSONRPCErrorException('Resource not found', RESOURCE_NOT_FOUND, { uri, ...(error.data as object) });
      }
      throw error;
    }
  }

  /** The operation's access check, then its handler — the path tools/call takes. */
  private async run(definition: ToolDefinition, input: Record<string, unknown>, call: ContentCall): Promise<unknown> {
    const deadline = new CallDeadline(CALL_TIMEOUT_MS);
    try {
      const principal = await this.access.authorize(definition.operationId, call.credential);
      return await definition.handler(input, new CallContext(principal, call.project, this.clock, call.requestId, deadline));
    } catch (error) {
      if (isProblemError(error) && error.code === 'PUBLIC_API_INSUFFICIENT_SCOPE') {
        const needed = /scope="([^"]*)"/.exec(error.headers['WWW-Authenticate'] ?? '')?.[1].split(' ').filter(Boolean) ?? [];
        throw new InsufficientScope(error, [...new Set([...(call.scopesHeld ?? []), ...needed])]);
      }
      if (isProblemError(error) && error.status !== 500) throw problemError(error);
      throw error;
    } finally {
      deadline.clear();
    }
  }
}

/** A refusal of the operation (400, 403, 404, 429, …) as a JSON-RPC error carrying the Problem's fields. */
function problemError(problem: ProblemError): JSONRPCErrorException {
  const data = { status: problem.status, code: problem.code, error: problem.detail, ...(problem.errors?.length ? { errors: problem.errors } : {}) };
  return new JSONRPCErrorException(problem.status === 400 ? 'Invalid params' : problem.title, problem.status === 400 ? RpcCode.invalidParams : RpcCode.requestRejected, data);
}
