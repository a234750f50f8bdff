import type { DetectionConfig, DetectionType, Framework, IssueSemantics, Severity } from '../domain/detections/detection-types.js';

export interface DetectionRecord {
  id: string;
  projectId: string;
  groupId: string;
  groupName: string | null;
  slug: string;
  displayName: string;
  type: DetectionType;
  threshold: number;
  isActive: boolean;
  description: string | null;
  severity: Severity;
  /** Empty: every trace; otherwise only traces of these frameworks are evaluated. */
  frameworks: Framework[];
  issueSemantics: IssueSemantics | null;
  config: DetectionConfig;
  createdAt: Date;
  updatedAt: Date;
}

export interface DetectionGroupRecord {
  id: string;
  projectId: string;
  name: string | null;
}

export type NewDetection = Omit<DetectionRecord, 'groupName' | 'updatedAt'>;
export type DetectionChanges = Partial<Pick<DetectionRecord, 'displayName' | 'threshold' | 'isActive' | 'description' | 'severity' | 'frameworks' | 'issueSemantics' | 'config'>>;

export interface DetectionListFilter {
  type?: DetectionType;
  active?: boolean;
  groupId?: string;
}

/** Keyset position of the newest-first detection list. */
export interface DetectionPosition {
  createdAt: number;
  id: string;
}

export interface DetectionRepository {
  findGroup(projectId: string, groupId: string): Promise<DetectionGroupRecord | null>;
  /** `name` null finds the project's unnamed default group. */
  findGroupByName(projectId: string, name: string | null): Promise<DetectionGroupRecord | null>;
  createGroup(input: { id: string; projectId: string; name: string | null; now: Date }): Promise<DetectionGroupRecord>;
  create(input: NewDetection): Promise<DetectionRecord>;
  findById(projectId: string, id: string): Promise<DetectionRecord | null>;
  findBySlug(projectId: string, slug: string): Promise<DetectionRecord | null>;
  update(projectId: string, id: string, changes: DetectionChanges, now: Date): Promise<DetectionRecord | null>;
  /** Newest first, after `after` when given; at most `limit` rows. */
  list(projectId: string, filter: DetectionListFilter, after: DetectionPosition | null, limit: number): Promise<DetectionRecord[]>;
  /** Every detection of the project (a project holds tens of detections, not thousands), newest first. */
  listAll(projectId: string): Promise<DetectionRecord[]>;
}
