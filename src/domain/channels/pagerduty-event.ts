import { truncate, type ChannelEvent, type EventDescription } from './channel-event.js';

/**
 * An Events API v2 request (https://developer.pagerduty.com/docs/send-alert-event,
 * https://developer.pagerduty.com/api-reference/368ae3d938c9e-send-an-event-to-pager-duty).
 * A resolve carries no payload: PagerDuty reads only the routing key and the dedup key.
 */
export type PagerDutyEvent =
  | {
      routing_key: string;
      event_action: 'trigger';
      dedup_key: string;
      payload: {
        summary: string;
        source: string;
        severity: EventDescription['severity'];
        timestamp: string;
        component?: string;
        group?: string;
        class?: string;
        custom_details: Record<string, unknown>;
      };
      links?: { href: string; text: string }[];
      client: string;
      client_url?: string;
    }
  | { routing_key: string; event_action: 'resolve'; dedup_key: string };

/** PagerDuty's limits: the summary is cut at 1024 characters, a dedup key at 255. */
export const PAGERDUTY_LIMITS = { summary: 1024, dedupKey: 255, source: 255 } as const;

/**
 * A monitor incident triggers when it starts and resolves when it ends, keyed by the incident id, so
 * PagerDuty opens and closes one alert. Any other event triggers an alert keyed by the event id.
 */
export function pagerDutyEventOf(routingKey: string, event: ChannelEvent, description: EventDescription, consoleBaseUrl: string): PagerDutyEvent {
  const dedupKey = truncate(description.incident?.id ?? event.id, PAGERDUTY_LIMITS.dedupKey);
  if (description.incident?.status === 'resolved') return { routing_key: routingKey, event_action: 'resolve', dedup_key: dedupKey };
  const monitorName = typeof event.data.monitorName === 'string' ? event.data.monitorName : undefined;
  return {
    routing_key: routingKey,
    event_action: 'trigger',
    dedup_key: dedupKey,
    payload: {
      summary: truncate(`${description.title}: ${description.summary}`, PAGERDUTY_LIMITS.summary),
      source: truncate(`tracewell project ${event.projectId}`, PAGERDUTY_LIMITS.source),
      severity: description.severity,
      timestamp: event.createdAt,
      ...(monitorName ? { component: monitorName } : {}),
      class: event.type,
      custom_details: { eventId: event.id, eventType: event.type, ...event.data },
    },
    ...(description.link ? { links: [{ href: description.link.url, text: description.link.label }] } : {}),
    client: 'Tracewell',
    client_url: consoleBaseUrl,
  };
}
