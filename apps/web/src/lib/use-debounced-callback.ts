import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A function that calls `callback` once calls to it have stopped for `delayMs`, with the last
 * arguments it received. A pending call is dropped when the component goes away.
 */
export function useDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): (...args: Args) => void {
  const timer = useRef<number | undefined>(undefined);
  const latestCallback = useRef(callback);
  useLayoutEffect(() => {
    latestCallback.current = callback;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return useCallback(
    (...args: Args) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => latestCallback.current(...args), delayMs);
    },
    [delayMs],
  );
}
