export interface AuditEventRecord {
  id: string;
  organizationId: string;
  projectId: string | null;
  /** The credential kind that acted (api_key, oauth, service_account, guest) or `system`. */
  actorKind: string;
  actorCredentialId: string;
  actorUserId: string | null;
  /** e.g. project.deleted, api_key.created */
  action: string;
  targetType: string;
  targetId: string | null;
  requestId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditEventQuery {
  organizationId: string;
  /** Only events of this project (a project-scoped credential sees its project's events only). */
  projectId?: string;
  /** A credential id or a user id. */
  actor?: string;
  action?: string;
  targetId?: string;
  fromMs?: number;
  toMs?: number;
  after: { createdAt: number; id: string } | null;
  limit: number;
}

export interface AuditEventRepository {
  insert(record: AuditEventRecord): Promise<void>;
  /** Newest first (createdAt desc, id desc). */
  list(query: AuditEventQuery): Promise<AuditEventRecord[]>;
}
