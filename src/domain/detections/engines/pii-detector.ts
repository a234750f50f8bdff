import { PII_KINDS } from '../detection-config.js';
import type { PiiDetectorConfig } from '../detection-types.js';
import { scanSubject } from '../scanning/text-detection.js';
import type { DetectorEngine, Finding } from './detector-engine.js';

/** `pii`: the first span whose input or output carries personal data or a secret; score 1. */
export const piiDetector: DetectorEngine = {
  async evaluate(detection, subject, context): Promise<Finding | null> {
    const config = detection.config as PiiDetectorConfig;
    return scanSubject({ kind: 'pii', kinds: config.kinds ?? [...PII_KINDS] }, config.fields ?? ['input', 'output'], subject, context.scan);
  },
};
