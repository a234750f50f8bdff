import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Principal } from '../../auth/principal.js';
import { ProblemError, problems } from '../../errors.js';
import type { OrganizationRecord } from '../../ports/organizations.js';
import type { ProjectChanges, ProjectRecord } from '../../ports/projects.js';
import type { Store } from '../../ports/store.js';
import { organizationAuthority } from '../identity/organization-authority.js';
import type { ProjectRetention } from '../traces/retention.js';

export interface ProjectDescription {
  project: ProjectRecord;
  organization: OrganizationRecord;
}

export const MAX_RETENTION_DAYS = 36500;

export class ProjectService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock = { now: () => new Date() },
    /** Told of every change, so this process's lists and searches apply a new retention at once. */
    private readonly retention?: ProjectRetention,
  ) {}

  async describe(project: ProjectRecord): Promise<ProjectDescription> {
    // The credential's project record may come from the authenticator's cache (CREDENTIAL_CACHE_MS):
    // read it again so a rename or retention change is visible at once.
    const current = await this.store.projects.findById(project.id);
    if (!current) throw problems.notFound('The project');
    const organization = await this.store.organizations.findById(current.organizationId);
    if (!organization) throw problems.notFound('The organization');
    return { project: current, organization };
  }

  /** The projects a credential reaches: see the listProjects operation. */
  async list(principal: Principal): Promise<ProjectDescription[]> {
    const projects: ProjectRecord[] = [];
    if (principal.kind === 'api_key') {
      const key = principal.organizationId ? await this.store.apiKeys.findById(principal.organizationId, principal.credentialId) : null;
      if (key?.projectId) {
        const project = await this.store.projects.findById(key.projectId);
        if (project) projects.push(project);
      } else if (key) projects.push(...(await this.store.projects.listByOrganization(key.organizationId)));
    } else if (principal.kind === 'oauth' && principal.userId) {
      for (const membership of await this.store.organizations.membershipsOf(principal.userId)) {
        projects.push(...(await this.store.projects.listByOrganization(membership.organizationId)));
      }
    }
    return Promise.all(projects.map((project) => this.describe(project)));
  }

  async create(principal: Principal, input: { name: string; organizationId?: string }): Promise<ProjectDescription> {
    const organizationId = await this.targetOrganization(principal, input.organizationId);
    await organizationAuthority(this.store, principal, organizationId);
    const name = trimmedName(input.name);
    const now = this.clock.now();
    const project = await this.store.projects.create({ id: randomUUID(), organizationId, name, now });
    return this.describe(project);
  }

  async update(project: ProjectRecord, changes: ProjectChanges): Promise<ProjectDescription> {
    // The stored switch, not the credential's (possibly cached) copy of the project, says whether it changes.
    const before = changes.searchInputsOutputs === undefined ? null : await this.store.projects.findById(project.id);
    const updated = await this.store.projects.update(
      project.id,
      { name: changes.name === undefined ? undefined : trimmedName(changes.name), retentionDays: changes.retentionDays, searchInputsOutputs: changes.searchInputsOutputs, experimentAlpha: changes.experimentAlpha },
      this.clock.now(),
    );
    if (!updated) throw problems.notFound('The project');
    this.retention?.forget(project.id);
    // Documents follow the switch: existing ones are rebuilt with or without inputs and outputs.
    if (before && updated.searchInputsOutputs !== before.searchInputsOutputs) {
      await this.store.searchReindexes.enqueue(project.id, this.clock.now());
    }
    return this.describe(updated);
  }

  /**
   * Marks the project deleted: it disappears from every read at once, and the data-lifecycle worker
   * purges its rows in bounded batches (see DataLifecycle).
   */
  async delete(project: ProjectRecord, confirmation: string): Promise<void> {
    if (confirmation !== project.id) {
      throw new ProblemError(400, 'PUBLIC_API_CONFIRMATION_MISMATCH', 'confirmation must equal the id of the project to delete.', {
        errors: [{ code: 'confirmation_mismatch', message: 'must equal the selected project id', path: '/body/confirmation' }],
      });
    }
    if (!(await this.store.projects.markDeleted(project.id, this.clock.now()))) throw problems.notFound('The project');
  }

  private async targetOrganization(principal: Principal, requested: string | undefined): Promise<string> {
    if (principal.kind === 'oauth' && principal.userId) {
      const memberships = await this.store.organizations.membershipsOf(principal.userId);
      if (requested) return requested;
      if (memberships.length === 1) return memberships[0].organizationId;
      throw problems.validation('Name the organization: you belong to several (or none).', [
        { code: 'required', message: 'is required when the user belongs to more than one organization', path: '/body/organizationId' },
      ]);
    }
    if (requested && requested !== principal.organizationId) throw problems.forbidden('PUBLIC_API_ORGANIZATION_ADMIN_REQUIRED', 'The credential does not administer that organization.');
    return principal.organizationId!;
  }
}

function trimmedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw problems.validation('The name is invalid.', [{ code: 'min_length', message: 'must not be blank', path: '/body/name' }]);
  return trimmed;
}
