import type { ComponentType } from 'react';
import type { IslandOfPage } from '../../contracts/site/ssr.js';

/** Starts fetching a built module (once), so that importing it later waits on no round trip. */
function preload(file: string): void {
  const href = `/${file}`;
  if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** Fetches an island's chunk and all it imports side by side (the page names them: see IslandOfPage). */
export function prefetchIsland({ module, imports = [] }: IslandOfPage): void {
  for (const file of imports) preload(file);
  if (module) preload(module);
}

/** The island's component, from the chunk the page names for it, exported under the island's name. */
export async function loadIsland(island: IslandOfPage): Promise<ComponentType<object>> {
  if (!island.module) throw new Error(`The page names no module for the island ${island.name}.`);
  prefetchIsland(island);
  const loaded = (await import(/* @vite-ignore */ `/${island.module}`)) as Record<string, unknown>;
  const Component = loaded[island.name];
  if (typeof Component !== 'function') throw new Error(`${island.module} exports no ${island.name}.`);
  return Component as ComponentType<object>;
}
