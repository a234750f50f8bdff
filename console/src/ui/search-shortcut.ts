import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Where typing is going on: `/` must reach the field, not jump to search. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const searchField = (): HTMLInputElement | null => document.querySelector<HTMLInputElement>('main input[type=search]');

/**
 * `/` anywhere focuses the page's search field; on a page without one it opens the trace list (whose
 * search covers every trace) and focuses its field once it is there.
 */
export function useSearchShortcut(enabled: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    let pending = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      const here = searchField();
      if (here) return here.focus();
      navigate('/traces');
      // The list renders on the next frames; give up after about two seconds.
      let frames = 120;
      const wait = () => {
        const field = searchField();
        if (field) field.focus();
        else if (--frames > 0) pending = requestAnimationFrame(wait);
      };
      pending = requestAnimationFrame(wait);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      cancelAnimationFrame(pending);
    };
  }, [enabled, navigate]);
}
