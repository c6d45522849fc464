import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

export const CAROUSEL_INTERVAL_MS = 7000;
export const CAROUSEL_LOCK_MS = 250;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const media = window.matchMedia(REDUCED_MOTION);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/** The visitor's motion setting; false while hydrating the server's HTML (which cannot know it), then the real one. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Slide index with the spec's rules: wraps at both ends, ignores a request for the slide
 * already shown, and refuses any change for 250 ms after the previous one. Auto-advance runs
 * every 7 s unless held (hover, focus) or stopped (pause button, reduced motion).
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const lockedUntil = useRef(Number.NEGATIVE_INFINITY);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const reducedMotion = usePrefersReducedMotion();
  const [stopped, setStopped] = useState<boolean | null>(null);
  const isPlaying = !(stopped ?? reducedMotion);

  const goTo = useCallback(
    (target: number) => {
      const next = ((target % count) + count) % count;
      if (next === indexRef.current) return;
      // Monotonic time: a clock change on the device cannot unlock or freeze the carousel.
      const now = performance.now();
      if (now < lockedUntil.current) return;
      lockedUntil.current = now + CAROUSEL_LOCK_MS;
      indexRef.current = next;
      setIndex(next);
    },
    [count],
  );

  const isRunning = isPlaying && !held.hover && !held.focus && count > 1;
  useEffect(() => {
    if (!isRunning) return;
    const timer = window.setTimeout(() => goTo(indexRef.current + 1), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [isRunning, index, goTo]);

  return {
    index,
    goTo,
    isPlaying,
    isRunning,
    setPlaying: (playing: boolean) => setStopped(!playing),
    setHovered: (hover: boolean) => setHeld((h) => (h.hover === hover ? h : { ...h, hover })),
    setFocused: (focus: boolean) => setHeld((h) => (h.focus === focus ? h : { ...h, focus })),
  };
}
