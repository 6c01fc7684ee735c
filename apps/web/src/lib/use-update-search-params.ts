import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets or clears query parameters in place (no new history entry), keeping the others: filters
 * that live in the address survive a reload and do not fill the back button.
 */
export function useUpdateSearchParams() {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string | undefined>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
}
