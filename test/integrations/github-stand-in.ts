import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

/**
 * GitHub's official OpenAPI description (npm @octokit/openapi, dereferenced), read once per process:
 * the stand-in checks requests and its own answers against it rather than against a shape we invented.
 */
const description = (() => {
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.deref.json');
  return JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, Json>> };
})();
const createIssue = description.paths['/repos/{owner}/{repo}/issues'].post as {
  operationId: string;
  requestBody: { content: { 'application/json': { schema: Json } } };
  responses: { '201': { content: { 'application/json': { schema: Json } } } };
};

/**
 * GitHub's description is OpenAPI 3.0: `nullable: true` beside a schema means "or null", which JSON
 * Schema (and ajv) spells as a null type. The conversion is the one the OpenAPI 3.1 migration guide
 * gives: `type: X, nullable` → `type: [X, 'null']`; without a type (a oneOf) → `anyOf: [schema, {type: null}]`.
 */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Json;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, k === 'example' || k === 'examples' ? v : jsonSchemaOf(v)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'], ...(Array.isArray(converted.enum) ? { enum: [...converted.enum, null] } : {}) };
  return { anyOf: [converted, { type: 'null' }] };
}

// `example`, `x-github` and the like are annotations: not strict about unknown keywords.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
export const validateCreateIssueRequest: ValidateFunction = ajv.compile(jsonSchemaOf(createIssue.requestBody.content['application/json'].schema) as Json);
export const validateCreateIssueResponse: ValidateFunction = ajv.compile(jsonSchemaOf(createIssue.responses['201'].content['application/json'].schema) as Json);
export const CREATE_ISSUE_OPERATION = createIssue.operationId;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Json;
  /** ajv's errors against issues/create's request schema; null when valid. */
  schemaErrors: unknown;
}

/** A GitHub user as the description requires one (simple-user). */
const octocat = (base: string) => ({
  login: 'octocat', id: 1, node_id: 'MDQ6VXNlcjE=', avatar_url: 'https://github.com/images/error/octocat_happy.gif', gravatar_id: '',
  url: `${base}/users/octocat`, html_url: 'https://github.com/octocat', followers_url: `${base}/users/octocat/followers`,
  following_url: `${base}/users/octocat/following{/other_user}`, gists_url: `${base}/users/octocat/gists{/gist_id}`,
  starred_url: `${base}/users/octocat/starred{/owner}{/repo}`, subscriptions_url: `${base}/users/octocat/subscriptions`,
  organizations_url: `${base}/users/octocat/orgs`, repos_url: `${base}/users/octocat/repos`, events_url: `${base}/users/octocat/events{/privacy}`,
  received_events_url: `${base}/users/octocat/received_events`, type: 'User', site_admin: false,
});

/** The 201 body of issues/create for issue `number`, built from the request. */
export function issueResponse(base: string, owner: string, repo: string, number: number, request: Json): Json {
  const repoUrl = `${base}/repos/${owner}/${repo}`;
  const labels = ((request.labels as string[] | undefined) ?? []).map((name, i) => ({
    id: 208045946 + i, node_id: 'MDU6TGFiZWwyMDgwNDU5NDY=', url: `${repoUrl}/labels/${encodeURIComponent(name)}`, name, description: null, color: 'f29513', default: false,
  }));
  return {
    id: 1_000_000 + number, node_id: 'MDU6SXNzdWUx', url: `${repoUrl}/issues/${number}`, repository_url: repoUrl,
    labels_url: `${repoUrl}/issues/${number}/labels{/name}`, comments_url: `${repoUrl}/issues/${number}/comments`,
    events_url: `${repoUrl}/issues/${number}/events`, html_url: `https://github.com/${owner}/${repo}/issues/${number}`,
    number, state: 'open', title: request.title, body: request.body ?? null, user: octocat(base), labels, assignee: null, assignees: [],
    milestone: null, locked: false, comments: 0, closed_at: null, created_at: '2026-11-29T05:00:00Z', updated_at: '2026-11-29T05:00:00Z',
    author_association: 'OWNER',
  };
}

/**
 * A local stand-in for the GitHub REST API's issues/create: records each request with its schema
 * verdict, answers the scripted statuses first (e.g. 502 then 201) and 201 with a described issue after.
 */
export class GitHubStandIn {
  readonly requests: RecordedRequest[] = [];
  /** Statuses to answer before answering 201; each is used once. */
  script: number[] = [];
  private server: Server | null = null;
  private nextNumber = 41;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: Json = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
        } catch {
          body = {};
        }
        const valid = validateCreateIssueRequest(body);
        this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, schemaErrors: valid ? null : validateCreateIssueRequest.errors });
        const match = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(req.url ?? '');
        const scripted = this.script.shift();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        if (scripted !== undefined) {
          res.writeHead(scripted).end(JSON.stringify({ message: scripted === 422 ? 'Validation Failed' : 'Server Error', documentation_url: 'https://docs.github.com/rest' }));
        } else if (req.method !== 'POST' || !match || !valid) {
          res.writeHead(422).end(JSON.stringify({ message: 'Validation Failed' }));
        } else {
          this.nextNumber += 1;
          res.writeHead(201).end(JSON.stringify(issueResponse(this.url, match[1], match[2], this.nextNumber, body)));
        }
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
