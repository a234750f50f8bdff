import type { RegexDetectorConfig } from '../detection-types.js';
import { spanFieldText, type DetectorEngine, type Finding } from './detector-engine.js';

/** `regex`: the first span whose chosen field matches the pattern; score 1. */
export const regexDetector: DetectorEngine = {
  async evaluate(detection, { spans }): Promise<Finding | null> {
    const config = detection.config as RegexDetectorConfig;
    const pattern = new RegExp(config.pattern, (config.flags ?? '').replace('g', ''));
    for (const span of spans) {
      for (const field of config.fields ?? ['input', 'output']) {
        const match = pattern.exec(spanFieldText(span, field));
        if (match) return { spanId: span.spanId, score: 1, evidence: { field, match: match[0].slice(0, 200) } };
      }
    }
    return null;
  },
};
