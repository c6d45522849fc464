import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandOfPage } from '../contracts/site/ssr.js';
import { IslandProviders } from './core/IslandProviders.js';
import { replayHeldPress, wakeOnPress } from './core/heldPresses.js';
import { onFirstTouch } from './core/firstTouch.js';
import { markHydrated } from './core/hydrated.js';
import { loadIsland } from './core/islandModules.js';
import { ssrPayload } from './core/ssrPayload.js';

/**
 * The browser's side of a page rendered as islands (loaded by web/islands.tsx once the page has
 * painted): each island hydrates as its own root, with the props and id prefix the server
 * rendered it with. The rest of the page is the server's HTML: its links are ordinary links.
 */
const payload = ssrPayload();
const site = { origin: payload.origin, renderedAt: new Date(payload.now) };
const islands = (payload.islands ?? []).flatMap((island) => {
  const root = document.querySelector<HTMLElement>(`[data-island="${CSS.escape(island.id)}"]`);
  return root && island.module ? [{ ...island, root }] : [];
});

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

function hydrate(island: IslandOfPage & { root: HTMLElement }, onCommit: () => void) {
  const { id, props, root } = island;
  void loadIsland(island).then((Island) => {
    const committed = () => {
      root.dataset.islandHydrated = '';
      replayHeldPress(id);
      onCommit();
    };
    // A transition: React yields to the browser while it hydrates, so a tap is never kept waiting.
    startTransition(() => {
      hydrateRoot(
        root,
        <IslandProviders site={site}>
          <Committed onCommit={committed}>
            <Island {...(props as object)} />
          </Committed>
        </IslandProviders>,
        { identifierPrefix: id },
      );
    });
  });
}

const eager = islands.filter((island) => (island.hydrate ?? 'load') === 'load');
let pending = eager.length;
const oneCommitted = () => {
  pending -= 1;
  if (pending === 0) markHydrated('islands');
};
if (pending === 0) markHydrated('islands');
for (const island of eager) hydrate(island, oneCommitted);

/**
 * The other islands wait: until they come within reach of the screen ('visible'), or the
 * visitor's first press, tap, key or focus anywhere ('interaction', and 'visible' too).
 */
const waiting = new Set<() => void>();
const wakeAll = () => [...waiting].forEach((start) => start());
const starters = new Map<Element, () => void>();
const nearScreen = new IntersectionObserver(
  (entries) => entries.filter((e) => e.isIntersecting).forEach((e) => starters.get(e.target)?.()),
  { rootMargin: '200px 0px' },
);

const startOf = new Map<string, () => void>();
for (const island of islands.filter((i) => i.hydrate === 'visible' || i.hydrate === 'interaction')) {
  const { root } = island;
  // The root takes no box of its own (display: contents): its children are what nears the screen.
  const parts = island.hydrate === 'visible' ? [...root.children] : [];
  const start = () => {
    if (!waiting.delete(start)) return;
    for (const part of parts) {
      nearScreen.unobserve(part);
      starters.delete(part);
    }
    hydrate(island, () => undefined);
  };
  waiting.add(start);
  startOf.set(island.id, start);
  for (const part of parts) {
    starters.set(part, start);
    nearScreen.observe(part);
  }
}
// The first touch anywhere wakes them all, even one made before this runtime came.
onFirstTouch(wakeAll);
// A press held on an island that waits (see core/heldPresses.ts) wakes it.
wakeOnPress((id) => startOf.get(id)?.());

// A page opened by Back or Forward may have something of the visitor's to bring back (the enroll
// form as it was sent, kept in this tab): its waiting islands hydrate at once, not at a touch.
const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
if (navigation?.type === 'back_forward') wakeAll();
