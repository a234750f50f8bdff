import type { components } from '../../../generated/openapi.js';

/** The vocabulary of detections, taken from the contract so the two cannot drift apart. */
export type DetectionType = components['schemas']['DetectionType'];
export type Severity = components['schemas']['Severity'];
export type Framework = components['schemas']['Framework'];
export type IssueSemantics = components['schemas']['IssueSemantics'];
export type IssueSemanticsInput = components['schemas']['IssueSemanticsInput'];
export type FilterNode = components['schemas']['FilterNode'];
export type DetectionConfig = components['schemas']['DetectionConfig'];
export type RegexDetectorConfig = components['schemas']['RegexDetectorConfig'];
export type PiiDetectorConfig = components['schemas']['PiiDetectorConfig'];
export type AnomalyDetectorConfig = components['schemas']['AnomalyDetectorConfig'];
/**
 * The contract types rule nodes loosely (objects the service validates, see RuleDetectorConfig in the
 * contract); once validated they are FilterNodes.
 */
export type RuleDetectorConfig = { rules: FilterNode[] };
export type PluginDetectorConfig = components['schemas']['PluginDetectorConfig'];
export type EvaluatorDetectorConfig = components['schemas']['EvaluatorDetectorConfig'];

export const DETECTION_TYPES: readonly DetectionType[] = ['classifier', 'regex', 'conditional', 'pii', 'custom_trained', 'code', 'trace_rules', 'decision'];
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low'];
export const FRAMEWORKS: readonly Framework[] = [
  'langchain', 'langgraph', 'llamaindex', 'openai', 'openai-agents', 'anthropic', 'crewai', 'autogen', 'haystack',
  'dspy', 'semantic-kernel', 'vercel-ai', 'mastra', 'pydantic-ai', 'smolagents', 'bedrock', 'custom',
];

/** The detection slug: what agent tools call a detection's `name`. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const isSeverity = (value: unknown): value is Severity => typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
export const isFramework = (value: unknown): value is Framework => typeof value === 'string' && (FRAMEWORKS as readonly string[]).includes(value);
