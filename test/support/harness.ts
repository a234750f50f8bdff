import supertest from 'supertest';
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import { ManualClock } from '../../src/clock.js';
import type { Dialect } from '../../src/ports/store.js';
import type { OrganizationRecord } from '../../src/ports/organizations.js';
import type { ProjectRecord } from '../../src/ports/projects.js';
import type { UserRecord } from '../../src/ports/users.js';
import { hashToken, issueToken } from '../../src/auth/tokens.js';
import { isolatedDatabase } from './adapters.js';

export interface TenantSeed {
  organization: OrganizationRecord;
  project: ProjectRecord;
  user: UserRecord;
  /** A project-scoped public API key. */
  apiKey: string;
  /** An organization-wide public API key. */
  orgApiKey: string;
}

export interface TestServer {
  adapter: Dialect;
  runtime: Runtime;
  app: Express;
  clock: ManualClock;
  config: Config;
  /** Where the isolated database is: another runtime given these shares it, as a second server process would. */
  databaseLocation: Pick<RuntimeOptions, 'sqliteFile' | 'postgresSchema'>;
  /** Organization A with one project, an owner, a project key and an org key. */
  tenant: TenantSeed;
  /** Organization B, for isolation tests. */
  other: TenantSeed;
  request: () => supertest.Agent;
  /** An OAuth access token for `userId` with `scopes`, written through the repository. */
  oauthToken(userId: string, scopes: string[], options?: { expiresInMs?: number }): Promise<string>;
  seedTenant(name: string): Promise<TenantSeed>;
  close(): Promise<void>;
}

/** Settings that keep a started runtime's background loops off but the one a test is about (add it back). */
export const QUIET_BACKGROUND = { DETECTION_WORKER_ENABLED: 'false', SCHEDULER_ENABLED: 'false', EVALUATOR_WORKER_ENABLED: 'false' } as const;

export interface TestServerOptions extends RuntimeOptions {
  env?: Record<string, string>;
}

/**
 * A full service over an isolated database of `adapter`, with response validation on, so every
 * response a test provokes is checked against the contract. Clock starts at a fixed instant.
 */
export async function startTestServer(adapter: Dialect, options: TestServerOptions = {}): Promise<TestServer> {
  const database = isolatedDatabase(adapter);
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    SERVER_SECRET: 'test-server-secret',
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: 'silent', // request lines would bury mocha's output; test/http/observability.test.ts reads them

    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    // Busy-time pacing depends on how fast the machine runs each request, which would make functional
    // tests with two organizations flaky; test/security/fair-share.test.ts turns it on where it is tested.
    FAIR_SHARE_BUSY_MS_PER_SECOND: '0',
    ...options.env,
  });
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock(new Date('2026-11-01T12:00:00.000Z'));
  const logs: string[] = [];
  const runtime = await createRuntime(config, {
    ...options,
    clock,
    sqliteFile: database.sqliteFile,
    postgresSchema: database.postgresSchema,
    log: options.log ?? ((message) => logs.push(message)),
  });
  const app = createApp(runtime);

  const seedTenant = async (name: string): Promise<TenantSeed> => {
    const { provisioning } = runtime.services;
    const organization = await provisioning.createOrganization(`${name} Org`);
    const project = await provisioning.createProject(organization.id, `${name} Project`);
    const user = await provisioning.createUser(`${name.toLowerCase()}-${randomUUID()}@example.com`, `${name} User`, [
      { organizationId: organization.id, role: 'owner' },
    ]);
    const apiKey = (await provisioning.issueApiKey({ organizationId: organization.id, projectId: project.id, name: 'test', createdByUserId: user.id })).key;
    const orgApiKey = (await provisioning.issueApiKey({ organizationId: organization.id, projectId: null, name: 'org test', createdByUserId: user.id })).key;
    return { organization, project, user, apiKey, orgApiKey };
  };

  const tenant = await seedTenant('Alpha');
  const other = await seedTenant('Beta');

  return {
    adapter,
    runtime,
    app,
    clock,
    config,
    databaseLocation: { sqliteFile: database.sqliteFile, postgresSchema: database.postgresSchema },
    tenant,
    other,
    request: () => supertest.agent(app),
    seedTenant,
    async oauthToken(userId, scopes, { expiresInMs = 3_600_000 } = {}) {
      const token = issueToken('oauthAccess');
      await runtime.store.oauthTokens.create({
        id: randomUUID(),
        tokenHash: hashToken(token),
        userId,
        clientId: 'test-client',
        scopes,
        host: '127.0.0.1',
        expiresAt: new Date(clock.now().getTime() + expiresInMs),
        createdAt: clock.now(),
      });
      return token;
    },
    async close() {
      await runtime.close();
      await database.drop();
      if (process.env.TEST_SHOW_LOGS && logs.length) console.error(logs.join('\n'));
    },
  };
}
