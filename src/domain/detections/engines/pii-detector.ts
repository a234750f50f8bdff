import { PII_KINDS } from '../detection-config.js';
import type { PiiDetectorConfig } from '../detection-types.js';
import { spanFieldText, type DetectorEngine, type Finding } from './detector-engine.js';
import { findPii } from './pii-recognizers.js';

/** `pii`: the first span whose input or output carries personal data or a secret; score 1. */
export const piiDetector: DetectorEngine = {
  async evaluate(detection, { spans }): Promise<Finding | null> {
    const config = detection.config as PiiDetectorConfig;
    const kinds = config.kinds ?? [...PII_KINDS];
    for (const span of spans) {
      for (const field of config.fields ?? ['input', 'output']) {
        const found = findPii(spanFieldText(span, field), kinds);
        if (found.length) return { spanId: span.spanId, score: 1, evidence: { field, kinds: found } };
      }
    }
    return null;
  },
};
