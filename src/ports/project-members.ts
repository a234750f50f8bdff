import type { ProjectRole } from '../auth/roles.js';

/** A user's explicit role in one project (in addition to what the organization role implies). */
export interface ProjectMemberRepository {
  setRole(input: { projectId: string; userId: string; role: ProjectRole; now: Date }): Promise<void>;
  findRole(projectId: string, userId: string): Promise<ProjectRole | null>;
  remove(projectId: string, userId: string): Promise<boolean>;
}
