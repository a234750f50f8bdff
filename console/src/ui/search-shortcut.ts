import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where typing is going on: `/` must reach the field, not jump to search. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const searchField = (): HTMLInputElement | null => document.querySelector<HTMLInputElement>('main input[type=search]');

/** Navigation state that asks the next page to focus its search field instead of the page itself. */
export const FOCUS_SEARCH = { focusSearch: true } as const;
export const wantsSearchFocus = (state: unknown): boolean => (state as { focusSearch?: unknown } | null)?.focusSearch === true;

/**
 * Focuses the search field once the (lazily loaded) page shows it, giving up after about two
 * seconds of frames; returns the cancel.
 */
export function focusSearchWhenShown(): () => void {
  let frames = 120;
  let pending = 0;
  const attempt = () => {
    const field = searchField();
    if (field) field.focus();
    else if (--frames > 0) pending = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(pending);
}

/**
 * `/` anywhere focuses the page's search field; on a page without one it opens the trace list (whose
 * search covers every trace), which focuses its field once shown (the shell reads FOCUS_SEARCH).
 */
export function useSearchShortcut(enabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      const here = searchField();
      if (here) here.focus();
      else navigate('/traces', { state: FOCUS_SEARCH });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, navigate]);
}
