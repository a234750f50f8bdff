import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { ensureConsoleBuilt, launchBrowser, listen, type Listening, type RunningBrowser } from './browser.js';

/** One model call of a chat turn: the history so far plus the new question in, the answer out; a tool call when `tool` is given. */
function turn(id: string, session: string, user: string, at: string, cost: number, history: { role: string; content: string }[], question: string, answer: string, tool?: { id: string; result: string }) {
  const spans: Record<string, unknown>[] = [
    {
      span_id: 'llm',
      name: 'chat',
      span_type: 'LLM',
      status: 'success',
      latency_ms: 900,
      start_time: at,
      input: { messages: [{ role: 'system', content: 'You are the support bot.' }, ...history, { role: 'user', content: question }] },
      output: tool
        ? { role: 'assistant', content: answer, tool_calls: [{ id: tool.id, type: 'function', function: { name: 'lookup_order', arguments: '{"order":"A-17"}' } }] }
        : { role: 'assistant', content: answer },
      // Input and output tokens that differ per turn (60/40 for a first turn, 80/30 with two earlier messages).
      metadata: { cost, tokens_used: 100, input_tokens: 60 + history.length * 10, output_tokens: 40 - history.length * 5 },
    },
  ];
  if (tool) spans.push({ span_id: 'tool', parent_span_id: 'llm', name: 'lookup_order', span_type: 'TOOL', status: 'success', start_time: at, output: { result: tool.result }, metadata: { tool_call_id: tool.id, tool_name: 'lookup_order' } });
  return { trace_id: id, name: `support turn ${id}`, metadata: { session_id: session, user_id: user }, spans };
}

