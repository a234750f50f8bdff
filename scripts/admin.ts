/**
 * `npm run admin -- <command>`: operator commands run on the server's machine, with the same
 * environment as `npm start` (DATA_DIR / DATABASE_URL). Access to the database is the credential.
 *
 *   setup-link      [--email <email>]  a new one-time link for a user to set a first password (24 h)
 *   reset-password  [--email <email>]  a one-time link that replaces a user's password (1 h)
 *
 * Without --email the admin of the first start (TRACEWELL_ADMIN_EMAIL, else the first owner).
 */
import { Command } from 'commander';
import { loadConfig } from '../src/config.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import type { AccountLinkPurpose } from '../src/ports/account-links.js';

async function userOf(runtime: Runtime, email: string | undefined) {
  const { store, config } = runtime;
  const user = await store.users.findByEmail((email ?? config.admin.email).trim().toLowerCase());
  if (user || email) return user;
  const owner = await store.organizations.firstOwner();
  return owner ? store.users.findById(owner.userId) : null;
}

async function printLink(purpose: AccountLinkPurpose, options: { email?: string }): Promise<void> {
  const runtime = await createRuntime(loadConfig());
  try {
    const user = await userOf(runtime, options.email);
    if (!user) {
      console.error(options.email ? `No user with the email ${options.email}.` : 'No admin user yet: start the server once (npm start) to create it.');
      process.exitCode = 1;
      return;
    }
    if (purpose === 'setup' && (await runtime.store.userPasswords.find(user.id))) {
      console.error(`${user.email} already has a password; use \`npm run admin -- reset-password --email ${user.email}\` to replace it.`);
      process.exitCode = 1;
      return;
    }
    const link = await runtime.services.accountLinks.issue(user.id, purpose);
    console.log(`${purpose === 'setup' ? 'Set' : 'Reset'} the password of ${user.email} (one-time link, valid until ${link.expiresAt.toISOString()}; earlier links no longer work):`);
    console.log(`  ${link.url}`);
    // The server's mail worker sends it (the outbox is in the database this command shares).
    if (link.mailedTo) console.log(`Mailed to ${link.mailedTo} as well.`);
  } finally {
    await runtime.close();
  }
}

const program = new Command('admin').description('Tracewell operator commands (run on the server machine)');
program.command('setup-link').description('a new one-time link to set a first password').option('--email <email>', 'the user (default: the admin)').action((options) => printLink('setup', options));
program.command('reset-password').description('a one-time link that replaces a password').option('--email <email>', 'the user (default: the admin)').action((options) => printLink('reset', options));
await program.parseAsync();
