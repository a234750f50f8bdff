import { Random, deriveSeed } from './prng.js';
import {
  AGENT_NAMES, AGENT_STEPS, COMMON_TERM, ERROR_MESSAGES, FRAMEWORKS, METADATA_ONLY_TERMS, MODELS,
  PROSE, RARE_TERMS, TOOLS, WORKFLOW_NAMES,
} from './word-lists.js';

export type SpanType = 'WORKFLOW' | 'AGENT' | 'LLM' | 'TOOL';
export type Status = 'success' | 'error';

/** A generated span, independent of any wire format (see batch-payload.ts for the REST shape). */
export interface GeneratedSpan {
  spanId: string;
  parentSpanId: string | null;
  name: string;
  spanType: SpanType;
  status: Status;
  /** epoch ms */
  startTime: number;
  latencyMs: number;
  /** dollars; 0 for spans that call no model */
  cost: number;
  input: Record<string, unknown>;
  output: Record<string, unknown> | null;
  error: string | null;
  metadata: Record<string, unknown>;
}

export interface GeneratedTrace {
  traceId: string;
  name: string;
  /** epoch ms: when the root span started */
  createdAt: number;
  status: Status;
  framework: string;
  agentName: string;
  spans: GeneratedSpan[];
  /** Which known search terms this trace carries; the search phase reports expected hit counts. */
  terms: { common: boolean; rare: string | null; metadataOnly: string | null };
}

export interface GeneratorOptions {
  seed: number;
  /** The newest trace's time (epoch ms); traces spread over the 30 days before it. */
  baseTime: number;
}

const MIN_SPANS = 5;
const MAX_SPANS = 200;
const ERROR_RATE = 0.05;
const RARE_RATE = 0.0002;
const METADATA_TERM_RATE = 0.01;
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

interface Node {
  span: GeneratedSpan;
  children: Node[];
}

function hex(value: number, width: number): string {
  return (value >>> 0).toString(16).padStart(width, '0').slice(-width);
}

/** 5–200 spans, log-normal around 20: most agent runs are short, a few loop for a long time. */
function spanCount(random: Random): number {
  return Math.min(MAX_SPANS, Math.max(MIN_SPANS, Math.round(random.logNormal(20, 0.7))));
}

