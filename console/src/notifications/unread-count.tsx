import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';

/** Modest polling: a notification is news within a minute, and each open tab asks once a minute. */
const POLL_MS = 60_000;

/**
 * "Notifications" in the navigation bar with the signed-in user's unread count, read on every
 * page change and once a minute. Without a count to show (no project yet, a credential without a
 * user) it is a plain link: the inbox page says why.
 */
export function NotificationsNavLink() {
  const api = useApi();
  const { session } = useSession();
  const location = useLocation();
  const enabled = !!session && (session.kind === 'apiKey' || !!session.projectId);
  const unread = useQuery({
    queryKey: ['notifications', session?.projectId, 'unread-count'],
    queryFn: () => api.listNotifications({ limit: 1, unread: true }),
    enabled,
    retry: false,
    refetchInterval: POLL_MS,
  });
  const { refetch } = unread;
  useEffect(() => {
    if (enabled) void refetch();
  }, [location.pathname, enabled, refetch]);
  const count = unread.data?.unreadCount ?? 0;
  return (
    <NavLink to="/notifications" aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}>
      Notifications
      {count > 0 && (
        <span className="nt-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
