import type { Schemas } from '../api/operation-types';

type EventType = Schemas['EventType'];

/** The contract's event types (EventType), `*` first: every event, now and future ones. */
export const EVENT_TYPES: readonly EventType[] = [
  '*',
  'alert.anomaly_detected',
  'alert.compound_breach',
  'alert.ingestion_silent',
  'alert.metric_threshold_breach',
  'alert.per_event_match',
  'alert.sla_breach_warning',
  'alert.threshold_breach',
  'notification.action_items',
  'notification.approval_approved',
  'notification.approval_expired',
  'notification.approval_rejected',
  'notification.approval_requested',
  'notification.backfill_completed',
  'notification.classifier_trained',
  'notification.comment_created',
  'notification.daily_digest',
  'notification.experiment_significant',
  'notification.mention',
  'notification.prompt_version_changed',
  'notification.weekly_report',
  'notify.eval_assigned',
  'notify.eval_batch_deadline_passed',
  'notify.eval_batch_dispatched',
  'notify.eval_completed',
  'notify.eval_deadline_approaching',
  'notify.eval_deadline_passed',
  'notify.eval_reminder',
  'notify.eval_response_submitted',
  'ops.trace_finalizer_scaled',
];

/** Check boxes for the event types a webhook receives; "All events" makes the others moot. */
export function EventTypePicker({ value, onChange, idPrefix }: { value: EventType[]; onChange: (next: EventType[]) => void; idPrefix: string }) {
  const all = value.includes('*');
  const toggle = (type: EventType, on: boolean) => {
    if (type === '*') return onChange(on ? ['*'] : []);
    onChange(on ? [...value.filter((t) => t !== '*'), type] : value.filter((t) => t !== type));
  };
  return (
    <fieldset className="wh-events">
      <legend>Events to send</legend>
      {EVENT_TYPES.map((type) => (
        <label key={type} htmlFor={`${idPrefix}-${type}`} className="inline">
          <input
            id={`${idPrefix}-${type}`}
            type="checkbox"
            checked={value.includes(type)}
            disabled={all && type !== '*'}
            onChange={(e) => toggle(type, e.target.checked)}
          />{' '}
          {type === '*' ? 'All events (*)' : type}
        </label>
      ))}
    </fieldset>
  );
}
