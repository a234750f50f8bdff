export type OrganizationRole = 'owner' | 'admin' | 'member' | 'viewer';

export interface OrganizationRecord {
  id: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrganizationRepository {
  create(input: { id: string; name: string; now: Date }): Promise<OrganizationRecord>;
  findById(id: string): Promise<OrganizationRecord | null>;
  count(): Promise<number>;
  addMember(input: { organizationId: string; userId: string; role: OrganizationRole; now: Date }): Promise<void>;
  findMemberRole(organizationId: string, userId: string): Promise<OrganizationRole | null>;
}
