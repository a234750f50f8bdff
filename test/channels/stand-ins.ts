import type { KnownBlock } from '@slack/types';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a stand-in received, with what its validator found wrong (empty: valid). */
export interface StandInRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: unknown;
  problems: string[];
}

/**
 * A local stand-in for a paid service (Slack, PagerDuty) on 127.0.0.1: it validates every request it
 * receives against the service's published rules, answers an invalid one as the service does (400),
 * and a valid one with the next scripted status (the last repeats).
 */
export class StandIn {
  readonly received: StandInRequest[] = [];
  private statuses: number[];
  private server: Server | null = null;

  constructor(
    private readonly validate: (json: unknown) => string[],
    private readonly okStatus: number,
  ) {
    this.statuses = [okStatus];
  }

  respondWith(...statuses: number[]): this {
    this.statuses = statuses;
    return this;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        const problems: string[] = [];
        if (req.method !== 'POST') problems.push(`method ${req.method}`);
        if (!String(req.headers['content-type']).startsWith('application/json')) problems.push('content-type is not application/json');
        try {
          json = JSON.parse(body);
          problems.push(...this.validate(json));
        } catch {
          problems.push('body is not JSON');
        }
        this.received.push({ method: req.method ?? '', headers: req.headers, body, json, problems });
        const status = problems.length > 0 ? 400 : this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0];
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(problems.length > 0 ? { status: 'invalid event', errors: problems } : { status: 'success' }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/services/T000/B000/XXXX`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextObject = (value: unknown): value is { type: string; text: string } =>
  isObject(value) && (value.type === 'plain_text' || value.type === 'mrkdwn') && typeof value.text === 'string' && value.text.length > 0;

/**
 * Slack's Block Kit rules for the blocks Tracewell sends, from Slack's published reference:
 * https://docs.slack.dev/reference/block-kit/blocks (≤ 50 blocks per message),
 * https://docs.slack.dev/reference/block-kit/blocks/header-block (plain_text, ≤ 150 characters),
 * https://docs.slack.dev/reference/block-kit/blocks/section-block (text ≤ 3000, ≤ 10 fields of ≤ 2000, text or fields),
 * https://docs.slack.dev/reference/block-kit/blocks/context-block (1–10 elements),
 * https://docs.slack.dev/reference/block-kit/blocks/actions-block (≤ 25 elements),
 * https://docs.slack.dev/reference/block-kit/block-elements/button-element (text plain_text ≤ 75, url ≤ 3000, action_id ≤ 255),
 * https://docs.slack.dev/messaging/sending-messages-using-incoming-webhooks (`text` is the notification fallback).
 * The block shapes are typed with Slack's own `@slack/types` (`KnownBlock`).
 */
export function slackProblems(json: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(json)) return ['body is not an object'];
  if (typeof json.text !== 'string' || json.text.length === 0) problems.push('text (the fallback) is missing');
  if (!Array.isArray(json.blocks)) return [...problems, 'blocks is not an array'];
  if (json.blocks.length > 50) problems.push('more than 50 blocks');
  (json.blocks as KnownBlock[]).forEach((block, i) => {
    const at = `blocks[${i}]`;
    switch (block.type) {
      case 'header':
        if (!isTextObject(block.text) || block.text.type !== 'plain_text') problems.push(`${at}.text must be plain_text`);
        else if (block.text.text.length > 150) problems.push(`${at}.text longer than 150`);
        break;
      case 'section':
        if (block.text === undefined && block.fields === undefined) problems.push(`${at} needs text or fields`);
        if (block.text !== undefined && (!isTextObject(block.text) || block.text.text.length > 3000)) problems.push(`${at}.text invalid or longer than 3000`);
        if (block.fields !== undefined) {
          if (block.fields.length > 10) problems.push(`${at} more than 10 fields`);
          for (const field of block.fields) if (!isTextObject(field) || field.text.length > 2000) problems.push(`${at}.fields[] invalid or longer than 2000`);
        }
        break;
      case 'context':
        if (!Array.isArray(block.elements) || block.elements.length < 1 || block.elements.length > 10) problems.push(`${at}.elements must hold 1 to 10`);
        else for (const element of block.elements) if (!isTextObject(element)) problems.push(`${at}.elements[] must be text objects here`);
        break;
      case 'actions':
        if (!Array.isArray(block.elements) || block.elements.length < 1 || block.elements.length > 25) problems.push(`${at}.elements must hold 1 to 25`);
        else
          for (const element of block.elements) {
            if (element.type !== 'button') {
              problems.push(`${at} unexpected element ${element.type}`);
              continue;
            }
            if (!isTextObject(element.text) || element.text.type !== 'plain_text' || element.text.text.length > 75) problems.push(`${at} button text invalid`);
            if (element.url !== undefined && (element.url.length > 3000 || !/^https?:\/\//.test(element.url))) problems.push(`${at} button url invalid`);
            if (element.action_id !== undefined && element.action_id.length > 255) problems.push(`${at} action_id longer than 255`);
          }
        break;
      default:
        problems.push(`${at} has unexpected type ${(block as { type: string }).type}`);
    }
  });
  return problems;
}

const SEVERITIES = ['critical', 'error', 'warning', 'info'];
const ACTIONS = ['trigger', 'acknowledge', 'resolve'];
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The PagerDuty Events API v2 field rules, from PagerDuty's published documentation:
 * https://developer.pagerduty.com/docs/send-alert-event (trigger / acknowledge / resolve) and
 * https://developer.pagerduty.com/api-reference/368ae3d938c9e-send-an-event-to-pager-duty (the request schema):
 * `routing_key` (32-character integration key) and `event_action` (trigger|acknowledge|resolve) always;
 * `dedup_key` ≤ 255, required for acknowledge and resolve; a trigger's `payload` with `summary`
 * (≤ 1024), `source` and `severity` (critical|error|warning|info) required, `timestamp` ISO 8601,
 * `component`, `group`, `class` strings, `custom_details` an object; `links[]` each with an `href`;
 * `client`, `client_url` strings.
 */
export function pagerDutyProblems(json: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(json)) return ['body is not an object'];
  const known = new Set(['routing_key', 'event_action', 'dedup_key', 'payload', 'images', 'links', 'client', 'client_url']);
  for (const key of Object.keys(json)) if (!known.has(key)) problems.push(`unknown field ${key}`);
  if (typeof json.routing_key !== 'string' || json.routing_key.length !== 32) problems.push('routing_key must be a 32-character integration key');
  if (!ACTIONS.includes(json.event_action as string)) problems.push('event_action invalid');
  if (json.dedup_key !== undefined && (typeof json.dedup_key !== 'string' || json.dedup_key.length === 0 || json.dedup_key.length > 255)) problems.push('dedup_key invalid');
  if (json.event_action !== 'trigger' && json.dedup_key === undefined) problems.push('dedup_key required for acknowledge/resolve');
  if (json.event_action === 'trigger') {
    const payload = json.payload;
    if (!isObject(payload)) problems.push('payload required for trigger');
    else {
      if (typeof payload.summary !== 'string' || payload.summary.length === 0 || payload.summary.length > 1024) problems.push('payload.summary required, ≤ 1024');
      if (typeof payload.source !== 'string' || payload.source.length === 0) problems.push('payload.source required');
      if (!SEVERITIES.includes(payload.severity as string)) problems.push('payload.severity invalid');
      if (payload.timestamp !== undefined && (typeof payload.timestamp !== 'string' || !ISO_8601.test(payload.timestamp))) problems.push('payload.timestamp not ISO 8601');
      for (const key of ['component', 'group', 'class'] as const) if (payload[key] !== undefined && typeof payload[key] !== 'string') problems.push(`payload.${key} not a string`);
      if (payload.custom_details !== undefined && !isObject(payload.custom_details)) problems.push('payload.custom_details not an object');
    }
  }
  if (json.links !== undefined) {
    if (!Array.isArray(json.links)) problems.push('links not an array');
    else for (const link of json.links) if (!isObject(link) || typeof link.href !== 'string') problems.push('links[].href required');
  }
  for (const key of ['client', 'client_url'] as const) if (json[key] !== undefined && typeof json[key] !== 'string') problems.push(`${key} not a string`);
  return problems;
}
