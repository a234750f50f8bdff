import type { RegexDetectorConfig } from '../detection-types.js';
import { scanSubject } from '../scanning/text-detection.js';
import type { DetectorEngine, Finding } from './detector-engine.js';

/** `regex`: the first span whose chosen field matches the pattern (RE2 syntax, linear time); score 1. */
export const regexDetector: DetectorEngine = {
  async evaluate(detection, subject, context): Promise<Finding | null> {
    const config = detection.config as RegexDetectorConfig;
    return scanSubject({ kind: 'regex', pattern: config.pattern, flags: (config.flags ?? '').replace('g', '') }, config.fields ?? ['input', 'output'], subject, context.scan);
  },
};
