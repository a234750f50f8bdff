import type { Severity } from '../domain/detections/detection-types.js';

export interface DigestTraceTotals {
  count: number;
  errorCount: number;
  cost: number;
}

export interface DigestDetectionCount {
  detectionId: string;
  slug: string;
  displayName: string;
  fireCount: number;
}

export interface DigestFix {
  id: string;
  title: string;
  severity: Severity;
  at: Date;
}

/** Reads of a project's activity over a period [start, end), and the digests already made. */
export interface DigestRepository {
  traceTotals(projectId: string, start: Date, end: Date): Promise<DigestTraceTotals>;
  /** Detections by firings recorded in the period, most first (ties by slug). */
  topDetections(projectId: string, start: Date, end: Date, limit: number): Promise<DigestDetectionCount[]>;
  createdFixes(projectId: string, start: Date, end: Date, limit: number): Promise<{ total: number; fixes: DigestFix[] }>;
  resolvedFixes(projectId: string, start: Date, end: Date, limit: number): Promise<{ total: number; fixes: DigestFix[] }>;
  /** Which of these period ends already have a digest of `kind`. */
  madePeriods(projectIds: string[], kind: string): Promise<Map<string, number>>;
  /** False when that period's digest exists already. */
  save(projectId: string, kind: string, periodEnd: Date, summary: Record<string, unknown>, now: Date): Promise<boolean>;
}
