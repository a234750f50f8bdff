export interface ProjectRecord {
  id: string;
  organizationId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ProjectRepository {
  create(input: { id: string; organizationId: string; name: string; now: Date }): Promise<ProjectRecord>;
  findById(id: string): Promise<ProjectRecord | null>;
  listByOrganization(organizationId: string): Promise<ProjectRecord[]>;
}