function sentence(random: Random, min: number, max: number): string {
  const text = random.words(PROSE, random.int(min, max));
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

/**
 * Trace number `index` of the data set seeded with `seed`. Each trace has its own derived seed, so
 * any slice of the data set can be generated alone (bulk loading streams; phases take disjoint
 * index ranges) and the same seed always yields the same traces.
 */
export function generateTrace(index: number, options: GeneratorOptions): GeneratedTrace {
  const random = new Random(deriveSeed(options.seed, index));
  const traceId = `${hex(options.seed, 8)}${index.toString(16).padStart(12, '0')}${hex(random.int(0, 0xffffffff), 8)}${hex(random.int(0, 0xffff), 4)}`;
  let spanNumber = 0;
  const framework = random.pick(FRAMEWORKS);
  const agentName = random.pick(AGENT_NAMES);
  const name = random.pick(WORKFLOW_NAMES);

  const makeSpan = (parent: Node | null, spanType: SpanType, spanName: string): Node => {
    spanNumber += 1;
    const span: GeneratedSpan = {
      spanId: `${hex(spanNumber, 4)}${hex(random.int(0, 0xffffffff), 8)}${hex(random.int(0, 0xffff), 4)}`,
      parentSpanId: parent ? parent.span.spanId : null,
      name: spanName,
      spanType,
      status: 'success',
      startTime: 0,
      latencyMs: 0,
      cost: 0,
      input: {},
      output: null,
      error: null,
      metadata: {},
    };
    const node = { span, children: [] };
    parent?.children.push(node);
    return node;
  };

  const total = spanCount(random);
  const root = makeSpan(null, 'WORKFLOW', name);
  root.span.input = { request: sentence(random, 6, 20) };
  root.span.metadata = { framework, agent_name: agentName };

  const agentCount = Math.min(6, Math.max(1, Math.round(total / 15)));
  const agents: Node[] = [];
  for (let i = 0; i < agentCount && spanNumber < total; i++) {
    // Large runs sometimes delegate: a sub-agent under an earlier agent.
    const parent = agents.length > 0 && random.chance(0.25) ? random.pick(agents) : root;
    const agent = makeSpan(parent, 'AGENT', `${agentName}: ${random.pick(AGENT_STEPS)}`);
    agent.span.input = { task: sentence(random, 4, 12) };
    agents.push(agent);
  }

  const leaves: Node[] = [];
  while (spanNumber < total) {
    const agent = random.pick(agents);
    const model = random.pick(MODELS);
    const llm = makeSpan(agent, 'LLM', `${model.name} chat completion`);
    const inputTokens = Math.round(random.logNormal(1200, 0.8));
    const outputTokens = Math.round(random.logNormal(250, 0.7));
    llm.span.cost = (inputTokens * model.input + outputTokens * model.output) / 1_000_000;
    llm.span.input = {
      messages: [
        { role: 'system', content: `You are the ${agentName} agent. ${sentence(random, 3, 10)}` },
        { role: 'user', content: sentence(random, 6, 20) },
      ],
    };
    llm.span.output = { role: 'assistant', content: sentence(random, 8, 30) };
    llm.span.metadata = {
      model: model.name,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      tokens_used: inputTokens + outputTokens,
      temperature: random.pick([0, 0.2, 0.7]),
    };
    leaves.push(llm);
    const toolCalls = random.chance(0.6) ? random.int(1, 2) : 0;
    for (let t = 0; t < toolCalls && spanNumber < total; t++) {
      const toolName = random.pick(TOOLS);
      const tool = makeSpan(agent, 'TOOL', toolName);
      tool.span.input = { tool: toolName, arguments: { query: random.words(PROSE, random.int(2, 8)) } };
      tool.span.output = { result: sentence(random, 4, 15), items: random.int(0, 25) };
      tool.span.metadata = { tool_name: toolName, retry_count: random.chance(0.1) ? random.int(1, 3) : 0 };
      leaves.push(tool);
    }
  }

  const terms: GeneratedTrace['terms'] = { common: name.includes(COMMON_TERM), rare: null, metadataOnly: null };
  if (random.chance(RARE_RATE)) {
    terms.rare = random.pick(RARE_TERMS);
    const agent = random.pick(agents);
    agent.span.name = `${agent.span.name} (${terms.rare} case)`;
  }
  if (random.chance(METADATA_TERM_RATE)) {
    terms.metadataOnly = random.pick(METADATA_ONLY_TERMS);
    const leaf = random.pick(leaves);
    leaf.span.metadata = { ...leaf.span.metadata, deployment: terms.metadataOnly, ring: 'canary' };
  }

  // Failures start at a leaf and mark every ancestor, as a raised exception would.
  let errorMessage: string | null = null;
  if (random.chance(ERROR_RATE) && leaves.length > 0) {
    errorMessage = random.pick(ERROR_MESSAGES);
    const failed = random.pick(leaves);
    failed.span.status = 'error';
    failed.span.error = errorMessage;
    failed.span.output = null;
    const byId = new Map<string, Node>();
    const index = (node: Node) => {
      byId.set(node.span.spanId, node);
      node.children.forEach(index);
    };
    index(root);
    for (let id = failed.span.parentSpanId; id; id = byId.get(id)!.span.parentSpanId) {
      const ancestor = byId.get(id)!.span;
      ancestor.status = 'error';
      ancestor.error = errorMessage;
    }
  }

  // Times: leaves take log-normal latencies, parents run their children one after another.
  const createdAt = options.baseTime - Math.floor(random.next() * THIRTY_DAYS_MS);
  const time = (node: Node, start: number): number => {
    node.span.startTime = start;
    if (node.children.length === 0) {
      const median = node.span.spanType === 'LLM' ? 900 : node.span.spanType === 'TOOL' ? 150 : 20;
      node.span.latencyMs = Math.round(random.logNormal(median, 0.6) * 10) / 10;
      return node.span.latencyMs;
    }
    let cursor = start + 2;
    for (const child of node.children) cursor += time(child, cursor);
    node.span.latencyMs = Math.round((cursor - start + 1) * 10) / 10;
    return node.span.latencyMs;
  };
  time(root, createdAt);
  root.span.output = errorMessage ? null : { answer: sentence(random, 8, 25) };

  const spans: GeneratedSpan[] = [];
  const flatten = (node: Node) => {
    spans.push(node.span);
    node.children.forEach(flatten);
  };
  flatten(root);
  return { traceId, name, createdAt, status: root.span.status, framework, agentName, spans, terms };
}

/** Traces [from, from + count) of the data set, generated lazily. */
export function* generateTraces(from: number, count: number, options: GeneratorOptions): Generator<GeneratedTrace> {
  for (let index = from; index < from + count; index++) yield generateTrace(index, options);
}

/** Groups a stream into arrays of `size` (the last may be shorter). */
export function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
