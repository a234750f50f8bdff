/**
 * The span types OTLP spans are given (docs/opentelemetry.md#span-types). WORKFLOW, LLM, TOOL and
 * AGENT are the spec's; the rest are the kinds OpenInference names (which the GenAI operation names
 * map into), and SPAN for work that is none of these (HTTP calls, database queries…).
 */
export const SPAN_TYPES = ['WORKFLOW', 'AGENT', 'LLM', 'TOOL', 'CHAIN', 'RETRIEVER', 'EMBEDDING', 'RERANKER', 'GUARDRAIL', 'EVALUATOR', 'SPAN'] as const;
export type SpanType = (typeof SPAN_TYPES)[number];

const OPENINFERENCE_KINDS: ReadonlySet<string> = new Set(['LLM', 'TOOL', 'AGENT', 'CHAIN', 'RETRIEVER', 'EMBEDDING', 'RERANKER', 'GUARDRAIL', 'EVALUATOR']);

/** `gen_ai.operation.name` → span type. */
const GEN_AI_OPERATIONS: Record<string, SpanType> = {
  chat: 'LLM',
  text_completion: 'LLM',
  generate_content: 'LLM',
  embeddings: 'EMBEDDING',
  execute_tool: 'TOOL',
  invoke_agent: 'AGENT',
  create_agent: 'AGENT',
  invoke_workflow: 'WORKFLOW',
  retrieval: 'RETRIEVER',
};

/** Vercel AI SDK span names (or `ai.operationId`) → span type; the provider calls are the LLM spans. */
const AI_SDK_OPERATIONS: Record<string, SpanType> = {
  'ai.generateText.doGenerate': 'LLM',
  'ai.streamText.doStream': 'LLM',
  'ai.generateObject.doGenerate': 'LLM',
  'ai.streamObject.doStream': 'LLM',
  'ai.embed.doEmbed': 'EMBEDDING',
  'ai.embedMany.doEmbed': 'EMBEDDING',
  'ai.toolCall': 'TOOL',
  'ai.generateText': 'CHAIN',
  'ai.streamText': 'CHAIN',
  'ai.generateObject': 'CHAIN',
  'ai.streamObject': 'CHAIN',
  'ai.embed': 'CHAIN',
  'ai.embedMany': 'CHAIN',
};

export interface SpanTypeEvidence {
  openInferenceKind: string | undefined;
  genAiOperation: string | undefined;
  aiSdkOperation: string | undefined;
  /** A model or token count is present (a GenAI call without an operation name). */
  looksLikeModelCall: boolean;
  hasParent: boolean;
}

/** First rule that applies: OpenInference kind, GenAI operation, AI SDK operation, model attributes, else WORKFLOW (root) / SPAN. */
export function spanTypeOf(evidence: SpanTypeEvidence): SpanType {
  const kind = evidence.openInferenceKind?.toUpperCase();
  if (kind && OPENINFERENCE_KINDS.has(kind)) return kind as SpanType;
  const operation = evidence.genAiOperation ? GEN_AI_OPERATIONS[evidence.genAiOperation.toLowerCase()] : undefined;
  if (operation) return operation;
  const aiSdk = evidence.aiSdkOperation ? AI_SDK_OPERATIONS[evidence.aiSdkOperation] : undefined;
  if (aiSdk) return aiSdk;
  if (evidence.looksLikeModelCall) return 'LLM';
  return evidence.hasParent ? 'SPAN' : 'WORKFLOW';
}

/** Span types whose token counts are the model's own (counted into trace totals and priced). */
export const MODEL_CALL_TYPES: ReadonlySet<string> = new Set(['LLM', 'EMBEDDING']);

const FRAMEWORK_PREFIXES = /^(?:@arizeai\/openinference-instrumentation-|openinference\.instrumentation\.|@traceloop\/instrumentation-|opentelemetry\.instrumentation\.|@opentelemetry\/instrumentation-|opentelemetry-instrumentation-)(.+)$/;
/** Instrumented libraries that are AI frameworks or model SDKs (an `http` or `pg` scope is not). */
const AI_LIBRARIES = /^(?:openai|anthropic|bedrock|vertexai|google-genai|google-generativeai|mistralai|cohere|groq|ollama|langchain|langgraph|llama-index|llamaindex|crewai|autogen|haystack|dspy|smolagents|pydantic-ai|openai-agents|agno|mcp|beeai|mastra|semantic-kernel|strands|litellm|instructor|together|bedrock-agent-runtime|claude-agent-sdk)/;

/** The framework an instrumentation scope identifies, if any: `ai` is the Vercel AI SDK. */
export function frameworkOfScope(scopeName: string | null | undefined): string | null {
  if (!scopeName) return null;
  const name = scopeName.trim().toLowerCase();
  if (name === 'ai') return 'vercel-ai-sdk';
  const prefixed = FRAMEWORK_PREFIXES.exec(name);
  const library = (prefixed ? prefixed[1] : name).replace(/[_.]/g, '-');
  if (prefixed && (name.includes('openinference') || name.includes('traceloop'))) return library.slice(0, 100);
  return AI_LIBRARIES.test(library) ? library.slice(0, 100) : null;
}
