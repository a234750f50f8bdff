import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A piece of page state kept in the address (`?name=value`), so what a person opened — a fix, a
 * trend — is a link they can share or reload. Replaces the history entry: toggling is not navigation.
 */
export function useParamState(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}
