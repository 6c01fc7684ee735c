import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';

/**
 * After a move to another page of the application, the focus goes to the new page's main
 * content, as the skip link would take it: a keyboard or screen reader user goes on from the top
 * of the page they asked for, not from a link that may no longer exist. Not on the first load
 * (the browser starts at the top of the document), nor when only the query changes (a tab, a
 * filter), where the reader stays where they are.
 */
export function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);

  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }, [pathname]);
}
