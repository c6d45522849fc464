import { lazy, type ComponentType } from 'react';

/**
 * A route's page, loaded when first shown: React.lazy for a module's named export, one chunk per
 * page. The import() stays in the caller, so the bundler still sees where to split. Pages take no
 * props: what they show comes from the address.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
