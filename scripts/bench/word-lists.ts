/** Vocabulary of the generated traces: what agent workloads actually log. */

// No word here may share a stem with a search term ("custom" stems like "customer").
export const FRAMEWORKS = ['langchain', 'llamaindex', 'openai-agents', 'crewai', 'autogen', 'haystack'] as const;

export const AGENT_NAMES = [
  'support-triage', 'billing-assistant', 'code-reviewer', 'research-analyst', 'sales-qualifier',
  'onboarding-guide', 'incident-responder', 'contract-summarizer', 'travel-planner', 'data-wrangler',
] as const;

/** Trace (workflow) names; "customer" appears in about a third, making it the common search term. */
export const WORKFLOW_NAMES = [
  'customer support conversation', 'customer refund request', 'customer account lookup',
  'invoice reconciliation', 'pull request review', 'market research report', 'lead qualification',
  'incident postmortem draft', 'contract clause extraction', 'itinerary planning', 'spreadsheet cleanup',
  'knowledge base answer', 'customer churn analysis', 'release notes generation', 'policy compliance check',
] as const;

export const AGENT_STEPS = ['plan', 'route request', 'gather context', 'draft answer', 'verify answer', 'summarize', 'delegate subtask'] as const;

export const TOOLS = [
  'web_search', 'vector_lookup', 'sql_query', 'http_fetch', 'send_email', 'create_ticket',
  'read_file', 'calculator', 'calendar_lookup', 'crm_update', 'slack_post', 'code_interpreter',
] as const;

/** Model names with dollar prices per million input and output tokens. */
export const MODELS = [
  { name: 'gpt-4o', input: 2.5, output: 10 },
  { name: 'gpt-4o-mini', input: 0.15, output: 0.6 },
  { name: 'claude-sonnet-4', input: 3, output: 15 },
  { name: 'claude-haiku-3.5', input: 0.8, output: 4 },
  { name: 'gemini-2.0-flash', input: 0.1, output: 0.4 },
  { name: 'llama-3.1-70b', input: 0.6, output: 0.6 },
] as const;

export const PROSE = [
  'the', 'client', 'order', 'account', 'invoice', 'refund', 'shipping', 'delay', 'policy', 'request',
  'please', 'check', 'status', 'update', 'summary', 'report', 'quarter', 'revenue', 'forecast', 'team',
  'meeting', 'schedule', 'document', 'contract', 'clause', 'renewal', 'pricing', 'discount', 'plan',
  'error', 'issue', 'ticket', 'priority', 'escalate', 'resolve', 'answer', 'question', 'context',
  'search', 'result', 'source', 'citation', 'confidence', 'draft', 'review', 'approve', 'deploy',
  'release', 'feature', 'bug', 'regression', 'latency', 'database', 'query', 'table', 'column',
  'user', 'email', 'message', 'reply', 'thanks', 'missing', 'payment', 'card', 'declined', 'balance',
  'travel', 'flight', 'hotel', 'booking', 'itinerary', 'weather', 'tomorrow', 'monday', 'deadline',
] as const;

/** Realistic failures; about 5% of traces end in one. */
export const ERROR_MESSAGES = [
  'RateLimitError: 429 Too Many Requests from model provider, retry after 20s',
  'TimeoutError: tool http_fetch exceeded 30000 ms',
  'ValidationError: model output is not valid JSON at position 412',
  'ContextLengthExceeded: prompt of 131204 tokens exceeds the 128000 token window',
  'ToolError: sql_query failed: relation "orders_archive" does not exist',
  'AuthenticationError: upstream CRM rejected the OAuth token (expired)',
  'ContentFilterError: completion blocked by the safety filter',
  'ConnectionResetError: ECONNRESET while streaming the completion',
] as const;

/**
 * Rare terms: one trace in 5,000 carries one of them (in a span name), so each is in about one
 * trace in 15,000 (80 of a million for the most frequent, at seed 42): few hits at any data size.
 */
export const RARE_TERMS = ['zugzwang', 'quokka', 'xylograph'] as const;

/**
 * Terms that occur only in span metadata (a deployment label), never in names, inputs, outputs or
 * errors: a hit proves search looks into metadata. One trace in 100 carries one of them (each about
 * one in 300).
 */
export const METADATA_ONLY_TERMS = ['heliotrope', 'marzipan', 'obsidian'] as const;

/** A term that occurs in about a quarter of trace names (27 % at seed 42). */
export const COMMON_TERM = 'customer';
