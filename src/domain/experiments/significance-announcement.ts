import type { DatasetRecord, ExperimentRunRecord } from '../../ports/datasets.js';
import type { Store } from '../../ports/store.js';
import type { NotificationService } from '../notifications/notification-service.js';
import type { ScoreComparison } from './statistics/paired-score-comparison.js';

export interface SignificantScore {
  dataset: DatasetRecord;
  run: ExperimentRunRecord;
  baseline: ExperimentRunRecord;
  comparison: ScoreComparison;
  alpha: number;
  seed: number;
  publicBaseUrl: string;
  userIds: string[];
}

/** The REST address of a path under the public API. */
const api = (base: string, path: string): string => `${base.replace(/\/+$/, '')}/api/v1/public${path}`;

/**
 * `notification.experiment_significant` for one score of a completed run whose comparison with the
 * dataset's baseline run is significant (Holm-adjusted p below alpha): the direction, the numbers
 * a reader needs to judge it, and links to the run and the comparison.
 */
export async function announceSignificance(notifications: NotificationService, tx: Store, event: SignificantScore): Promise<void> {
  const { dataset, run, baseline, comparison: c } = event;
  const compare = `/datasets/${dataset.id}/runs/compare?baseline=${baseline.id}&candidate=${run.id}`;
  await notifications.announce(tx, {
    type: 'notification.experiment_significant',
    projectId: dataset.projectId,
    title: `Run "${run.name}" ${c.direction} ${c.score} against the baseline "${baseline.name}" of ${dataset.name}`,
    data: {
      datasetId: dataset.id,
      datasetName: dataset.name,
      runId: run.id,
      runName: run.name,
      baselineRunId: baseline.id,
      score: c.score,
      dataType: c.dataType,
      direction: c.direction,
      pairs: c.pairs,
      baselineOnly: c.baselineOnly,
      candidateOnly: c.candidateOnly,
      baselineMean: c.baselineMean,
      candidateMean: c.candidateMean,
      meanDifference: c.meanDifference,
      confidenceInterval: c.confidenceInterval ? { level: c.confidenceInterval.level, lower: c.confidenceInterval.lower, upper: c.confidenceInterval.upper, seed: event.seed } : null,
      primaryTest: c.primaryTest,
      pValue: c.pValue,
      adjustedPValue: c.adjustedPValue,
      effectSize: c.effectSize,
      alpha: event.alpha,
      links: { run: api(event.publicBaseUrl, `/datasets/${dataset.id}/runs/${run.id}`), comparison: api(event.publicBaseUrl, compare) },
    },
    userIds: event.userIds,
  });
}
