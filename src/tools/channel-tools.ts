import type { components } from '../../generated/openapi.js';
import { READS, SENDS_MESSAGE } from './tool-annotation-presets.js';
import { field, listField, object, pathParameter, queryParameter } from './contract-fields.js';
import { clampedLimit } from './tool-field-exceptions.js';
import { mapTool, type AnyToolMapping } from './operation-tool.js';
import type { ToolContext } from './tool-definition.js';
import { optionalInteger, requiredString } from './tool-input-readers.js';

type Delivery = components['schemas']['ChannelDelivery'];

const DELIVERY = object({
  delivery_id: field('ChannelDelivery', 'id'),
  event_type: field('ChannelDelivery', 'eventType'),
  status: field('ChannelDelivery', 'status'),
  attempts: field('ChannelDelivery', 'attempts'),
  last_error: field('ChannelDelivery', 'lastError'),
  response_code: field('ChannelDelivery', 'responseCode'),
  next_attempt_at: field('ChannelDelivery', 'nextAttemptAt'),
  created_at: field('ChannelDelivery', 'createdAt'),
});

const deliveryView = (d: Delivery) => ({
  delivery_id: d.id,
  event_type: d.eventType,
  status: d.status,
  attempts: d.attempts,
  last_error: d.lastError,
  response_code: d.responseCode,
  next_attempt_at: d.nextAttemptAt,
  created_at: d.createdAt,
});

/** Channel operations, like webhooks', name the project in a required header; the tool's is the credential's. */
const projectHeader = (context: ToolContext) => ({ 'x-project-id': context.project.id });

const channelPath = (input: Record<string, unknown>) => ({ channelId: requiredString(input, 'channel_id', 64) });

/**
 * `list_channels`, `test_channel`, `list_channel_deliveries`: an agent on call checks where alerts go,
 * proves a channel works, and reads why a delivery failed. Creating channels stays a person's job
 * (it takes a Slack URL or a routing key), so there is no create tool.
 */
export function channelToolMappings(): AnyToolMapping[] {
  return [
    mapTool({
      name: 'list_channels',
      output: object({
        channels: listField(
          'ChannelList',
          'channels',
          object({
            channel_id: field('Channel', 'id'),
            name: field('Channel', 'name'),
            kind: field('Channel', 'kind'),
            enabled: field('Channel', 'enabled'),
            event_types: field('Channel', 'eventTypes'),
            destination_configured: field('Channel', 'destinationConfigured'),
          }),
        ),
        has_more: field('Page', 'hasMore'),
      }),
      annotations: READS,
      operationId: 'listChannels',
      description: 'List the notification channels of the project (Slack, PagerDuty, email, webhook), newest first, with the event types routed to each.',
      input: object({ limit: queryParameter('listChannels', 'limit', clampedLimit(100, 50)) }),
      toOperation: (input, context) => ({ path: {}, headers: projectHeader(context), body: undefined, query: { limit: optionalInteger(input, 'limit', 50, 1, 100) } }),
      toResult: (data) => ({
        channels: data.channels.map((c) => ({ channel_id: c.id, name: c.name, kind: c.kind, enabled: c.enabled, event_types: c.eventTypes, destination_configured: c.destinationConfigured })),
        has_more: data.page.hasMore,
      }),
    }),
    mapTool({
      name: 'test_channel',
      output: DELIVERY,
      annotations: SENDS_MESSAGE,
      operationId: 'testChannel',
      description: 'Send a test message through a channel now (one attempt, not retried) and return the delivery: succeeded, or failed with the error and response code.',
      input: object({ channel_id: pathParameter('testChannel', 'channelId') }),
      toOperation: (input, context) => ({ path: channelPath(input), headers: projectHeader(context), query: {}, body: undefined }),
      toResult: deliveryView,
    }),
    mapTool({
      name: 'list_channel_deliveries',
      output: object({ deliveries: listField('ChannelDeliveryList', 'deliveries', DELIVERY), has_more: field('Page', 'hasMore') }),
      annotations: READS,
      operationId: 'listChannelDeliveries',
      description: "A channel's delivery log, newest first: status, attempts, last error, response code and next attempt.",
      input: object({ channel_id: pathParameter('listChannelDeliveries', 'channelId'), limit: queryParameter('listChannelDeliveries', 'limit', clampedLimit(100, 50)) }),
      toOperation: (input, context) => ({ path: channelPath(input), headers: projectHeader(context), body: undefined, query: { limit: optionalInteger(input, 'limit', 50, 1, 100) } }),
      toResult: (data) => ({ deliveries: data.deliveries.map(deliveryView), has_more: data.page.hasMore }),
    }),
  ];
}
