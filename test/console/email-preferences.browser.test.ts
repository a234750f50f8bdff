import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { latestPeriod } from '../../src/domain/notifications/digest-periods.js';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { SmtpSink } from '../support/smtp-sink.js';
import { insertTrace } from '../support/trace-fixtures.js';
import { DOC_IMAGES, ensureConsoleBuilt, launchBrowser, listen, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { signInToConsole } from './console-sign-in.js';

forEachAdapter((adapter) => {
  describe('console: email preferences and a rendered mail (Chromium)', function () {
    this.timeout(120_000);
    let sink: SmtpSink;
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    const url = (p: string) => `${http.baseUrl}${p}`;

    before(async () => {
      ensureConsoleBuilt();
      sink = await SmtpSink.start();
      server = await startTestServer(adapter, { env: { SMTP_URL: sink.url, PUBLIC_BASE_URL: 'https://tracewell.example' } });
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await signInToConsole(page, server, http.baseUrl);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
      await sink?.close();
    });

    it('/settings/email (the link of every notification mail) shows each kind on, and turning one off is saved', async () => {
      await page.goto(url('/settings/email'));
      await page.getByRole('heading', { name: 'Email preferences', level: 1 }).waitFor();
      const digest = page.getByLabel('The daily digest');
      expect(await digest.isChecked()).to.equal(true);
      expect(await page.getByRole('checkbox').count()).to.equal(7);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await digest.uncheck();
      await page.getByRole('button', { name: 'Save email preferences' }).click();
      await page.getByRole('status').filter({ hasText: 'Email preferences saved.' }).waitFor();
      expect(await server.runtime.store.mailPreferences.unsubscribed(server.tenant.user.id)).to.deep.equal(['daily_digest']);
      await page.reload();
      await page.getByRole('heading', { name: 'Email preferences', level: 1 }).waitFor();
      expect(await page.getByLabel('The daily digest').isChecked()).to.equal(false);
      expect(await page.getByLabel('The weekly report').isChecked()).to.equal(true);
    });

    it('renders the weekly report mail’s HTML part as a person reads it (docs/images/email-weekly-report.png)', async () => {
      const projectId = server.tenant.project.id;
      // Weekly period at the defaults (Monday 09:00 UTC): [2026-10-19T09:00Z, 2026-10-26T09:00Z) at 2026-11-01… the
      // latest complete one. Three traces in it, one an error: 33.3 %; cost 0.4 + 0.35 + 0.5 = $1.25.
      const settings = await server.runtime.services.notifications.settings(projectId);
      const period = latestPeriod('weekly', server.clock.now(), settings);
      const inside = (ms: number) => new Date(period.start.getTime() + ms);
      await insertTrace(server.runtime.database.knex, { projectId, id: 'w-1', createdAt: inside(3_600_000), status: 'success', cost: 0.4 });
      await insertTrace(server.runtime.database.knex, { projectId, id: 'w-2', createdAt: inside(7_200_000), status: 'error', cost: 0.35 });
      await insertTrace(server.runtime.database.knex, { projectId, id: 'w-3', createdAt: inside(86_400_000), status: 'success', cost: 0.5 });
      const now = server.clock.now();
      server.clock.set(inside(2 * 86_400_000));
      await server.runtime.services.fixes.create(projectId, { title: 'Mask emails in <tool> output', severity: 'high' }, 'user:seed');
      server.clock.set(now);
      await server.runtime.store.transaction((tx) => server.runtime.services.digests.send(tx, projectId, period));
      await server.runtime.services.mailDispatcher!.drain();
      const [mail] = await sink.waitFor(1);
      const tab = await chrome.context.newPage();
      await tab.setViewportSize({ width: 720, height: 900 });
      await tab.setContent(String(mail.parsed.html));
      await tab.getByRole('heading', { name: 'Weekly report of Alpha Project' }).waitFor();
      await tab.getByText('Mask emails in <tool> output (high)').waitFor();
      expect(await tab.locator('tr', { hasText: 'Errors' }).innerText()).to.equal('Errors\t1 (33.3 %)');
      expect(await tab.locator('tr', { hasText: 'Cost' }).innerText()).to.equal('Cost\t$1.25');
      expect(await tab.getByRole('link', { name: 'Open the weekly report' }).getAttribute('href')).to.equal('https://tracewell.example/notifications?digest=weekly');
      expect(await tab.getByRole('link', { name: 'Unsubscribe' }).getAttribute('href')).to.match(/^https:\/\/tracewell\.example\/mail\/unsubscribe\?token=/);
      mkdirSync(DOC_IMAGES, { recursive: true });
      if (adapter === 'sqlite') await tab.screenshot({ path: path.join(DOC_IMAGES, 'email-weekly-report.png'), fullPage: true, animations: 'disabled' });
      await tab.close();
    });
  });
});
