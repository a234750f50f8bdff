import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { forEachAdapter } from '../support/adapters.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { expectEnvelope, expectProblem, expectRateLimitHeaders } from '../support/problem.js';
import { createRequest, Receiver } from '../webhooks/support.js';

const BASE = '/api/v1/public/prompts';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const CACHE_CONTROL = 'private, max-age=0, must-revalidate';

interface Version {
  id: string;
  promptId: string;
  name: string;
  type: string;
  version: number;
  template: unknown;
  config: Record<string, unknown>;
  labels: string[];
  tags: string[];
  commitMessage: string | null;
  variables: string[];
  placeholders: string[];
  author: string;
  createdAt: string;
}

const path = (name: string) => `${BASE}/${encodeURIComponent(name)}`;
const pathsOf = (problem: Record<string, unknown>) => (problem.errors as { path: string }[]).map((error) => error.path);

forEachAdapter((adapter) => {
  describe('prompts', function () {
    // The server start and the concurrent-creation cases on a loaded 2-core machine.
    this.timeout(60_000);
    let server: TestServer;
    let key: string;
    /** An OAuth token of a project editor (an organization member raised to editor) and of the owner (an admin). */
    let editor: string;
    let admin: string;
    let names = 0;
    /** A prompt name no other case uses, so each case runs alone and in any order. */
    const fresh = (stem = 'p') => `${stem}-${++names}`;

    const push = (body: Record<string, unknown>, auth: { key?: string; token?: string } = { key }) => {
      const req = server.request().post(BASE);
      return (auth.token ? req.set('authorization', `Bearer ${auth.token}`).set('x-project-id', server.tenant.project.id) : req.set('x-api-key', auth.key!)).send(body);
    };
    const pushed = async (body: Record<string, unknown>) => expectEnvelope<Version>(await push(body), 201);
    const get = (name: string, query = '', apiKey = key) => server.request().get(`${path(name)}${query}`).set('x-api-key', apiKey);
    const patch = (name: string, version: number, labels: string[], token?: string) => {
      const req = server.request().patch(`${path(name)}/versions/${version}`);
      return (token ? req.set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id) : req.set('x-api-key', key)).send({ labels });
    };
    const protect = (labels: string[]) => server.request().put('/api/v1/public/project/prompt-protected-labels').set('x-api-key', key).send({ labels });

    before(async () => {
      server = await startTestServer(adapter, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:*' } });
      key = server.tenant.apiKey;
      const { provisioning } = server.runtime.services;
      const member = await provisioning.createUser('editor@example.com', 'Ed', [{ organizationId: server.tenant.organization.id, role: 'member' }]);
      await server.runtime.store.projectMembers.setRole({ projectId: server.tenant.project.id, userId: member.id, role: 'editor', now: server.clock.now() });
      editor = await server.oauthToken(member.id, ['configuration:read', 'configuration:write']);
      admin = await server.oauthToken(server.tenant.user.id, ['configuration:read', 'configuration:write']);
    });
    after(async () => server.close());

    describe('POST /api/v1/public/prompts (createPromptVersion)', () => {
      it('creates the prompt with version 1, latest and the labels asked for, listing its variables', async () => {
        const name = fresh('support/triage');
        const res = await push({ name, type: 'text', template: 'Hello {{ user }}, about {{topic}} and {{user}} again; {{ not-a-var }}', config: { model: 'gpt-4o', temperature: 0.2 }, labels: ['production'], tags: ['support'], commitMessage: 'first' });
        const data = expectEnvelope<Version>(res, 201);
        expectRateLimitHeaders(res);
        expect(data).to.deep.equal({
          id: data.id,
          promptId: data.promptId,
          name,
          type: 'text',
          version: 1,
          template: 'Hello {{ user }}, about {{topic}} and {{user}} again; {{ not-a-var }}',
          config: { model: 'gpt-4o', temperature: 0.2 },
          labels: ['latest', 'production'],
          tags: ['support'],
          commitMessage: 'first',
          variables: ['user', 'topic'],
          placeholders: [],
          author: `user:${server.tenant.user.id}`,
          createdAt: '2026-11-01T12:00:00.000Z',
        });
      });

      it('numbers later versions 2, 3… and moves latest to the newest', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'one' });
        const two = await pushed({ name, type: 'text', template: 'two' });
        expect([two.version, two.labels]).to.deep.equal([2, ['latest']]);
        expect(expectEnvelope<Version>(await get(name, '?version=1')).labels).to.deep.equal([]);
      });

      it('stores a chat prompt with its placeholders', async () => {
        const name = fresh();
        const template = [
          { type: 'message', role: 'system', content: 'You help with {{product}}.' },
          { type: 'placeholder', name: 'history' },
          { type: 'message', role: 'user', content: '{{question}}' },
        ];
        const data = await pushed({ name, type: 'chat', template });
        expect([data.template, data.variables, data.placeholders]).to.deep.equal([template, ['product', 'question'], ['history']]);
      });

      it('refuses a template of the wrong shape for the type at /body/template, and another type than the first version at /body/type', async () => {
        const name = fresh();
        expect(pathsOf(expectProblem(await push({ name, type: 'chat', template: 'text' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/template']);
        await pushed({ name, type: 'text', template: 'x' });
        expect(pathsOf(expectProblem(await push({ name, type: 'chat', template: [{ type: 'message', role: 'user', content: 'x' }] }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/type']);
      });

      it('refuses a name of 1,000 characters at /body/name and writes nothing', async () => {
        const problem = expectProblem(await push({ name: 'a'.repeat(1000), type: 'text', template: 'x' }), 400, 'PUBLIC_API_VALIDATION_FAILED');
        expect(pathsOf(problem)).to.deep.equal(['/body/name']);
        expect(await server.runtime.database.knex('prompts').where('name', 'like', 'aaaa%')).to.deep.equal([]);
      });

      it('refuses names with a leading, trailing or double slash', async () => {
        for (const name of ['/a', 'a/', 'a//b', 'a b']) {
          expect(pathsOf(expectProblem(await push({ name, type: 'text', template: 'x' }), 400, 'PUBLIC_API_VALIDATION_FAILED')), name).to.deep.equal(['/body/name']);
        }
      });

      it('answers a template of 1 MB with 413 and one over 100,000 characters with 400 at /body/template', async () => {
        expectProblem(await push({ name: fresh(), type: 'text', template: 'x'.repeat(1024 * 1024) }), 413, 'PUBLIC_API_PAYLOAD_TOO_LARGE');
        expect(pathsOf(expectProblem(await push({ name: fresh(), type: 'text', template: 'x'.repeat(100_001) }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.include('/body/template');
      });

      it('refuses latest among the labels at /body/labels/<i>', async () => {
        expect(pathsOf(expectProblem(await push({ name: fresh(), type: 'text', template: 'x', labels: ['staging', 'latest'] }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/labels/1']);
      });

      it('refuses a config over 64 KiB at /body/config', async () => {
        expect(pathsOf(expectProblem(await push({ name: fresh(), type: 'text', template: 'x', config: { blob: 'y'.repeat(70_000) } }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/config']);
      });

      it('lets only an admin create a version under a protected label (403 PUBLIC_API_PROMPT_LABEL_PROTECTED for an editor, nothing written)', async () => {
        const name = fresh();
        expectEnvelope(await protect(['production']), 200);
        try {
          expectProblem(await push({ name, type: 'text', template: 'x', labels: ['production'] }, { token: editor }), 403, 'PUBLIC_API_PROMPT_LABEL_PROTECTED');
          expectProblem(await get(name, '?label=latest'), 404, 'PUBLIC_API_NOT_FOUND');
          expect(expectEnvelope<Version>(await push({ name, type: 'text', template: 'x', labels: ['staging'] }, { token: editor }), 201).labels).to.deep.equal(['latest', 'staging']);
          expect(expectEnvelope<Version>(await push({ name, type: 'text', template: 'y', labels: ['production'] }, { token: admin }), 201).labels).to.deep.equal(['latest', 'production']);
        } finally {
          expectEnvelope(await protect([]), 200);
        }
      });

      it('of concurrent creations from version N with baseVersion N, exactly one becomes N+1; the others are 409 and write nothing', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'base' });
        const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => push({ name, type: 'text', template: `edit ${i}`, baseVersion: 1 })));
        const created = answers.filter((res) => res.status === 201);
        expect(created).to.have.length(1);
        expect(created[0].body.data.version).to.equal(2);
        for (const res of answers.filter((r) => r.status !== 201)) expectProblem(res, 409, 'PUBLIC_API_PROMPT_VERSION_CONFLICT');
        const versions = expectEnvelope<{ versions: Version[] }>(await server.request().get(`${path(name)}/versions`).set('x-api-key', key)).versions;
        expect(versions.map((v) => v.version)).to.deep.equal([2, 1]);
      });

      it('gives concurrent creations without baseVersion distinct numbers, the first of them creating the prompt', async () => {
        const name = fresh();
        const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => push({ name, type: 'text', template: `v ${i}` })));
        const numbers = answers.map((res) => expectEnvelope<Version>(res, 201).version).sort((a, b) => a - b);
        expect(numbers).to.deep.equal([1, 2, 3, 4, 5, 6]);
        expect(new Set(answers.map((res) => res.body.data.promptId)).size).to.equal(1);
        expect(expectEnvelope<Version>(await get(name, '?label=latest')).version).to.equal(6);
      });

      it('records prompt_version.created in the audit log', async () => {
        const name = fresh();
        const data = await pushed({ name, type: 'text', template: 'x', labels: ['production'] });
        const row = await server.runtime.database.knex('audit_events').where({ action: 'prompt_version.created', target_id: data.id }).first();
        expect(row.target_type).to.equal('prompt_version');
        expect(JSON.parse(row.details)).to.deep.equal({ name, type: 'text', labels: ['production'] });
      });
    });

    describe('GET /api/v1/public/prompts/{name} (getPrompt)', () => {
      it('serves the production version by default, by URL-encoded name, with a strong ETag and Cache-Control', async () => {
        const name = fresh('folder/sub');
        await pushed({ name, type: 'text', template: 'prod', labels: ['production'] });
        await pushed({ name, type: 'text', template: 'newer' });
        const res = await server.request().get(`${BASE}/${name.replace(/\//g, '%2F')}`).set('x-api-key', key);
        const data = expectEnvelope<Version>(res);
        expect([data.version, data.template, data.labels]).to.deep.equal([1, 'prod', ['production']]);
        expect(res.headers.etag).to.match(/^"[A-Za-z0-9_-]{32}"$/);
        expect(res.headers['cache-control']).to.equal(CACHE_CONTROL);
      });

      it('answers If-None-Match with 304 while unchanged, and 200 with a new ETag once a label moved', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
        const first = await get(name);
        const etag = first.headers.etag as string;
        const cached = await get(name).set('if-none-match', etag);
        expect([cached.status, cached.text, cached.headers.etag, cached.headers['cache-control']]).to.deep.equal([304, '', etag, CACHE_CONTROL]);
        expect((await get(name).set('if-none-match', `"other", W/${etag}`)).status).to.equal(304);
        await pushed({ name, type: 'text', template: 'b', labels: ['production'] });
        const moved = await get(name).set('if-none-match', etag);
        expect(expectEnvelope<Version>(moved).template).to.equal('b');
        expect(moved.headers.etag).to.not.equal(etag);
      });

      it('reads the version with all of the prompt\'s labels in one statement, by label, by number and with no stored label', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production', 'canary'] });
        await pushed({ name, type: 'text', template: 'b', labels: ['staging'] });
        const bare = fresh();
        await pushed({ name: bare, type: 'text', template: 'only' });
        await get(name); // the credential cache is warm: what is counted is the fetch's own reads
        const statements: string[] = [];
        const onQuery = (query: { sql: string }) => {
          if (/prompt/.test(query.sql)) statements.push(query.sql);
        };
        const knex = server.runtime.database.knex;
        knex.on('query', onQuery);
        try {
          expect(expectEnvelope<Version>(await get(name)).labels).to.deep.equal(['canary', 'production']);
          expect(statements).to.have.length(1);
          expect(expectEnvelope<Version>(await get(name, '?label=staging')).labels).to.deep.equal(['latest', 'staging']);
          expect(expectEnvelope<Version>(await get(name, '?version=1')).labels).to.deep.equal(['canary', 'production']);
          expect(expectEnvelope<Version>(await get(bare, '?label=latest')).labels).to.deep.equal(['latest']);
          expect(expectEnvelope<Version>(await get(bare, '?version=1')).labels).to.deep.equal(['latest']);
          expect(statements).to.have.length(5);
        } finally {
          knex.off('query', onQuery);
        }
      });

      it('serves a label or a version number, not both', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['staging'] });
        await pushed({ name, type: 'text', template: 'b' });
        expect(expectEnvelope<Version>(await get(name, '?label=staging')).template).to.equal('a');
        expect(expectEnvelope<Version>(await get(name, '?label=latest')).template).to.equal('b');
        expect(expectEnvelope<Version>(await get(name, '?version=2')).template).to.equal('b');
        expect(pathsOf(expectProblem(await get(name, '?label=staging&version=1'), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/query/version']);
      });

      it('is 404 for an unknown label, version or prompt, and for another project', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
        expectProblem(await get(name, '?label=nope'), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get(name, '?version=7'), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get(fresh()), 404, 'PUBLIC_API_NOT_FOUND');
        expectProblem(await get(name, '', server.other.apiKey), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses a malformed label at /query/label and a name of 1,000 characters at /params/name', async () => {
        expect(pathsOf(expectProblem(await get(fresh(), '?label=Not%20A%20Label'), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/query/label']);
        expect(pathsOf(expectProblem(await get('a'.repeat(1000)), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/params/name']);
      });

      it('lets a read-only key and an OAuth token with only an observability scope fetch a prompt', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
        const { key: readOnly } = expectEnvelope<{ key: string }>(
          await server.request().post('/api/v1/public/api-keys').set('x-api-key', key).send({ name: 'reader', readOnly: true }),
          201,
        );
        expect(expectEnvelope<Version>(await get(name, '', readOnly)).template).to.equal('a');
        expectProblem(await push({ name, type: 'text', template: 'b' }, { key: readOnly }), 403, 'PUBLIC_API_READ_ONLY_CREDENTIAL');
        const ingestToken = await server.oauthToken(server.tenant.user.id, ['observability:write']);
        const res = await server.request().get(path(name)).set('authorization', `Bearer ${ingestToken}`).set('x-project-id', server.tenant.project.id);
        expect(expectEnvelope<Version>(res).template).to.equal('a');
        const list = await server.request().get(BASE).set('authorization', `Bearer ${ingestToken}`).set('x-project-id', server.tenant.project.id);
        expectProblem(list, 403, 'PUBLIC_API_INSUFFICIENT_SCOPE');
      });
    });

    describe('GET /api/v1/public/prompts (listPrompts)', () => {
      it('lists prompts in name order with their labels and latest tags, filtered by prefix, label and tag, over pages', async () => {
        const folder = fresh('list');
        await pushed({ name: `${folder}/b`, type: 'text', template: 'x', labels: ['production'], tags: ['old'] });
        await pushed({ name: `${folder}/b`, type: 'text', template: 'y', tags: ['new'] });
        await pushed({ name: `${folder}/a`, type: 'text', template: 'x', tags: ['new'] });
        await pushed({ name: `${folder}/C`, type: 'text', template: 'x', labels: ['staging'] });
        await pushed({ name: `${folder}x`, type: 'text', template: 'x' });
        const list = (query: string) => server.request().get(`${BASE}?namePrefix=${encodeURIComponent(`${folder}/`)}${query}`).set('x-api-key', key);
        const all = expectEnvelope<{ prompts: { name: string; latestVersion: number; labels: Record<string, number>; tags: string[] }[] }>(await list(''));
        expect(all.prompts.map((p) => [p.name, p.latestVersion, p.labels, p.tags])).to.deep.equal([
          [`${folder}/C`, 1, { latest: 1, staging: 1 }, []],
          [`${folder}/a`, 1, { latest: 1 }, ['new']],
          [`${folder}/b`, 2, { latest: 2, production: 1 }, ['new']],
        ]);
        expect(expectEnvelope<{ prompts: { name: string }[] }>(await list('&label=production')).prompts.map((p) => p.name)).to.deep.equal([`${folder}/b`]);
        expect(expectEnvelope<{ prompts: { name: string }[] }>(await list('&tag=new')).prompts.map((p) => p.name)).to.deep.equal([`${folder}/a`, `${folder}/b`]);
        expect(expectEnvelope<{ prompts: unknown[] }>(await list('&tag=old')).prompts).to.deep.equal([]);
        const first = expectEnvelope<{ prompts: { name: string }[]; page: { hasMore: boolean; nextCursor: string } }>(await list('&limit=2'));
        expect([first.prompts.map((p) => p.name), first.page.hasMore]).to.deep.equal([[`${folder}/C`, `${folder}/a`], true]);
        const second = expectEnvelope<{ prompts: { name: string }[]; page: { hasMore: boolean } }>(await list(`&limit=2&cursor=${first.page.nextCursor}`));
        expect([second.prompts.map((p) => p.name), second.page.hasMore]).to.deep.equal([[`${folder}/b`], false]);
        expectProblem(await list(`&tag=new&cursor=${first.page.nextCursor}`), 400, 'PUBLIC_API_INVALID_CURSOR');
      });
    });

    describe('GET /api/v1/public/prompts/{name}/versions (listPromptVersions)', () => {
      it('lists versions newest first, each with its labels, over pages; an unknown prompt is 404', async () => {
        const name = fresh();
        for (const template of ['a', 'b', 'c']) await pushed({ name, type: 'text', template, labels: template === 'a' ? ['production'] : [] });
        const first = expectEnvelope<{ versions: Version[]; page: { nextCursor: string } }>(await server.request().get(`${path(name)}/versions?limit=2`).set('x-api-key', key));
        expect(first.versions.map((v) => [v.version, v.labels])).to.deep.equal([[3, ['latest']], [2, []]]);
        const second = expectEnvelope<{ versions: Version[]; page: { hasMore: boolean } }>(await server.request().get(`${path(name)}/versions?limit=2&cursor=${first.page.nextCursor}`).set('x-api-key', key));
        expect([second.versions.map((v) => [v.version, v.labels]), second.page.hasMore]).to.deep.equal([[[1, ['production']]], false]);
        expectProblem(await server.request().get(`${path(fresh())}/versions`).set('x-api-key', key), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('PATCH /api/v1/public/prompts/{name}/versions/{version} (setPromptVersionLabels)', () => {
      it('moves a label from the version that had it; a label names one version at a time', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production', 'staging'] });
        await pushed({ name, type: 'text', template: 'b' });
        expect(expectEnvelope<Version>(await patch(name, 2, ['production'])).labels).to.deep.equal(['latest', 'production']);
        expect(expectEnvelope<Version>(await get(name, '?version=1')).labels).to.deep.equal(['staging']);
        expect(expectEnvelope<Version>(await get(name)).version).to.equal(2);
        expect(expectEnvelope<Version>(await patch(name, 1, [])).labels).to.deep.equal([]);
        expectProblem(await get(name, '?label=staging'), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses latest at /body/labels/<i> and an unknown version with 404', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a' });
        expect(pathsOf(expectProblem(await patch(name, 1, ['latest']), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/labels/0']);
        expectProblem(await patch(name, 9, ['x']), 404, 'PUBLIC_API_NOT_FOUND');
      });

      it('refuses an editor moving a protected label (403, nothing moved) and lets an admin move it', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
        await pushed({ name, type: 'text', template: 'b' });
        expectEnvelope(await protect(['production']), 200);
        try {
          expectProblem(await patch(name, 2, ['production'], editor), 403, 'PUBLIC_API_PROMPT_LABEL_PROTECTED');
          expectProblem(await patch(name, 1, [], editor), 403, 'PUBLIC_API_PROMPT_LABEL_PROTECTED');
          expect(expectEnvelope<Version>(await get(name)).version).to.equal(1);
          expect(expectEnvelope<Version>(await patch(name, 2, ['canary'], editor)).labels).to.deep.equal(['canary', 'latest']);
          expect(expectEnvelope<Version>(await patch(name, 2, ['canary', 'production'], admin)).labels).to.deep.equal(['canary', 'latest', 'production']);
        } finally {
          expectEnvelope(await protect([]), 200);
        }
      });
    });

    describe('DELETE /api/v1/public/prompts/{name}/versions/{version} (deletePromptVersion)', () => {
      it('needs <name>@<version> as confirmation, takes its labels with it and moves latest down; the number is not reused', async () => {
        const name = fresh('del/v');
        await pushed({ name, type: 'text', template: 'a' });
        await pushed({ name, type: 'text', template: 'b', labels: ['production'] });
        const del = (confirmation: string) => server.request().delete(`${path(name)}/versions/2`).set('x-api-key', key).send({ confirmation });
        expect(pathsOf(expectProblem(await del(name), 400, 'PUBLIC_API_CONFIRMATION_MISMATCH'))).to.deep.equal(['/body/confirmation']);
        const gone = expectEnvelope<{ name: string; version: number; deleted: boolean; promptDeleted: boolean }>(await del(`${name}@2`));
        expect([gone.name, gone.version, gone.deleted, gone.promptDeleted]).to.deep.equal([name, 2, true, false]);
        expectProblem(await get(name), 404, 'PUBLIC_API_NOT_FOUND');
        expect(expectEnvelope<Version>(await get(name, '?label=latest')).version).to.equal(1);
        expect((await pushed({ name, type: 'text', template: 'c' })).version).to.equal(3);
      });

      it('deletes the prompt with its only version', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a' });
        const gone = expectEnvelope<{ promptDeleted: boolean }>(await server.request().delete(`${path(name)}/versions/1`).set('x-api-key', key).send({ confirmation: `${name}@1` }));
        expect(gone.promptDeleted).to.equal(true);
        expectProblem(await server.request().get(`${path(name)}/versions`).set('x-api-key', key), 404, 'PUBLIC_API_NOT_FOUND');
      });
    });

    describe('DELETE /api/v1/public/prompts/{name} (deletePrompt)', () => {
      it('needs the name as confirmation and deletes every version', async () => {
        const name = fresh();
        const { promptId } = await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
        await pushed({ name, type: 'text', template: 'b' });
        const del = (confirmation: string) => server.request().delete(path(name)).set('x-api-key', key).send({ confirmation });
        expectProblem(await del('other'), 400, 'PUBLIC_API_CONFIRMATION_MISMATCH');
        expect(expectEnvelope<{ name: string; deleted: boolean }>(await del(name))).to.deep.include({ name, deleted: true });
        expectProblem(await get(name, '?label=latest'), 404, 'PUBLIC_API_NOT_FOUND');
        for (const table of ['prompt_versions', 'prompt_labels']) expect(await server.runtime.database.knex(table).where({ prompt_id: promptId }), table).to.deep.equal([]);
      });

      it('refuses an editor when a version carries a protected label', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
        expectEnvelope(await protect(['production']), 200);
        try {
          const res = await server.request().delete(path(name)).set('authorization', `Bearer ${editor}`).set('x-project-id', server.tenant.project.id).send({ confirmation: name });
          expectProblem(res, 403, 'PUBLIC_API_PROMPT_LABEL_PROTECTED');
          expect(expectEnvelope<Version>(await get(name)).version).to.equal(1);
        } finally {
          expectEnvelope(await protect([]), 200);
        }
      });
    });

    describe('POST /api/v1/public/prompts/{name}/compile (compilePrompt)', () => {
      it('fills variables once (inserted text is not read again) and ignores extra ones', async () => {
        const name = fresh();
        await pushed({ name, type: 'text', template: 'Hi {{ name }}, {{name}}! {{x}}', labels: ['production'], config: { model: 'm' } });
        const res = await server.request().post(`${path(name)}/compile`).set('x-api-key', key).send({ variables: { name: '{{x}}', x: 'X', extra: 'e' } });
        expect(expectEnvelope(res)).to.deep.equal({ name, version: 1, type: 'text', compiled: 'Hi {{x}}, {{x}}! X', config: { model: 'm' } });
      });

      it('inserts placeholder messages into a chat prompt', async () => {
        const name = fresh();
        await pushed({ name, type: 'chat', template: [{ type: 'message', role: 'system', content: 'Be {{tone}}.' }, { type: 'placeholder', name: 'history' }], labels: ['production'] });
        const res = await server.request().post(`${path(name)}/compile`).set('x-api-key', key).send({ variables: { tone: 'brief' }, placeholders: { history: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] } });
        expect(expectEnvelope<{ compiled: unknown }>(res).compiled).to.deep.equal([
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ]);
      });

      it('refuses missing variables and placeholders, each at its field path', async () => {
        const name = fresh();
        await pushed({ name, type: 'chat', template: [{ type: 'message', role: 'user', content: '{{a}} {{b}}' }, { type: 'placeholder', name: 'history' }] });
        const res = await server.request().post(`${path(name)}/compile`).set('x-api-key', key).send({ version: 1, variables: { a: '1' } });
        expect(expectProblem(res, 400, 'PUBLIC_API_VALIDATION_FAILED').errors).to.deep.equal([
          { code: 'required', message: 'the template uses {{b}}', path: '/body/variables/b' },
          { code: 'required', message: 'the template has the placeholder history', path: '/body/placeholders/history' },
        ]);
      });
    });

    describe('GET and PUT /api/v1/public/project/prompt-protected-labels', () => {
      it('stores the set sorted and unique, refuses latest, and lets only admins change it', async () => {
        try {
          expect(expectEnvelope(await protect(['production', 'canary', 'production']))).to.deep.equal({ labels: ['canary', 'production'] });
          expect(expectEnvelope(await server.request().get('/api/v1/public/project/prompt-protected-labels').set('x-api-key', key))).to.deep.equal({ labels: ['canary', 'production'] });
          expect(pathsOf(expectProblem(await protect(['latest']), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/labels/0']);
          const res = await server.request().put('/api/v1/public/project/prompt-protected-labels').set('authorization', `Bearer ${editor}`).set('x-project-id', server.tenant.project.id).send({ labels: [] });
          expectProblem(res, 403, 'PUBLIC_API_INSUFFICIENT_ROLE');
        } finally {
          expectEnvelope(await protect([]), 200);
        }
      });
    });

    describe('POST /api/v1/public/traces (ingestTrace): linked spans', () => {
      it('stores metadata.prompt_name and prompt_version on a span and refuses a malformed name or version with its path', async () => {
        const span = (metadata: Record<string, unknown>) => ({ span_id: 'llm', name: 'answer', span_type: 'LLM', status: 'success', metadata });
        const ingest = (traceId: string, metadata: Record<string, unknown>) =>
          server.request().post('/api/v1/public/traces').set('x-api-key', key).send({ trace_id: traceId, name: 'linked', spans: [span(metadata)] });
        expectEnvelope(await ingest('prompt-linked-1', { prompt_name: 'support/triage', prompt_version: 3 }), 201);
        const stored = expectEnvelope<{ spans: { metadata: Record<string, unknown> }[] }>(await server.request().get('/api/v1/public/traces/prompt-linked-1').set('x-api-key', key));
        expect(stored.spans[0].metadata).to.deep.include({ prompt_name: 'support/triage', prompt_version: 3 });
        expect(pathsOf(expectProblem(await ingest('prompt-linked-2', { prompt_name: 'a//b' }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/spans/0/metadata/prompt_name']);
        expect(pathsOf(expectProblem(await ingest('prompt-linked-3', { prompt_name: 'p', prompt_version: 0 }), 400, 'PUBLIC_API_VALIDATION_FAILED'))).to.deep.equal(['/body/spans/0/metadata/prompt_version']);
      });
    });

    describe('notification.prompt_version_changed', () => {
      it('is delivered, signed, to a real receiver when a version is created and when a label moves', async () => {
        const receiver = await new Receiver().start();
        const token = await server.oauthToken(server.tenant.user.id, ['configuration:write']);
        const hook = expectEnvelope<{ id: string }>(
          await createRequest(server, { token, projectId: server.tenant.project.id }, { name: fresh('hook'), destinationUrl: receiver.url, eventTypes: ['notification.prompt_version_changed'], secret: SECRET }),
          201,
        ).id;
        try {
          const name = fresh();
          const one = await pushed({ name, type: 'text', template: 'a', labels: ['production'] });
          await pushed({ name, type: 'text', template: 'b' });
          expectEnvelope(await patch(name, 2, ['production']));
          expectEnvelope(await patch(name, 2, ['production']));
          await server.runtime.services.webhookDispatcher.drain();
          const mine = receiver.received.map(({ headers, body }) => ({ headers, body, event: JSON.parse(body) as { type: string; data: Record<string, unknown> } })).filter(({ event }) => event.data.name === name)
            // Deliveries of one drain may arrive in any order: compare them in the order of the changes.
            .sort((a, b) => Number(a.event.data.version) - Number(b.event.data.version) || (a.event.data.change === 'version_created' ? -1 : 1));
          expect(mine.map(({ event }) => [event.type, event.data])).to.deep.equal([
            ['notification.prompt_version_changed', { promptId: one.promptId, name, version: 1, change: 'version_created', labelsBefore: [], labelsAfter: ['latest', 'production'], movedFrom: {}, author: one.author }],
            ['notification.prompt_version_changed', { promptId: one.promptId, name, version: 2, change: 'version_created', labelsBefore: [], labelsAfter: ['latest'], movedFrom: {}, author: one.author }],
            ['notification.prompt_version_changed', { promptId: one.promptId, name, version: 2, change: 'labels_changed', labelsBefore: ['latest'], labelsAfter: ['latest', 'production'], movedFrom: { production: 1 }, author: one.author }],
          ]);
          for (const { headers, body } of mine) {
            const secretKey = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
            const expected = createHmac('sha256', secretKey).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
            expect(String(headers['webhook-signature']).split(' ')).to.include(`v1,${expected}`);
          }
        } finally {
          await server.request().delete(`/api/v1/public/webhooks/${hook}`).set('authorization', `Bearer ${token}`).set('x-project-id', server.tenant.project.id);
          await receiver.stop();
        }
      });
    });
  });
});
