import { useEffect, useState } from 'react';

/** setTimeout's longest delay; an instant further away is not waited for on an open page. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether the instant `iso` has passed; it turns true by itself when the instant comes while the
 * page is open (attendance opens at the start, the reminder goes with it).
 */
export function useHasPassed(iso: string): boolean {
  const at = Date.parse(iso);
  // The instant known to have passed: a moved date starts over.
  const [passedAt, setPassedAt] = useState<number | null>(() => (Date.now() >= at ? at : null));
  useEffect(() => {
    if (passedAt === at) return;
    const wait = Math.max(0, at - Date.now());
    if (wait > LONGEST_TIMEOUT_MS) return;
    const timer = setTimeout(() => setPassedAt(at), wait);
    return () => clearTimeout(timer);
  }, [at, passedAt]);
  return passedAt === at;
}
