/** The envelope a channel delivery keeps and renders: the webhook envelope, so a `webhook` channel sends it as is. */
export interface ChannelEvent {
  id: string;
  type: string;
  createdAt: string;
  projectId: string;
  data: Record<string, unknown>;
}

/** The type of on-demand test sends; not routable, sent only through the test operation. */
export const CHANNEL_TEST_EVENT_TYPE = 'channel.test';

/** PagerDuty Events v2 severities, the four its API accepts. */
export type AlertSeverity = 'critical' | 'error' | 'warning' | 'info';

/** What every channel says about an event, whatever its format. */
export interface EventDescription {
  /** One line: the header of a Slack message, an email subject, a PagerDuty summary. */
  title: string;
  /** A sentence or two under the title. */
  summary: string;
  /** Label → value, in display order. */
  facts: [string, string][];
  /** Where in the console to look; null when the event names nothing to open. */
  link: { label: string; url: string } | null;
  severity: AlertSeverity;
  /** A monitor incident's id and whether this event starts or ends it. */
  incident: { id: string; status: 'alerting' | 'resolved' } | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/** Detection severity (critical, high, medium, low) → PagerDuty's. */
const DETECTION_SEVERITY: Record<string, AlertSeverity> = { critical: 'critical', high: 'error', medium: 'warning', low: 'info' };

/**
 * Severity of an event, documented in docs/integrations.md#routing: a detection's own severity mapped;
 * a monitor incident `error`, an SLA warning `warning`; everything else (notifications, tests) `info`.
 */
export function severityOf(event: ChannelEvent): AlertSeverity {
  const detectionSeverity = text(event.data.severity);
  if (detectionSeverity && DETECTION_SEVERITY[detectionSeverity]) return DETECTION_SEVERITY[detectionSeverity];
  if (event.type === 'alert.sla_breach_warning') return 'warning';
  if (event.type.startsWith('alert.')) return 'error';
  return 'info';
}

/** The console page an event is about, most specific first: incident, fix, trace, monitor. */
function linkOf(consoleBaseUrl: string, event: ChannelEvent): EventDescription['link'] {
  const incidentId = text(event.data.incidentId);
  if (incidentId) return { label: 'Open incident', url: `${consoleBaseUrl}/incidents/${encodeURIComponent(incidentId)}` };
  const fixId = text(event.data.fixId);
  if (fixId) return { label: 'Open fix', url: `${consoleBaseUrl}/fixes/${encodeURIComponent(fixId)}` };
  const traceId = text(event.data.traceId);
  if (traceId) return { label: 'Open trace', url: `${consoleBaseUrl}/traces/${encodeURIComponent(traceId)}` };
  const monitorId = text(event.data.monitorId);
  if (monitorId) return { label: 'Open monitor', url: `${consoleBaseUrl}/monitors/${encodeURIComponent(monitorId)}` };
  if (event.type === CHANNEL_TEST_EVENT_TYPE) return { label: 'Open channels', url: `${consoleBaseUrl}/settings/channels` };
  return null;
}

/** Facts worth a line, when the event carries them, in this order. */
const FACTS: [string, string][] = [
  ['monitorName', 'Monitor'],
  ['metric', 'Metric'],
  ['value', 'Value'],
  ['peakValue', 'Peak'],
  ['detectionSlug', 'Detection'],
  ['severity', 'Severity'],
  ['score', 'Score'],
  ['traceId', 'Trace'],
  ['windowStart', 'Window start'],
  ['windowEnd', 'Window end'],
];

function titleOf(event: ChannelEvent, incident: EventDescription['incident']): string {
  const monitorName = text(event.data.monitorName);
  if (incident && monitorName) return incident.status === 'resolved' ? `Resolved: ${monitorName}` : `Alerting: ${monitorName}`;
  const detection = text(event.data.detectionSlug);
  if (detection) return `Detection ${detection} fired`;
  if (event.type === CHANNEL_TEST_EVENT_TYPE) return 'Tracewell test message';
  return text(event.data.title) ?? event.type;
}

export function describeEvent(event: ChannelEvent, consoleBaseUrl: string): EventDescription {
  const incidentId = text(event.data.incidentId);
  const status = event.data.status === 'resolved' ? 'resolved' : 'alerting';
  const incident = incidentId && event.type.startsWith('alert.') ? { id: incidentId, status: status as 'alerting' | 'resolved' } : null;
  const facts = FACTS.flatMap(([key, label]): [string, string][] => {
    const value = text(event.data[key]);
    return value ? [[label, value]] : [];
  });
  const summary =
    event.type === CHANNEL_TEST_EVENT_TYPE
      ? text(event.data.message) ?? 'This is a test message sent on request.'
      : `${event.type} in project ${event.projectId} at ${event.createdAt}.`;
  return { title: titleOf(event, incident), summary, facts, link: linkOf(consoleBaseUrl, event), severity: severityOf(event), incident };
}

/** `value` cut to `max` characters, the last one an ellipsis when cut. */
export const truncate = (value: string, max: number): string => (value.length <= max ? value : `${value.slice(0, max - 1)}…`);
