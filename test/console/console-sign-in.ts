import type { Page } from 'playwright-core';
import type { TestServer } from '../support/harness.js';
import type { UserRecord } from '../../src/ports/users.js';

export const CONSOLE_PASSWORD = 'correct horse battery staple';

/**
 * Signs a user of the tenant's organization (its owner unless told) in as a person does (password,
 * consent, project choice), so the pages run with the console's own OAuth scopes; sets the password first.
 */
export async function signInToConsole(page: Page, server: TestServer, baseUrl: string, user: UserRecord = server.tenant.user): Promise<void> {
  await server.runtime.services.identityProvisioning.setPassword(user.id, CONSOLE_PASSWORD);
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/sign-in/);
  await page.getByRole('button', { name: 'Sign in with your account' }).click();
  await page.waitForURL(/\/oauth\/authorize/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(CONSOLE_PASSWORD);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/projects/);
  await page.getByRole('button', { name: `${server.tenant.organization.name} / ${server.tenant.project.name}` }).click();
  await page.waitForURL(/\/traces$/);
}

/** Makes `projectId` the console's project through the project switcher (a case may have left another chosen). */
export async function chooseProject(page: Page, projectId: string): Promise<void> {
  const switcher = page.locator('.switcher select');
  await switcher.waitFor();
  if ((await switcher.inputValue()) === projectId) return;
  await switcher.selectOption(projectId);
  await page.waitForURL(/\/traces$/);
}
