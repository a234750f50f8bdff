import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { CursorCodec } from '../../pagination/cursor.js';
import type { Store } from '../../ports/store.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { FixService } from '../fixes/fix-service.js';
import { DetectionEvaluation } from './detection-evaluation.js';
import { DetectionService } from './detection-service.js';
import { DetectorRegistry } from './detector-registry.js';
import { ScanPool } from './scanning/scan-pool.js';
import type { TraceRuleEvaluator } from './trace-rule-evaluator.js';

export interface DetectionServices {
  detections: DetectionService;
  fixes: FixService;
  detectionEvaluation: DetectionEvaluation;
}

/**
 * The detections area's services, built together because evaluation feeds fixes. Without a
 * `ruleEvaluator` (the saved-filters area's), conditional and trace_rules detections are stored
 * but not executed.
 */
export function createDetectionServices(deps: {
  store: Store;
  clock: Clock;
  config: Config;
  events: EventPublisher;
  cursors: CursorCodec;
  ruleEvaluator?: TraceRuleEvaluator | null;
}): DetectionServices {
  const fixes = new FixService(deps.store, deps.clock, deps.events, deps.cursors);
  const registry = new DetectorRegistry(deps.ruleEvaluator ?? null);
  return {
    detections: new DetectionService(deps.store, deps.clock, deps.cursors),
    fixes,
    detectionEvaluation: new DetectionEvaluation(deps.store, deps.clock, deps.events, fixes, registry, deps.config.detectionWorker, {
      scanner: new ScanPool({ workers: deps.config.detectionScan.workers, graceMs: deps.config.detectionScan.graceMs, niceness: deps.config.backgroundThreadNiceness }),
      limits: deps.config.detectionScan,
    }),
  };
}
