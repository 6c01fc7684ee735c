import { Tabs as RadixTabs } from 'radix-ui';
import { type ComponentProps, useEffect, useRef } from 'react';
import styles from './tabs.module.css';

/*
 * Tabs as WAI-ARIA describes them: arrow keys move between tabs, Tab goes on to the panel. Each
 * part takes the props of its Radix counterpart.
 */

export function Tabs(props: Omit<ComponentProps<typeof RadixTabs.Root>, 'className'>) {
  return <RadixTabs.Root className={styles.tabs} {...props} />;
}

/** How much of the tab beyond the active one shows, telling that the row scrolls on. */
const NEXT_TAB_GLIMPSE_PX = 32;

/**
 * Scrolls the row sideways, and only it (never the page, as `scrollIntoView` would), until the
 * active tab shows whole.
 */
function revealActiveTab(list: HTMLElement) {
  const active = list.querySelector('[role="tab"][data-state="active"]');
  if (!active) return;
  const row = list.getBoundingClientRect();
  const tab = active.getBoundingClientRect();
  if (tab.left < row.left) list.scrollLeft -= row.left - tab.left + NEXT_TAB_GLIMPSE_PX;
  else if (tab.right > row.right) list.scrollLeft += tab.right - row.right + NEXT_TAB_GLIMPSE_PX;
}

/**
 * The row of tabs; it needs an aria-label saying what the tabs are about. On a phone it scrolls
 * sideways, and the active tab stays in view: at the first paint (`?tab=points`) and whenever
 * another tab becomes active.
 */
export function TabList(
  props: Omit<ComponentProps<typeof RadixTabs.List>, 'className'> & { 'aria-label': string },
) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    revealActiveTab(list);
    const reveal = () => revealActiveTab(list);
    const activeChanged = new MutationObserver(reveal);
    activeChanged.observe(list, { subtree: true, attributeFilter: ['data-state'] });
    // The tabs' names come with their screen's texts and the web font: the row grows after the
    // first paint, and the active tab is placed again then.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reveal);
    for (const tab of list.children) resized?.observe(tab);
    return () => {
      activeChanged.disconnect();
      resized?.disconnect();
    };
  }, []);
  return <RadixTabs.List ref={listRef} className={styles.list} {...props} />;
}

export function Tab(props: Omit<ComponentProps<typeof RadixTabs.Trigger>, 'className'>) {
  return <RadixTabs.Trigger className={styles.tab} {...props} />;
}

export function TabPanel(props: Omit<ComponentProps<typeof RadixTabs.Content>, 'className'>) {
  return <RadixTabs.Content className={styles.panel} {...props} />;
}
