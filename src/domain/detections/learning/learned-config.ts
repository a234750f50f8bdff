import { problems } from '../../../errors.js';
import type { components } from '../../../../generated/openapi.js';
import type { DetectionConfig } from '../detection-types.js';
import { DEFAULT_HOLDOUT_FRACTION } from './classifier-training.js';

export type LearnedDetectorConfig = components['schemas']['LearnedDetectorConfig'];
export type LabelSource = components['schemas']['LabelSource'];

export const DEFAULT_LEARNED_FIELDS = ['input', 'output'];

/** A learned custom_trained detection (it names a label source); one without is a plugin's. */
export const isLearnedConfig = (config: DetectionConfig): config is LearnedDetectorConfig =>
  typeof (config as Record<string, unknown>).labelSource === 'object' && (config as Record<string, unknown>).labelSource !== null;

const PATH = '/body/config';
const ALLOWED = ['labelSource', 'fields', 'seed', 'holdoutFraction', 'autoActivate', 'retrainEveryHours'];

/** Fills in the defaults of a learned config (the contract has checked each property's shape). */
export function normalizeLearnedConfig(raw: Record<string, unknown>): LearnedDetectorConfig {
  const extra = Object.keys(raw).find((key) => !ALLOWED.includes(key));
  if (extra) {
    const detail = `config.${extra} does not apply to learned custom_trained detections (allowed: ${ALLOWED.join(', ')}).`;
    throw problems.validation(detail, [{ code: 'additional_properties', message: detail, path: `${PATH}/${extra}` }]);
  }
  const source = raw.labelSource as LabelSource;
  if (source.kind === 'score' && source.positiveValues !== undefined && new Set(source.positiveValues).size !== source.positiveValues.length) {
    const detail = 'config.labelSource.positiveValues lists a value twice.';
    throw problems.validation(detail, [{ code: 'unique', message: detail, path: `${PATH}/labelSource/positiveValues` }]);
  }
  return {
    labelSource: source,
    fields: (raw.fields as string[] | undefined) ?? DEFAULT_LEARNED_FIELDS,
    seed: (raw.seed as number | undefined) ?? 1,
    holdoutFraction: (raw.holdoutFraction as number | undefined) ?? DEFAULT_HOLDOUT_FRACTION,
    autoActivate: (raw.autoActivate as boolean | undefined) ?? true,
    ...(raw.retrainEveryHours !== undefined ? { retrainEveryHours: raw.retrainEveryHours as number } : {}),
  };
}
