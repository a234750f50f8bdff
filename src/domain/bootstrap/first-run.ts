import type { Config } from '../../config.js';
import type { Store } from '../../ports/store.js';
import type { AccountLinks } from '../identity/account-links.js';
import type { IdentityProvisioning } from '../identity/identity-provisioning.js';
import type { DevEnvironment } from './provisioning.js';

export interface AdminAccessContext {
  store: Store;
  config: Pick<Config, 'admin'>;
  accountLinks: AccountLinks;
  identityProvisioning: IdentityProvisioning;
}

/**
 * How the admin signs in, as lines for the start-up banner. On the first start: a one-time setup
 * link (or the password from TRACEWELL_ADMIN_PASSWORD). On a later start whose admin still has no
 * password: how to get a new link on this machine. Nothing once the admin has a password.
 */
export async function adminAccessNotice(context: AdminAccessContext, dev: DevEnvironment | null, baseUrl?: string): Promise<string[]> {
  const { store, config } = context;
  const admin = dev?.user ?? (await store.users.findByEmail(config.admin.email));
  if (!admin || (await store.userPasswords.find(admin.id))) return [];
  if (config.admin.password) {
    await context.identityProvisioning.setPassword(admin.id, config.admin.password);
    return [`Admin ${admin.email}: password set from TRACEWELL_ADMIN_PASSWORD. Sign in with \`tracewell login\`.`];
  }
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
