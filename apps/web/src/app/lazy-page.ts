import { type ComponentType, isValidElement, lazy, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page whose code is fetched the first time it renders, or earlier with preload(). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A component whose code is fetched the first time it renders, so that each screen's code stays
 * out of the first download. Pages use named exports; React.lazy wants a default one.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => (loading ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'object' && type !== null && 'preload' in type;
}

/**
 * Starts fetching the code of the pages `pathname` shows (its layout and its screen), so that it
 * arrives alongside the session instead of after it: the guards render the pages only once they
 * know who the visitor is. Settles once that code is here, or has failed to come.
 */
export function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const loads = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    // A page whose code cannot come says so when it renders (RouteError), not from here.
    return isLazyPage(type) ? type.preload().catch(() => undefined) : undefined;
  });
  return Promise.all(loads).then(() => undefined);
}
