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
  /** Members with their user's email and name, oldest membership first. */
  listMembers(organizationId: string): Promise<OrganizationMember[]>;
  setMemberRole(organizationId: string, userId: string, role: OrganizationRole): Promise<boolean>;
  removeMember(organizationId: string, userId: string): Promise<boolean>;
  /** The organizations a user belongs to, with the role there. */
  membershipsOf(userId: string): Promise<{ organizationId: string; role: OrganizationRole }[]>;
  /** The oldest organization and its oldest owner: the dev environment's admin on a fresh install. */
  firstOwner(): Promise<{ organizationId: string; userId: string } | null>;
}

export interface OrganizationMember {
  userId: string;
  email: string;
  name: string;
  role: OrganizationRole;
  joinedAt: Date;
}
