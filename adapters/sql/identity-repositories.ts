import type { Knex } from 'knex';
import type { ProjectRole } from '../../src/auth/roles.js';
import type { ProjectMemberRepository } from '../../src/ports/project-members.js';
import type { UserPasswordRepository } from '../../src/ports/user-passwords.js';
import type { SecurityBucketRepository } from '../../src/ports/security-buckets.js';
import type { Dialect } from '../../src/ports/store.js';
import { toMillis } from './columns.js';

export class SqlProjectMemberRepository implements ProjectMemberRepository {
  constructor(private readonly db: Knex) {}

  async setRole(input: { projectId: string; userId: string; role: ProjectRole; now: Date }): Promise<void> {
    const now = toMillis(input.now);
    await this.db('project_members')
      .insert({ project_id: input.projectId, user_id: input.userId, role: input.role, created_at: now, updated_at: now })
      .onConflict(['project_id', 'user_id'])
      .merge({ role: input.role, updated_at: now });
  }

  async findRole(projectId: string, userId: string): Promise<ProjectRole | null> {
    const row = await this.db('project_members').where({ project_id: projectId, user_id: userId }).first('role');
    return row ? (row.role as ProjectRole) : null;
  }

  async remove(projectId: string, userId: string): Promise<boolean> {
    return (await this.db('project_members').where({ project_id: projectId, user_id: userId }).delete()) > 0;
  }
}

export class SqlUserPasswordRepository implements UserPasswordRepository {
  constructor(private readonly db: Knex) {}

  async set(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.db('user_passwords')
      .insert({ user_id: userId, password_hash: passwordHash, updated_at: toMillis(now) })
      .onConflict('user_id')
      .merge({ password_hash: passwordHash, updated_at: toMillis(now) });
  }

  async find(userId: string): Promise<string | null> {
    const row = await this.db('user_passwords').where({ user_id: userId }).first('password_hash');
    return row ? (row.password_hash as string) : null;
  }
}

export class SqlSecurityBucketRepository implements SecurityBucketRepository {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
  ) {}

  update<T>(key: string, decide: (current: { tokens: number; updatedAt: number } | null) => { tokens: number; updatedAt: number; result: T }): Promise<T> {
    return this.db.transaction(async (trx) => {
      // Serialize every reader of this bucket before it reads, including the first use, when there
      // is no row yet to lock: FOR UPDATE alone let 30 parallel first consumers all read "absent".
      if (this.dialect === 'postgres') {
        await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [`security_lifecycle_buckets:${key}`]);
      } else {
        // A write statement takes SQLite's write lock now, so a second process cannot read the same
        // level between our read and our write (one process already queues on its one connection).
        await trx('security_lifecycle_buckets').where({ bucket_key: key }).update({ bucket_key: key });
      }
      const row = await trx('security_lifecycle_buckets').where({ bucket_key: key }).first('tokens', 'updated_at');
      const next = decide(row ? { tokens: Number(row.tokens), updatedAt: Number(row.updated_at) } : null);
      await trx('security_lifecycle_buckets')
        .insert({ bucket_key: key, tokens: next.tokens, updated_at: next.updatedAt })
        .onConflict('bucket_key')
        .merge({ tokens: next.tokens, updated_at: next.updatedAt });
      return next.result;
    });
  }
}
