import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SSR_PAYLOAD_ID, type SsrPayload } from '../contracts/site/ssr.js';
import { IslandProviders } from './core/IslandProviders.js';
import { markHydrated } from './core/hydrated.js';
import { ISLANDS } from './islandRegistry.js';

/**
 * The browser's side of a page rendered as islands: each island hydrates as its own root, with
 * the props and id prefix the server rendered it with. The rest of the page is the server's HTML:
 * its links are ordinary links.
 */
const payload = JSON.parse(document.getElementById(SSR_PAYLOAD_ID)?.textContent ?? '{}') as SsrPayload;
const site = { origin: payload.origin, renderedAt: new Date(payload.now) };
const islands = payload.islands ?? [];
let pending = islands.length;

function Committed({ children }: { children: ReactNode }) {
  useEffect(() => {
    pending -= 1;
    if (pending === 0) markHydrated('islands');
  }, []);
  return children;
}

if (pending === 0) markHydrated('islands');
for (const { name, id, props } of islands) {
  const root = document.querySelector(`[data-island="${CSS.escape(id)}"]`);
  const entry = ISLANDS[name as keyof typeof ISLANDS];
  if (!root || !entry) continue;
  void entry.load().then((loaded) => {
    const Island = loaded as ComponentType<object>;
    // A transition: React yields to the browser while it hydrates, so a tap is never kept waiting.
    startTransition(() => {
      hydrateRoot(
        root,
        <IslandProviders site={site}>
          <Committed>
            <Island {...(props as object)} />
          </Committed>
        </IslandProviders>,
        { identifierPrefix: id },
      );
    });
  });
}
