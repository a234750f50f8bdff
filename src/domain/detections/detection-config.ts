import { problems } from '../../errors.js';
import { validateDetectionRules } from './rule-language.js';
import { normalizeLearnedConfig } from './learning/learned-config.js';
import { compileLinearPattern, UnsupportedPatternError } from './scanning/linear-pattern.js';
import type {
  AnomalyDetectorConfig,
  DetectionConfig,
  DetectionType,
  EvaluatorDetectorConfig,
  PiiDetectorConfig,
  PluginDetectorConfig,
  RegexDetectorConfig,
  RuleDetectorConfig,
} from './detection-types.js';

export const PII_KINDS = ['email', 'phone', 'credit_card', 'iban', 'secret'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

const PATH = '/body/config';

function reject(detail: string, code = 'invalid_config', path = PATH): never {
  throw problems.validation(detail, [{ code, message: detail.slice(0, 160), path }]);
}

function onlyKeys(config: Record<string, unknown>, allowed: string[], type: DetectionType): void {
  const extra = Object.keys(config).find((key) => !allowed.includes(key));
  if (extra) reject(`config.${extra} does not apply to ${type} detections (allowed: ${allowed.join(', ') || 'none'}).`, 'additional_properties', `${PATH}/${extra}`);
}

export const isAnomalyConfig = (config: DetectionConfig): config is AnomalyDetectorConfig =>
  (config as Record<string, unknown>).model === 'robust_zscore';

export const isEvaluatorConfig = (config: DetectionConfig): config is EvaluatorDetectorConfig =>
  typeof (config as Record<string, unknown>).evaluatorId === 'string';

function evaluatorBacked(config: Record<string, unknown>): EvaluatorDetectorConfig {
  onlyKeys(config, ['evaluatorId'], 'classifier');
  return { evaluatorId: config.evaluatorId as string };
}

function regex(config: Record<string, unknown>): RegexDetectorConfig {
  onlyKeys(config, ['pattern', 'flags', 'fields'], 'regex');
  if (typeof config.pattern !== 'string' || config.pattern.length === 0) reject('regex detections need config.pattern.', 'required', `${PATH}/pattern`);
  const flags = (config.flags as string | undefined) ?? '';
  try {
    compileLinearPattern(config.pattern, flags);
  } catch (error) {
    // Patterns run on a linear-time engine (RE2 syntax); the refusal names what stands in the way.
    if (error instanceof UnsupportedPatternError) {
      reject(`config.pattern ${error.message}.`, error.needsBacktracking ? 'unsupported_pattern' : 'invalid_pattern', `${PATH}/pattern`);
    }
    throw error;
  }
  return { pattern: config.pattern, flags, fields: (config.fields as RegexDetectorConfig['fields']) ?? ['input', 'output'] };
}

function pii(config: Record<string, unknown>): PiiDetectorConfig {
  onlyKeys(config, ['kinds', 'fields'], 'pii');
  return { kinds: (config.kinds as PiiDetectorConfig['kinds']) ?? [...PII_KINDS], fields: (config.fields as PiiDetectorConfig['fields']) ?? ['input', 'output'] };
}

function anomaly(config: Record<string, unknown>): AnomalyDetectorConfig {
  onlyKeys(config, ['model', 'metric', 'zThreshold', 'baselineSize', 'minBaseline'], 'classifier');
  if (config.metric !== 'cost' && config.metric !== 'latency_ms') reject('robust_zscore classifiers need config.metric: cost or latency_ms.', 'required', `${PATH}/metric`);
  const normalized: AnomalyDetectorConfig = {
    model: 'robust_zscore',
    metric: config.metric,
    zThreshold: (config.zThreshold as number | undefined) ?? 3.5,
    baselineSize: (config.baselineSize as number | undefined) ?? 200,
    minBaseline: (config.minBaseline as number | undefined) ?? 20,
  };
  if (normalized.minBaseline! > normalized.baselineSize!) reject('config.minBaseline cannot exceed config.baselineSize.', 'range', `${PATH}/minBaseline`);
  return normalized;
}

function rules(config: Record<string, unknown>, type: DetectionType): RuleDetectorConfig {
  onlyKeys(config, ['rules'], type);
  if (!Array.isArray(config.rules) || config.rules.length === 0) reject(`${type} detections need config.rules (saved-filter rule nodes).`, 'required', `${PATH}/rules`);
  return { rules: validateDetectionRules(config.rules, `${PATH}/rules`) as RuleDetectorConfig['rules'] };
}

function plugin(config: Record<string, unknown>, type: DetectionType): PluginDetectorConfig {
  onlyKeys(config, ['plugin', 'settings'], type);
  return { ...(config.plugin !== undefined ? { plugin: config.plugin as string } : {}), ...(config.settings !== undefined ? { settings: config.settings as PluginDetectorConfig['settings'] } : {}) };
}

/**
 * Checks that `config` is the variant of `type` and fills in its defaults. The contract accepts any
 * variant (anyOf); which one applies depends on the type, and that rule lives here.
 */
export function normalizeDetectionConfig(type: DetectionType, config: DetectionConfig | undefined): DetectionConfig {
  const raw = (config ?? {}) as Record<string, unknown>;
  switch (type) {
    case 'regex':
      return regex(raw);
    case 'pii':
      return pii(raw);
    case 'classifier':
      if (raw.evaluatorId !== undefined) return evaluatorBacked(raw);
      return raw.model === 'robust_zscore' ? anomaly(raw) : plugin(raw, type);
    case 'conditional':
    case 'trace_rules':
      return rules(raw, type);
    case 'custom_trained':
      // With a label source it is learned from the project's labels (docs/detections-learning.md); without, a plugin's.
      return raw.labelSource !== undefined ? normalizeLearnedConfig(raw) : plugin(raw, type);
    case 'code':
    case 'decision':
      return plugin(raw, type);
  }
}
