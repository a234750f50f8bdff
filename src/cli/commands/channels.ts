import type { Command } from 'commander';
import type { BodyOf, SuccessData } from '../../http/operation-types.js';
import { CliFailure, UsageError } from '../cli-errors.js';
import { CommandContext } from '../context.js';
import type { Io } from '../io.js';
import { readSetting } from '../../settings/read-setting.js';
import { addListCommand } from '../list-command.js';
import { printCollected, printResource, type Column } from '../output.js';

type ChannelList = SuccessData<'listChannels'>;
type Channel = ChannelList['channels'][number];
type Delivery = SuccessData<'listChannelDeliveries'>['deliveries'][number];

const PATH = '/api/v1/public/channels';
const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;
const KINDS = ['slack', 'pagerduty', 'email', 'webhook'] as const;

const DELIVERY_COLUMNS: Column<Delivery>[] = [
  { header: 'ID', value: (d) => d.id },
  { header: 'EVENT', value: (d) => d.eventType },
  { header: 'STATUS', value: (d) => d.status },
  { header: 'ATTEMPTS', value: (d) => d.attempts },
  { header: 'CODE', value: (d) => d.responseCode ?? '-' },
  { header: 'LAST ERROR', value: (d) => d.lastError ?? '-' },
  { header: 'NEXT ATTEMPT', value: (d) => d.nextAttemptAt ?? '-' },
];

interface CreateOptions {
  name: string;
  kind: (typeof KINDS)[number];
  events: string;
  slackUrl?: string;
  routingKey?: string;
  eventsUrl?: string;
  recipients?: string;
  webhook?: string;
}

export function registerChannelCommands(program: Command, io: Io): void {
  const channels = program.command('channels').description('notification channels: Slack, PagerDuty, email, webhooks');

  addListCommand<ChannelList, Channel>(channels, io, {
    description: 'list channels, newest first',
    noun: 'channels',
    path: PATH,
    maxPageSize: 100,
    items: (data) => data.channels,
    columns: [
      { header: 'ID', value: (c) => c.id },
      { header: 'NAME', value: (c) => c.name },
      { header: 'KIND', value: (c) => c.kind },
      { header: 'ENABLED', value: (c) => c.enabled },
      { header: 'EVENTS', value: (c) => c.eventTypes.join(',') },
    ],
  });

  channels
    .command('create')
    .description('create a channel; the Slack URL and routing key are read from the environment when not given')
    .requiredOption('--name <name>', 'channel name (unique in the project)')
    .requiredOption('--kind <kind>', `one of ${KINDS.join(', ')}`)
    .option('--events <types>', 'comma-separated event types routed to the channel, or *', '*')
    // Secrets on a command line end up in shell history and `ps`: the environment is the better way in.
    .option('--slack-url <url>', 'slack: the incoming-webhook URL (default: $TRACEWELL_SLACK_WEBHOOK_URL)')
    .option('--routing-key <key>', 'pagerduty: the Events API v2 integration key (default: $TRACEWELL_PAGERDUTY_ROUTING_KEY)')
    .option('--events-url <url>', 'pagerduty: another Events API URL (e.g. https://events.eu.pagerduty.com/v2/enqueue)')
    .option('--recipients <addresses>', 'email: comma-separated recipient addresses')
    .option('--webhook <id>', 'webhook: the id of a project webhook')
    .action(async (options: CreateOptions, self: Command) => {
      if (!KINDS.includes(options.kind)) throw new UsageError(`--kind must be one of ${KINDS.join(', ')}`);
      const eventTypes = options.events.split(',').map((type) => type.trim()).filter(Boolean) as Channel['eventTypes'];
      if (eventTypes.length === 0) throw new UsageError('--events needs at least one event type');
      const context = CommandContext.of(io, self);
      const body: BodyOf<'createChannel'> = { name: options.name, kind: options.kind, eventTypes };
      if (options.kind === 'slack') body.slackWebhookUrl = options.slackUrl ?? readSetting(io.env, 'TRACEWELL_SLACK_WEBHOOK_URL');
      if (options.kind === 'pagerduty') {
        body.routingKey = options.routingKey ?? readSetting(io.env, 'TRACEWELL_PAGERDUTY_ROUTING_KEY');
        if (options.eventsUrl) body.eventsUrl = options.eventsUrl;
      }
      if (options.kind === 'email' && options.recipients) body.recipients = options.recipients.split(',').map((address) => address.trim()).filter(Boolean);
      if (options.kind === 'webhook' && options.webhook) body.webhookId = options.webhook;
      const channel = await context.client().request<SuccessData<'createChannel'>>('POST', PATH, { body });
      printResource(io, context.settings.json, channel);
    });

  channels
    .command('test <id>')
    .description('send a test message through a channel now and print how it went (exit 1 when it failed)')
    .action(async (id: string, _options: unknown, self: Command) => {
      const context = CommandContext.of(io, self);
      const delivery = await context.client().request<SuccessData<'testChannel'>>('POST', `${itemPath(id)}/test`, {});
      printResource(io, context.settings.json, delivery);
      if (delivery.status !== 'succeeded') throw new CliFailure(`the test message was not delivered: ${delivery.lastError ?? delivery.status}`);
    });

  channels
    .command('deliveries <id>')
    .description("a channel's delivery log, newest first")
    .option('--limit <n>', 'page size (1 to 100)', '20')
    .option('--cursor <cursor>', 'resume from a printed continuation cursor')
    .action(async (id: string, options: { limit: string; cursor?: string }, self: Command) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('--limit must be an integer from 1 to 100');
      const context = CommandContext.of(io, self);
      const data = await context.client().get<SuccessData<'listChannelDeliveries'>>(`${itemPath(id)}/deliveries`, { limit, cursor: options.cursor });
      printCollected(io, context.settings.json, { items: data.deliveries, nextCursor: data.page.nextCursor }, DELIVERY_COLUMNS, 'deliveries');
    });
}
