import { Link } from 'react-router-dom';
import type { Schemas } from '../api/operation-types';

const text = (data: Record<string, unknown>, key: string): string | null => (typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : null);

/**
 * Where a notification points: the console page of what it is about, read from its payload (the
 * same as the webhook event's). The most specific subject wins; none for a payload naming nothing.
 */
export function subjectOf(n: Schemas['Notification']): { to: string; label: string } | null {
  const d = n.data;
  if (n.type === 'notification.daily_digest') return { to: '/notifications?digest=daily', label: 'Open the daily digest' };
  if (n.type === 'notification.weekly_report') return { to: '/notifications?digest=weekly', label: 'Open the weekly report' };
  const incident = text(d, 'incidentId');
  if (incident) return { to: `/incidents/${incident}`, label: 'Open the incident' };
  const monitor = text(d, 'monitorId');
  if (monitor) return { to: `/monitors/${monitor}`, label: 'Open the monitor' };
  const trace = text(d, 'traceId');
  if (trace) return { to: `/traces/${encodeURIComponent(trace)}`, label: 'Open the trace' };
  const queue = text(d, 'queueId');
  const batch = text(d, 'batchId');
  if (queue && batch) return { to: `/annotations/${queue}/${batch}`, label: 'Open the annotation batch' };
  if (text(d, 'fixId') || Array.isArray(d.fixes)) return { to: '/fixes', label: 'Open the fix board' };
  const detection = text(d, 'detectionId');
  if (detection) return { to: `/detections/${detection}`, label: 'Open the detection' };
  const evaluator = text(d, 'evaluatorId');
  if (evaluator) return { to: `/evaluators/${evaluator}`, label: 'Open the evaluator' };
  return null;
}

export function SubjectLink({ notification, onOpen }: { notification: Schemas['Notification']; onOpen: () => void }) {
  const subject = subjectOf(notification);
  if (!subject) return null;
  return (
    <Link to={subject.to} onClick={onOpen}>
      {subject.label}
      <span className="visually-hidden">: {notification.title}</span>
    </Link>
  );
}
