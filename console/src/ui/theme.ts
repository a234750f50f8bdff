import { useEffect, useSyncExternalStore } from 'react';

/**
 * The color theme. The choice ("system", "light", "dark") is remembered in localStorage — it is a
 * preference, not a secret — and resolved onto html[data-theme], which styles.css keys its colors on.
 * "system" follows prefers-color-scheme, also when the system switches while the console is open.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_KEY = 'tracewell.theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const darkQuery = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

export function storedTheme(): ThemeChoice {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return CHOICES.includes(saved as ThemeChoice) ? (saved as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

/** Puts the resolved theme on <html>; called before the first render, so nothing paints in the other theme. */
export function applyTheme(choice: ThemeChoice = storedTheme()): void {
  const dark = choice === 'dark' || (choice === 'system' && darkQuery()?.matches === true);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

const listeners = new Set<() => void>();
function setTheme(choice: ThemeChoice): void {
  try {
    localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice still holds for this page.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** The current choice and a setter, kept in step across components. */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storedTheme,
  );
  useEffect(() => {
    const query = darkQuery();
    if (!query || choice !== 'system') return;
    const follow = () => applyTheme('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [choice]);
  return [choice, setTheme];
}
