import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ApiClient } from '../api/client';
import { SessionStore, type SessionState } from './session';

interface SessionContextValue {
  store: SessionStore;
  session: SessionState | null;
  api: ApiClient;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const session = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.current,
  );
  const api = useMemo(
    () => new ApiClient({ credential: () => store.credential(), projectId: () => store.current?.projectId ?? null, refresh: () => store.refresh() }),
    [store],
  );
  return <SessionContext.Provider value={{ store, session, api }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

export const useApi = (): ApiClient => useSession().api;
