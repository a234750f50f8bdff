import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { addListCommand } from '../list-command.js';
import { printResource } from '../output.js';

type WebhookList = SuccessData<'listWebhooks'>;
type Webhook = WebhookList['webhooks'][number];

const PATH = '/api/v1/public/webhooks';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export function registerWebhookCommands(program: Command, io: Io): void {
  const webhooks = program.command('webhooks').description('signed outbound notifications');

  addListCommand<WebhookList, Webhook>(webhooks, io, {
    description: 'list webhooks, newest first',
    noun: 'webhooks',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.webhooks,
    columns: [
      { header: 'ID', value: (w) => w.id },
      { header: 'NAME', value: (w) => w.name },
      { header: 'ENABLED', value: (w) => w.enabled },
      { header: 'EVENTS', value: (w) => w.eventTypes.join(',') },
      { header: 'CREATED', value: (w) => w.createdAt },
    ],
  });

  webhooks
    .command('create')
    .description('create a webhook; retried safely with one generated idempotency key')
    .requiredOption('--name <name>', 'webhook name (unique in the project)')
    .requiredOption('--url <url>', 'destination URL')
    .option('--events <types>', 'comma-separated event types, or *', '*')
    .option('--secret <secret>', 'signing secret (1 to 128 characters); deliveries are unsigned without one')
    .option('--idempotency-key <key>', 'reuse a key from an earlier attempt (default: a new UUIDv4)')
    .action(async (options: { name: string; url: string; events: string; secret?: string; idempotencyKey?: string }, self: Command) => {
      const eventTypes = options.events.split(',').map((type) => type.trim()).filter(Boolean) as Webhook['eventTypes'];
      if (eventTypes.length === 0) throw new UsageError('--events needs at least one event type');
      const context = CommandContext.of(io, self);
      const body: BodyOf<'post_api_v1_public_webhooks'> = { name: options.name, destinationUrl: options.url, eventTypes, ...(options.secret !== undefined ? { secret: options.secret } : {}) };
      // One key for every attempt of this run: a retry after a lost answer replays the first
      // creation instead of creating a second webhook.
      const idempotencyKey = options.idempotencyKey ?? randomUUID();
      const webhook = await context.client().request<SuccessData<'post_api_v1_public_webhooks'>>('POST', PATH, { body, headers: { 'idempotency-key': idempotencyKey }, retrySafe: true });
      printResource(io, context.settings.json, webhook);
    });

  for (const [name, enabled] of [['enable', true], ['disable', false]] as const) {
    webhooks
      .command(`${name} <id>`)
      .description(enabled ? 'enable a webhook: events published from now on are delivered' : 'disable a webhook: no new deliveries, pending ones are cancelled')
      .action(async (id: string, _options: unknown, self: Command) => {
        const context = CommandContext.of(io, self);
        const webhook = await context.client().request<SuccessData<'updateWebhook'>>('PATCH', itemPath(id), { body: { enabled } satisfies BodyOf<'updateWebhook'> });
        printResource(io, context.settings.json, webhook);
      });
  }
}
