import type { ReactNode } from 'react';

/**
 * What a page shows when there is nothing yet: what is missing, and the next step (a link, a
 * button or a command) — never a bare "no data".
 */
export function EmptyState({ title, children, actions, tone = 'empty' }: { title: string; children?: ReactNode; actions?: ReactNode; tone?: 'empty' | 'not-found' }) {
  return (
    <section className={`empty-state ${tone === 'not-found' ? 'not-found' : ''}`} aria-label={title}>
      {/* A not-found state is the whole page, so its title is the page's heading. */}
      {tone === 'not-found' ? <h1>{title}</h1> : <h2>{title}</h2>}
      {children}
      {actions && <div className="empty-actions">{actions}</div>}
    </section>
  );
}
