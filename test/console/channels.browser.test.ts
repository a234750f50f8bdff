import { expect } from 'chai';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { slackProblems, StandIn } from '../channels/stand-ins.js';
import { DOC_IMAGES, ensureConsoleBuilt, launchBrowser, listen, screenshot, seriousViolations, type Listening, type RunningBrowser } from './browser.js';
import { signInToConsole } from './console-sign-in.js';

type Text = { type: string; text: string };
type Block = { type: string; text?: Text; fields?: Text[]; elements?: (Text & { url?: string })[] };

const escape = (value: string) => value.replace(/&(?!amp;|lt;|gt;)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Slack mrkdwn as Slack shows it: *bold*, line breaks, and the emoji short codes we send. */
const mrkdwn = (value: string) =>
  escape(value)
    .replace(/\*([^*\n]+)\*/g, '<b>$1</b>')
    .replace(/\n/g, '<br>')
    .replace(/:large_orange_circle:/g, '🟠')
    .replace(/:red_circle:/g, '🔴')
    .replace(/:large_yellow_circle:/g, '🟡')
    .replace(/:large_blue_circle:/g, '🔵')
    .replace(/:white_check_mark:/g, '✅');

/** The exact Block Kit JSON the Slack stand-in received, laid out as Slack lays out these four block types. */
function slackHtml(blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if (block.type === 'header') return `<h3 class="header">${escape(block.text!.text)}</h3>`;
      if (block.type === 'section')
        return `<p>${mrkdwn(block.text?.text ?? '')}</p><div class="fields">${(block.fields ?? []).map((f) => `<div>${mrkdwn(f.text)}</div>`).join('')}</div>`;
      if (block.type === 'context') return `<p class="context">${(block.elements ?? []).map((e) => mrkdwn(e.text)).join(' ')}</p>`;
      if (block.type === 'actions') return (block.elements ?? []).map((e) => `<a class="button" href="${escape(e.url ?? '')}">${escape((e as unknown as { text: Text }).text.text)}</a>`).join(' ');
      return '';
    })
    .join('');
  return `<!doctype html><html><head><style>
    body{font-family:Lato,Helvetica,Arial,sans-serif;background:#fff;margin:0;padding:16px;color:#1d1c1d}
    .msg{display:flex;gap:8px;max-width:640px}.avatar{width:36px;height:36px;border-radius:4px;background:#4a154b;color:#fff;font-weight:bold;display:flex;align-items:center;justify-content:center}
    .app{font-weight:900}.tag{font-size:11px;background:#e8e8e8;border-radius:3px;padding:0 3px;margin-left:4px;color:#616061}
    .header{font-size:18px;margin:6px 0}.fields{display:grid;grid-template-columns:1fr 1fr;gap:8px 16px;margin:8px 0}
    .context{font-size:12px;color:#616061}.button{display:inline-block;border:1px solid #bbb;border-radius:4px;padding:4px 12px;color:#1d1c1d;text-decoration:none;font-weight:bold;font-size:14px}
  </style></head><body><div class="msg"><div class="avatar">T</div><div><span class="app">Tracewell</span><span class="tag">APP</span>${body}</div></div></body></html>`;
}

