import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import styles from './tabs.module.css';

/*
 * Tabs as WAI-ARIA describes them: arrow keys move between tabs, Tab goes on to the panel. Each
 * part takes the props of its Radix counterpart.
 */

export function Tabs(props: Omit<ComponentProps<typeof RadixTabs.Root>, 'className'>) {
  return <RadixTabs.Root className={styles.tabs} {...props} />;
}

/** The row of tabs; it needs an aria-label saying what the tabs are about. */
export function TabList(
  props: Omit<ComponentProps<typeof RadixTabs.List>, 'className'> & { 'aria-label': string },
) {
  return <RadixTabs.List className={styles.list} {...props} />;
}

export function Tab(props: Omit<ComponentProps<typeof RadixTabs.Trigger>, 'className'>) {
  return <RadixTabs.Trigger className={styles.tab} {...props} />;
}

export function TabPanel(props: Omit<ComponentProps<typeof RadixTabs.Content>, 'className'>) {
  return <RadixTabs.Content className={styles.panel} {...props} />;
}
