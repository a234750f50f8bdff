export interface ProjectRecord {
  id: string;
  organizationId: string;
  name: string;
  /** Traces older than this many days are deleted and never shown; null keeps them forever. */
  retentionDays: number | null;
  /** Span inputs and outputs go into new search documents (docs/search.md). */
  searchInputsOutputs: boolean;
  /** Significance level of experiment comparisons: the finish-time event and compare's default (docs/experiments.md). */
  experimentAlpha: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProjectChanges {
  name?: string;
  retentionDays?: number | null;
  searchInputsOutputs?: boolean;
  experimentAlpha?: number;
}

export interface ProjectRepository {
  create(input: { id: string; organizationId: string; name: string; now: Date }): Promise<ProjectRecord>;
  /** A live project; null for an unknown or deleted one. */
  findById(id: string): Promise<ProjectRecord | null>;
  /** Live projects of the organization, oldest first. */
  listByOrganization(organizationId: string): Promise<ProjectRecord[]>;
  update(id: string, changes: ProjectChanges, now: Date): Promise<ProjectRecord | null>;
  /** Marks a live project deleted (it disappears at once); false when there was none. */
  markDeleted(id: string, now: Date): Promise<boolean>;
  /** Projects marked deleted whose rows are still being purged. */
  listDeleted(limit: number): Promise<{ id: string; organizationId: string }[]>;
  /** Removes the project row itself (the last purge step; cascades to what remains). */
  remove(id: string): Promise<void>;
  /** Live projects with a retention period. */
  listWithRetention(): Promise<ProjectRecord[]>;
}

/** A project's experimentAlpha until someone changes it (the migration's column default says the same). */
export const DEFAULT_EXPERIMENT_ALPHA = 0.05;
