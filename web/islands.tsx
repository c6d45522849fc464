import { ssrPayload } from './core/ssrPayload.js';
import { ISLANDS } from './islandRegistry.js';

/**
 * The entry of a page rendered as islands, kept tiny: the page paints first, with nothing of
 * React fetched or run before it (on a phone the first paint then shares the line with no script).
 * After the first frame, the islands' runtime and the code of the islands that hydrate at once are
 * fetched side by side; the runtime hydrates them (web/islandsRuntime.tsx).
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    painted.disconnect();
    run();
  };
  // The browser's own record of the first contentful paint; `load` where it keeps none (or never
  // paints: a tab opened in the background).
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  painted.observe({ type: 'paint', buffered: true });
  window.addEventListener('load', once, { once: true });
}

afterFirstPaint(() => {
  void import('./islandsRuntime.js');
  for (const { name, hydrate = 'load' } of ssrPayload().islands ?? []) {
    if (hydrate === 'load' && name in ISLANDS) void ISLANDS[name as keyof typeof ISLANDS].load();
  }
});
