import type { Store } from '../../../ports/store.js';
import type { ScheduledTask } from '../../scheduling/scheduler.js';
import { isLearnedConfig } from './learned-config.js';
import type { TrainingService } from './training-service.js';

const HOUR_MS = 3_600_000;
/** Learned detections the schedule looks at per pass (across projects). */
const MAX_DETECTIONS = 1000;

/**
 * Retraining on a schedule: a learned detection with `retrainEveryHours` (score or fix labels; an
 * upload has nothing new to learn from) is due when its last training was requested that long ago
 * or never. The slot names the detection and the period, so each period queues one training.
 */
export class RetrainingTask implements ScheduledTask {
  readonly name = 'detection-retraining';

  constructor(
    private readonly store: Store,
    private readonly trainings: TrainingService,
  ) {}

  async dueSlots(now: Date): Promise<string[]> {
    const slots: string[] = [];
    for (const d of await this.store.detectionModels.learnedDetections(MAX_DETECTIONS)) {
      const config = d.config as Parameters<typeof isLearnedConfig>[0];
      if (!isLearnedConfig(config) || !config.retrainEveryHours || config.labelSource.kind === 'upload') continue;
      const every = config.retrainEveryHours * HOUR_MS;
      const last = await this.store.detectionModels.lastRequestedAt(d.id);
      if (last && now.getTime() - last.getTime() < every) continue;
      slots.push(`${d.projectId}:${d.id}:${Math.floor(now.getTime() / every)}`);
    }
    return slots;
  }

  async run(slot: string): Promise<void> {
    const [projectId, detectionId] = slot.split(':');
    try {
      await this.trainings.request(projectId!, detectionId!, {}, 'scheduler', 'schedule');
    } catch (error) {
      // One already queued or running (409) is this period's training.
      if ((error as { status?: number }).status !== 409) throw error;
    }
  }
}
