import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app';
import { SessionProvider } from './auth/session-context';
import { SessionStore } from './auth/session';
import { ApiProblem } from './api/problem';
import { applyTheme } from './ui/theme';
import './styles.css';

// Before the first render: nothing paints in the other theme.
applyTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors will not change on retry; only transient failures are retried.
      retry: (count, error) => count < 2 && !(error instanceof ApiProblem && error.status < 500 && error.status !== 429),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionProvider store={new SessionStore()}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </QueryClientProvider>
    </SessionProvider>
  </StrictMode>,
);