forEachAdapter((adapter) => {
  describe('console: channels (Chromium)', function () {
    this.timeout(120_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;
    let slack: StandIn;
    const url = (p: string) => `${http.baseUrl}${p}`;

    before(async () => {
      ensureConsoleBuilt();
      slack = await new StandIn(slackProblems, 200).start();
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*', PUBLIC_BASE_URL: 'https://tracewell.example.com' } });
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await signInToConsole(page, server, http.baseUrl);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
      await slack?.stop();
    });

    it('adds a Slack channel from Settings, sends a test and shows it in the delivery log', async () => {
      await page.goto(url('/settings'));
      await page.getByRole('link', { name: 'Channels page' }).click();
      await page.waitForURL(/\/settings\/channels$/);
      await page.getByText('No channels yet. Add one below to send alerts where your team already is.').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Slack #oncall');
      await page.getByLabel('Kind').selectOption('slack');
      await page.getByLabel('Slack incoming-webhook URL (kept encrypted, never shown again)').fill(slack.url);
      await page.getByLabel('All events (*)').uncheck();
      await page.getByLabel('alert.metric_threshold_breach').check();
      await page.getByRole('button', { name: 'Add channel' }).click();
      await page.getByText('Channel Slack #oncall created. Send it a test message from the list above.').waitFor();
      const row = page.getByRole('row', { name: /Slack #oncall/ });
      await row.waitFor();
      expect(await row.locator('td').evaluateAll((cells) => cells.slice(0, 5).map((c) => c.textContent))).to.deep.equal([
        'Slack #oncall',
        'Slack',
        'enabled',
        'alert.metric_threshold_breach',
        'incoming webhook set',
      ]);
      expect(await page.content()).to.not.include(slack.url);

      await page.getByRole('button', { name: 'Send test to Slack #oncall' }).click();
      await page.getByRole('status').filter({ hasText: 'Test delivered (HTTP 200).' }).waitFor();
      expect(slack.received).to.have.length(1);
      expect(slack.received[0].problems).to.deep.equal([]);

      await page.getByRole('button', { name: 'Delivery log of Slack #oncall' }).click();
      await page.getByRole('heading', { name: 'Delivery log: Slack #oncall' }).waitFor();
      // The log's row, not the first row of whichever table is last while the log is still loading.
      const logRow = page.getByRole('row', { name: /channel\.test/ });
      await logRow.waitFor();
      expect(await logRow.locator('td').evaluateAll((cells) => cells.slice(0, 6).map((c) => c.textContent))).to.deep.equal(['channel.test', 'succeeded', '1', '200', '—', '—']);
      expect(await seriousViolations(page)).to.deep.equal([]);
      await screenshot(page, `${adapter}-channels`);
    });

    it('shows why a test failed', async () => {
      slack.respondWith(404);
      await page.goto(url('/settings/channels'));
      await page.getByRole('button', { name: 'Send test to Slack #oncall' }).click();
      await page.getByRole('status').filter({ hasText: 'Test failed: HTTP 404.' }).waitFor();
      slack.respondWith(200);
    });

    // Both adapters write the same picture: the message does not depend on the database.
    it('renders the Block Kit message an incident sends, for the docs', async () => {
      slack.received.length = 0;
      await server.runtime.store.transaction((tx) =>
        server.runtime.services.events.publish(tx, {
          type: 'alert.metric_threshold_breach',
          projectId: server.tenant.project.id,
          occurredAt: new Date('2026-11-01T11:59:00.000Z'),
          data: { status: 'alerting', incidentId: '6f1c1f5e-7d4a-4c51-9a53-2f7d0b9e4a10', monitorId: '0b7e6a43-9c52-4f0f-8d8e-5a3f8f0c1d22', monitorName: 'p95 latency of checkout agent', metric: 'latency_p95', value: 4200, peakValue: 5100, windowStart: '2026-11-01T11:00:00.000Z', windowEnd: '2026-11-01T11:55:00.000Z' },
        }),
      );
      await server.runtime.services.channelDispatcher.drain();
      expect(slack.received).to.have.length(1);
      expect(slack.received[0].problems).to.deep.equal([]);
      const message = slack.received[0].json as { blocks: Block[] };
      const preview = await chrome.context.newPage();
      await preview.setViewportSize({ width: 680, height: 330 });
      await preview.setContent(slackHtml(message.blocks));
      expect(await preview.getByRole('heading').textContent()).to.equal('Alerting: p95 latency of checkout agent');
      expect(await preview.getByRole('link', { name: 'Open incident' }).getAttribute('href')).to.equal('https://tracewell.example.com/incidents/6f1c1f5e-7d4a-4c51-9a53-2f7d0b9e4a10');
      await preview.screenshot({ path: path.join(DOC_IMAGES, 'channels-slack-message.png') });
      await preview.close();
    });
  });
});
