import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ToolServerSettings } from './tool-settings.js';
import type { ToolDefinition } from './tool-definition.js';

export interface FieldIssue {
  code: string;
  message: string;
  path: string;
}

export type ArgumentCheck = { valid: true; input: Record<string, unknown> } | { valid: false; detail: string; errors: FieldIssue[] };

export type ToolLookup = { kind: 'available'; tool: ToolDefinition; timeoutMs: number } | { kind: 'disabled' } | { kind: 'unknown' };

const issue = (error: ErrorObject): FieldIssue => ({
  code: error.keyword.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase(),
  message: error.message ?? 'is invalid',
  path: `/arguments${error.instancePath}${error.keyword === 'required' ? `/${String(error.params.missingProperty)}` : ''}`,
});

/**
 * The tools this server serves: the registry minus what configuration disables, each with its
 * argument validator. A validator is compiled on the tool's first call, not at start: compiling all
 * ~60 took ~0.15 s of start-up CPU and their code stays in memory though most servers call a few
 * tools. Every registry tool's schema is compiled by test/tools/tool-catalog.test.ts, so a broken
 * derived schema fails a test rather than a call.
 */
export class ToolCatalog {
  private readonly served: ToolDefinition[];
  private readonly known: ReadonlySet<string>;
  private readonly validators = new Map<string, ValidateFunction>();
  /** Each served tool's lookup, made once: a tools/call looks its tool up twice (metrics, then the call). */
  private readonly available = new Map<string, ToolLookup>();
  private readonly ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });

  constructor(
    tools: readonly ToolDefinition[],
    private readonly settings: ToolServerSettings,
    log: (message: string) => void,
  ) {
    addFormats(this.ajv);
    const names = tools.map((tool) => tool.name);
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate) throw new Error(`Two tools are named ${duplicate}.`);
    this.known = new Set(names);
    for (const name of [...(settings.enabled ?? []), ...settings.disabled]) {
      if (!this.known.has(name)) log(`tool server: TOOLS_ENABLED/TOOLS_DISABLED name ${name}, which is no tool of this server`);
    }
    this.served = tools.filter((tool) => (settings.enabled === null || settings.enabled.includes(tool.name)) && !settings.disabled.includes(tool.name));
    for (const tool of this.served) {
      if (tool.inputSchema.type !== 'object') throw new Error(`The inputSchema of tool ${tool.name} must be an object schema.`);
      this.available.set(tool.name, Object.freeze({ kind: 'available', tool, timeoutMs: settings.timeouts[tool.name] ?? tool.timeoutMs ?? settings.timeoutMs }));
    }
  }

  list(): readonly ToolDefinition[] {
    return this.served;
  }

  lookup(name: string): ToolLookup {
    return this.available.get(name) ?? (this.known.has(name) ? { kind: 'disabled' } : { kind: 'unknown' });
  }

  /** Validates a copy of `args` and fills in the schema's defaults. */
  checkArguments(tool: ToolDefinition, args: Record<string, unknown>): ArgumentCheck {
    let validate = this.validators.get(tool.name);
    if (!validate) this.validators.set(tool.name, (validate = this.ajv.compile(tool.inputSchema)));
    // No arguments (ping, whoami, a list's defaults) → a new empty object, which is the copy:
    // structuredClone of {} cost about 1.3 µs a call on Node 20 (issue #61 item 3).
    const input: Record<string, unknown> = Object.keys(args).length === 0 ? {} : structuredClone(args);
    if (validate(input)) return { valid: true, input };
    const errors = (validate.errors ?? []).slice(0, 20).map(issue);
    return { valid: false, detail: this.ajv.errorsText(validate.errors, { dataVar: 'arguments' }), errors };
  }
}
