import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import { effectiveProjectRole, type ProjectRole } from '../../auth/roles.js';
import { ProblemError, problems } from '../../errors.js';
import type { OrganizationMember, OrganizationRole } from '../../ports/organizations.js';
import type { Store } from '../../ports/store.js';
import { ownerOnly } from './invitation-service.js';
import { hasOrganizationReach, organizationAuthority } from './organization-authority.js';

export interface MemberView extends Omit<OrganizationMember, 'email'> {
  /** Null unless the caller has organization reach (see `list`). */
  email: string | null;
  /** The explicit role in the selected project, if any. */
  projectRole: ProjectRole | null;
  effectiveProjectRole: ProjectRole;
}

const lastOwner = (): ProblemError =>
  new ProblemError(409, 'PUBLIC_API_LAST_OWNER', 'The organization must keep at least one owner: make someone else owner first.');

/** The members of the selected project's organization, their organization roles and project roles. */
export class MemberService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /**
   * Every member of the organization, for anyone administering the selected project (they set
   * project roles by user id). Email addresses are personal data of the organization, so, as GitHub
   * shows an organization's members but not their addresses to just anyone, only a caller with
   * organization reach (an organization key, an organization owner or admin) sees them; a project
   * key or a project-only admin gets `email: null`.
   */
  async list(principal: Principal): Promise<MemberView[]> {
    const project = principal.project!;
    const members = await this.store.organizations.listMembers(project.organizationId);
    const showEmails = await hasOrganizationReach(this.store, principal, project.organizationId);
    return Promise.all(members.map((member) => this.view(project.id, member, showEmails)));
  }

  async update(principal: Principal, userId: string, changes: { role?: OrganizationRole; projectRole?: ProjectRole | null }): Promise<MemberView> {
    const project = principal.project!;
    const member = await this.find(project.organizationId, userId);
    if (changes.role !== undefined && changes.role !== member.role) {
      const authority = await organizationAuthority(this.store, principal, project.organizationId);
      if ((changes.role === 'owner' || member.role === 'owner') && authority !== 'owner') throw ownerOnly();
      if (member.role === 'owner' && (await this.ownerCount(project.organizationId)) <= 1) throw lastOwner();
      await this.store.organizations.setMemberRole(project.organizationId, userId, changes.role);
    }
    if (changes.projectRole !== undefined) {
      if (changes.projectRole === null) await this.store.projectMembers.remove(project.id, userId);
      else await this.store.projectMembers.setRole({ projectId: project.id, userId, role: changes.projectRole, now: this.clock.now() });
    }
    const showEmails = await hasOrganizationReach(this.store, principal, project.organizationId);
    return this.view(project.id, await this.find(project.organizationId, userId), showEmails);
  }

  async remove(principal: Principal, userId: string): Promise<void> {
    const project = principal.project!;
    const member = await this.find(project.organizationId, userId);
    const authority = await organizationAuthority(this.store, principal, project.organizationId);
    if (member.role === 'owner') {
      if (authority !== 'owner') throw ownerOnly();
      if ((await this.ownerCount(project.organizationId)) <= 1) throw lastOwner();
    }
    await this.store.transaction(async (tx) => {
      for (const organizationProject of await tx.projects.listByOrganization(project.organizationId)) await tx.projectMembers.remove(organizationProject.id, userId);
      await tx.organizations.removeMember(project.organizationId, userId);
    });
  }

  private async find(organizationId: string, userId: string): Promise<OrganizationMember> {
    const member = (await this.store.organizations.listMembers(organizationId)).find((m) => m.userId === userId);
    if (!member) throw problems.notFound('The member');
    return member;
  }

  private async ownerCount(organizationId: string): Promise<number> {
    return (await this.store.organizations.listMembers(organizationId)).filter((m) => m.role === 'owner').length;
  }

  private async view(projectId: string, member: OrganizationMember, showEmail: boolean): Promise<MemberView> {
    const projectRole = await this.store.projectMembers.findRole(projectId, member.userId);
    return { ...member, email: showEmail ? member.email : null, projectRole, effectiveProjectRole: effectiveProjectRole(member.role, projectRole) ?? 'viewer' };
  }
}
