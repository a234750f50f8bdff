import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatTime } from '../ui/format';

const PAGE = 20;

/** The last attempt's HTTP status, or what went wrong when no answer came. */
function lastResponse(d: Schemas['WebhookDelivery']): string {
  const last = d.attemptLog[d.attemptLog.length - 1];
  if (!last) return '—';
  return last.statusCode !== null ? String(last.statusCode) : 'no answer';
}

/** A webhook's deliveries, newest first, paged; each row opens its attempt log. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const api = useApi();
  const pages = useCursorPages();
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useQuery({
    queryKey: ['deliveries', webhookId, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listWebhookDeliveries(webhookId, { limit: PAGE, cursor: pages.cursor }),
  });
  const list = deliveries.data?.deliveries ?? [];
  return (
    <section className="card" aria-labelledby="wh-log-heading">
      <h2 id="wh-log-heading">Delivery log</h2>
      <PagedList page={deliveries.data?.page} items={list} pages={pages} error={deliveries.error} pagerLabel="Delivery log pages"
        empty={<p className="empty">No deliveries yet. Send a test delivery to see one here.</p>}>
        {(items) => (
          <table className="wh-log">
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Attempts
                </th>
                <th scope="col">Response</th>
                <th scope="col">Next attempt</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <Fragment key={d.id}>
                  <tr>
                    <td>{formatTime(d.createdAt)}</td>
                    <td>{d.eventType}</td>
                    <td className={`wh-status wh-status-${d.status}`}>{d.status}</td>
                    <td className="num">{d.attempts}</td>
                    <td>{lastResponse(d)}</td>
                    <td>{d.nextAttemptAt ? formatTime(d.nextAttemptAt) : '—'}</td>
                    <td>
                      <button type="button" aria-expanded={open === d.id} disabled={d.attemptLog.length === 0} onClick={() => setOpen(open === d.id ? null : d.id)}>
                        Attempts<span className="visually-hidden"> of the delivery created {formatTime(d.createdAt)}</span>
                      </button>
                    </td>
                  </tr>
                  {open === d.id && (
                    <tr>
                      <td colSpan={7}>
                        <ol className="wh-attempts">
                          {d.attemptLog.map((a) => (
                            <li key={a.attempt}>
                              Attempt {a.attempt} at {formatTime(a.startedAt)}, {a.durationMs} ms: {a.statusCode ?? 'no answer'}
                              {a.error ? ` (${a.error})` : ''}
                            </li>
                          ))}
                        </ol>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}
