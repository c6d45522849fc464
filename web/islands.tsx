// First: the islands' schemas (the enroll form, the checkout) run without zod's eval probe.
import './core/zodJitless.js';
import { watchFirstTouch } from './core/firstTouch.js';
import { holdPressesUntilLive } from './core/heldPresses.js';
import { prefetchIsland } from './core/islandModules.js';
import { ssrPayload } from './core/ssrPayload.js';

/**
 * The entry of a page rendered as islands, kept tiny: the page paints first, with nothing of
 * React fetched or run before it (on a phone the first paint then shares the line with no script).
 * Once it has painted, the islands' runtime and the code of the islands that hydrate at once are
 * fetched side by side; the runtime hydrates them (web/islandsRuntime.tsx).
 */
function afterFirstPaint(run: () => void) {
  // Where the browser keeps no paint timing, the `load` event stands in for it.
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    window.addEventListener('load', run, { once: true });
    return;
  }
  // The browser's own record of the first contentful paint (a tab opened in the background paints,
  // and so starts its islands, when it is first shown).
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    painted.disconnect();
    run();
  });
  painted.observe({ type: 'paint', buffered: true });
}

holdPressesUntilLive();
watchFirstTouch();
afterFirstPaint(() => {
  void import('./islandsRuntime.js');
  for (const island of ssrPayload().islands ?? []) if ((island.hydrate ?? 'load') === 'load') prefetchIsland(island);
});