forEachAdapter((adapter) => {
  describe('console sessions and users (Chromium)', function () {
    this.timeout(180_000);
    let server: TestServer;
    let http: Listening;
    let chrome: RunningBrowser;
    let page: Page;

    /** The first cell of each row of the table, top to bottom. */
    const firstColumn = async (selector: string) => page.locator(`${selector} tbody tr td:first-child`).allInnerTexts();

    before(async () => {
      ensureConsoleBuilt();
      server = await startTestServer(adapter);
      await server.runtime.services.traceIngestion.ingestBatch(server.tenant.project.id, [
        // The conversation: two turns of ada's, the first calling a tool.
        turn('t1', 'support-42', 'ada', '2026-11-01T10:00:00.000Z', 0.0025, [], 'Where is my order A-17?', 'Let me look it up.', { id: 'call-1', result: 'shipped on Monday' }),
        {
          ...turn('t2', 'support-42', 'ada', '2026-11-01T10:02:00.000Z', 0.004, [{ role: 'user', content: 'Where is my order A-17?' }, { role: 'assistant', content: 'Let me look it up.' }], 'When will it arrive?', 'By Thursday.'),
          tags: ['vip', 'beta'],
        },
        // An older, costlier session of bo's.
        turn('t3', 'billing-7', 'bo', '2026-11-01T08:00:00.000Z', 0.5, [], 'Why was I charged twice?', 'One charge is a hold.'),
      ]);
      http = await listen(server.app);
      chrome = await launchBrowser();
      page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
      await page.goto(`${http.baseUrl}/sign-in`);
      await page.getByLabel('API key', { exact: true }).fill(server.tenant.apiKey);
      await page.getByRole('button', { name: 'Use API key' }).click();
      await page.waitForURL(/\/traces$/);
    });
    after(async () => {
      await chrome?.close();
      await http?.close();
      await server?.close();
    });

    it('lists sessions most recently seen first, and sorts by a column header', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
      await page.getByRole('navigation', { name: 'Analytics' }).getByRole('link', { name: 'Sessions' }).click();
      await page.getByRole('link', { name: 'support-42' }).waitFor();
      expect(await firstColumn('table.sessions-table')).to.deep.equal(['support-42', 'billing-7']);
      const first = await page.locator('table.sessions-table tbody tr').first().locator('td').allInnerTexts();
      expect([first[1], first[2], first[5], first[7]]).to.deep.equal(['ada', '2', '$0.00650', '0']);
      await page.getByRole('button', { name: 'Cost' }).click();
      await page.locator('table.sessions-table tbody tr:first-child td:first-child', { hasText: 'billing-7' }).waitFor();
      expect(await page.getByRole('columnheader', { name: 'Cost' }).getAttribute('aria-sort')).to.equal('descending');
      expect(await firstColumn('table.sessions-table')).to.deep.equal(['billing-7', 'support-42']);
    });

    it('replays a session as one conversation: each turn in order with its time, cost, tool call and a link to its trace', async () => {
      await page.goto(`${http.baseUrl}/sessions/support-42`);
      await page.getByText('By Thursday.').waitFor();
      const turns = page.locator('.replay-turn');
      expect(await turns.count()).to.equal(2);
      const readTurn = async (i: number) => {
        const messages = await turns.nth(i).locator('li.message').allInnerTexts();
        return messages.map((text) => text.split('\n').filter((line) => line.trim() !== '').join(' | '));
      };
      const first = await readTurn(0);
      expect(first[0]).to.match(/^user \| Where is my order A-17\?$/i);
      expect(first[1]).to.match(/^assistant \| Let me look it up\./i);
      expect(first[1]).to.include('lookup_order').and.include('shipped on Monday');
      expect(await readTurn(1)).to.satisfy((lines: string[]) => /^user \| When will it arrive\?$/i.test(lines[0]!) && /^assistant \| By Thursday\.$/i.test(lines[1]!) && lines.length === 2);
      expect(await turns.nth(0).locator('.turn-cost').innerText()).to.equal('$0.00250');
      expect(await turns.nth(1).locator('.turn-cost').innerText()).to.equal('$0.00400');
      // The session's input and output tokens: 60 + 80 and 40 + 30 (the two turns' spans).
      const summary = await page.locator('.session-summary').innerText();
      expect(summary).to.match(/Input tokens\s+140/).and.match(/Output tokens\s+70/);
      await turns.nth(1).getByRole('link', { name: 'support turn t2' }).click();
      await page.waitForURL(/\/traces\/t2$/);
      // The trace's tags, in byte order.
      await page.locator('.trace-head .tag-chip').first().waitFor();
      expect(await page.locator('.trace-head .tag-chip').allInnerTexts()).to.deep.equal(['beta', 'vip']);
    });

    it("shows a trace's tags beside its name in the trace list", async () => {
      await page.goto(`${http.baseUrl}/traces`);
      const row = page.locator('tbody tr', { has: page.getByRole('link', { name: 'support turn t2' }) });
      await row.locator('.list-tag').first().waitFor();
      expect(await row.locator('.list-tag').allInnerTexts()).to.deep.equal(['beta', 'vip']);
      const untagged = page.locator('tbody tr', { has: page.getByRole('link', { name: 'support turn t1' }) });
      expect(await untagged.locator('.list-tag').count()).to.equal(0);
    });

    it('lists end users and shows a user with their sessions', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
      await page.getByRole('navigation', { name: 'Analytics' }).getByRole('link', { name: 'Users' }).click();
      await page.getByRole('link', { name: 'ada' }).waitFor();
      expect(await firstColumn('table.users-table')).to.deep.equal(['ada', 'bo']);
      await page.getByRole('button', { name: 'Cost' }).click();
      await page.locator('table.users-table tbody tr:first-child td:first-child', { hasText: 'bo' }).waitFor();
      await page.getByRole('link', { name: 'ada' }).click();
      await page.getByRole('heading', { name: 'User ada' }).waitFor();
      await page.locator('table.sessions-table').waitFor();
      expect(await firstColumn('table.sessions-table')).to.deep.equal(['support-42']);
      expect(await page.locator('.session-summary').innerText()).to.match(/Traces\s+2/).and.match(/Sessions\s+1/).and.match(/Input tokens\s+140/).and.match(/Output tokens\s+70/);
    });
  });
});
