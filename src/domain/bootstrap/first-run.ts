import type { Config } from '../../config.js';
import type { Store } from '../../ports/store.js';
import type { AccountLinks } from '../identity/account-links.js';
import type { IdentityProvisioning } from '../identity/identity-provisioning.js';
import type { DevEnvironment } from './provisioning.js';
import type { UserRecord } from '../../ports/users.js';

export interface AdminAccessContext {
  store: Store;
  config: Pick<Config, 'admin'>;
  accountLinks: AccountLinks;
  identityProvisioning: IdentityProvisioning;
}

/** The admin (the dev environment's user on a first start), when it has no password yet. */
async function adminWithoutPassword(context: AdminAccessContext, dev: DevEnvironment | null): Promise<UserRecord | null> {
  const admin = dev?.user ?? (await context.store.users.findByEmail(context.config.admin.email));
  return admin && !(await context.store.userPasswords.find(admin.id)) ? admin : null;
}

/**
 * Stores TRACEWELL_ADMIN_PASSWORD for an admin without a password; its banner line, or nothing.
 * The server runs this before it listens: a script that starts it and signs in as soon as the port
 * answers must find the password stored (it answered "wrong password" for about a second).
 */
export async function storeAdminPassword(context: AdminAccessContext, dev: DevEnvironment | null): Promise<string[]> {
  if (!context.config.admin.password) return [];
  const admin = await adminWithoutPassword(context, dev);
  if (!admin) return [];
  await context.identityProvisioning.setPassword(admin.id, context.config.admin.password);
  return [`Admin ${admin.email}: password set from TRACEWELL_ADMIN_PASSWORD. Sign in with \`tracewell login\`.`];
}

/**
 * How the admin signs in, as lines for the start-up banner. On the first start: a one-time setup
 * link (or the password from TRACEWELL_ADMIN_PASSWORD). On a later start whose admin still has no
 * password: how to get a new link on this machine. Nothing once the admin has a password.
 */
export async function adminAccessNotice(context: AdminAccessContext, dev: DevEnvironment | null, baseUrl?: string): Promise<string[]> {
  const admin = await adminWithoutPassword(context, dev);
  if (!admin) return [];
  if (context.config.admin.password) return storeAdminPassword(context, dev);
  if (dev) {
    const link = await context.accountLinks.issue(admin.id, 'setup', baseUrl);
    return [
      `Admin ${admin.email}: set your password (one-time link, valid until ${link.expiresAt.toISOString()}):`,
      `  ${link.url}`,
      'Then sign in with `tracewell login`.',
    ];
  }
  return [
    `Admin ${admin.email} has not set a password yet. For a new one-time setup link, run on this machine:`,
    '  npm run admin -- setup-link',
  ];
}
