import { type ComponentType, lazy } from 'react';

/**
 * A component whose code is fetched the first time it renders, so that each screen's code stays
 * out of the first download. Pages use named exports; React.lazy wants a default one.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
