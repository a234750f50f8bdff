import { ProblemError } from '../../errors.js';
import type { FixStatus } from '../../ports/fixes.js';

/** The stated workflow order. */
export const FIX_STATUSES: readonly FixStatus[] = ['draft', 'open', 'in_progress', 'resolved', 'archived'];

export type UpdateStatusTarget = 'in_progress' | 'resolved' | 'archived';
export const UPDATE_STATUS_TARGETS: readonly UpdateStatusTarget[] = ['in_progress', 'resolved', 'archived'];

/**
 * triage_update_status moves a fix exactly one step forward along draft → open → in_progress →
 * resolved → archived, so each target has one valid source:
 *
 * | from \ to   | in_progress | resolved | archived |
 * |-------------|-------------|----------|----------|
 * | draft       | 400         | 400      | 400      |
 * | open        | ok          | 400      | 400      |
 * | in_progress | 400         | ok       | 400      |
 * | resolved    | 400         | 400      | ok       |
 * | archived    | 400         | 400      | 400      |
 *
 * Leaving draft is triage_accept's job; abandoning an unfinished fix is triage_dismiss's.
 */
export const UPDATE_STATUS_SOURCE: Readonly<Record<UpdateStatusTarget, FixStatus>> = {
  in_progress: 'open',
  resolved: 'in_progress',
  archived: 'resolved',
};

export const canAccept = (from: FixStatus): boolean => from === 'draft';
export const canDismiss = (from: FixStatus): boolean => from !== 'resolved' && from !== 'archived';
export const canUpdateStatus = (from: FixStatus, to: UpdateStatusTarget): boolean => UPDATE_STATUS_SOURCE[to] === from;

export const isUpdateStatusTarget = (value: unknown): value is UpdateStatusTarget =>
  typeof value === 'string' && (UPDATE_STATUS_TARGETS as readonly string[]).includes(value);

export const invalidTransition = (detail: string): ProblemError => new ProblemError(400, 'PUBLIC_API_INVALID_TRANSITION', detail);
