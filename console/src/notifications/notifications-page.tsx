import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useApi, useSession } from '../auth/session-context';
import { useCursorPages } from '../ui/cursor-pages';
import { PagedList } from '../ui/paged-list';
import { formatTime } from '../ui/format';
import { SubjectLink } from './subject-link';
import { NotificationSettingsForm } from './notification-settings';
import { EmailPreferencesForm } from './email-preferences';
import { DigestPreview } from './digest-preview';

const PAGE = 20;

/** The signed-in user's inbox (newest first, all or unread), the project's notification settings and its digests. */
export function NotificationsPage() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const pages = useCursorPages();
  const inbox = useQuery({
    queryKey: ['notifications', session?.projectId, 'inbox', unreadOnly, pages.cursor],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () => api.listNotifications({ limit: PAGE, cursor: pages.cursor, unread: unreadOnly || undefined }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const markRead = useMutation({ mutationFn: (id: string) => api.markNotificationRead(id), onSuccess: refresh });
  const markAll = useMutation({ mutationFn: () => api.markAllNotificationsRead(), onSuccess: refresh });
  const list = inbox.data?.notifications ?? [];
  const unread = inbox.data?.unreadCount ?? 0;
  const digest = params.get('digest');
  return (
    <section>
      <div className="page-head">
        <h1>Notifications</h1>
        <div className="toolbar">
          <label className="inline">
            <input
              type="checkbox"
              checked={unreadOnly}
              onChange={(e) => {
                pages.reset();
                setUnreadOnly(e.target.checked);
              }}
            />{' '}
            Unread only
          </label>
          <button type="button" disabled={markAll.isPending || unread === 0} onClick={() => markAll.mutate()}>
            Mark all as read
          </button>
        </div>
      </div>
      {inbox.data && <p role="status">{unread === 0 ? 'Nothing unread.' : `${unread} unread.`}</p>}
      <PagedList page={inbox.data?.page} items={list} pages={pages} error={inbox.error ?? markRead.error ?? markAll.error} pagerLabel="Notification pages"
        empty={
          <p className="empty">
            {unreadOnly
              ? 'No unread notifications. Clear "Unread only" to see the ones you have read.'
              : 'No notifications yet. You are notified when someone @-mentions you on a fix, when fixes assigned to you need action, about dispatch approvals, finished backfills and the daily and weekly digests (set their hour below).'}
          </p>
        }>
        {(items) => (
          <ul className="plain nt-list" aria-label="Notifications, newest first">
            {items.map((n) => (
              <li key={n.id} className={n.read ? 'nt-item' : 'nt-item nt-unread'}>
                <div>
                  <strong>{n.title}</strong>
                  {!n.read && <span className="nt-flag"> (unread)</span>}
                </div>
                <div className="muted small">
                  {n.type} · {formatTime(n.createdAt)}
                  {n.readAt && ` · read ${formatTime(n.readAt)}`}
                </div>
                <div className="nt-actions">
                  <SubjectLink notification={n} onOpen={() => !n.read && markRead.mutate(n.id)} />
                  {!n.read && (
                    <button type="button" disabled={markRead.isPending} onClick={() => markRead.mutate(n.id)}>
                      Mark as read<span className="visually-hidden">: {n.title}</span>
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <DigestPreview initial={digest === 'weekly' ? 'weekly' : digest === 'daily' ? 'daily' : null} />
      <NotificationSettingsForm />
      <EmailPreferencesForm />
    </section>
  );
}
