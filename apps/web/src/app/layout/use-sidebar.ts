import { MOBILE_BREAKPOINT_PX } from '@guildhall/contract';
import { useCallback, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';

/** Must agree with the `width < 768px` media queries of the stylesheets. */
export const MOBILE_MEDIA_QUERY = `(width < ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * The sidebar is a column that can be collapsed on wide screens, and a menu drawn over the page on
 * narrow ones. Each mode remembers its own state, so crossing the breakpoint never leaves the
 * overlay open over a wide screen.
 */
export function useSidebar() {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [collapsedOnDesktop, setCollapsedOnDesktop] = useState(false);
  const [openOnMobile, setOpenOnMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) setOpenOnMobile((open) => !open);
    else setCollapsedOnDesktop((collapsed) => !collapsed);
  }, [isMobile]);

  return {
    isMobile,
    expanded: isMobile ? openOnMobile : !collapsedOnDesktop,
    toggle,
    setOverlayOpen: setOpenOnMobile,
  };
}
