/**
 * The visitor's first press, tap, key, focus or typing anywhere on the page. Watched from the
 * islands' tiny entry (the first paint on), because the runtime that wakes the waiting islands comes
 * later: a parent who has already typed into the enroll form by then must not wait for a second
 * touch to have it live.
 */
const TOUCHES = ['pointerdown', 'keydown', 'focusin', 'input'] as const;

let touched = false;
let onTouch: (() => void) | undefined;

function touch() {
  if (touched) return;
  touched = true;
  for (const type of TOUCHES) window.removeEventListener(type, touch, { capture: true });
  onTouch?.();
}

export function watchFirstTouch(): void {
  for (const type of TOUCHES) window.addEventListener(type, touch, { capture: true, passive: true });
}

/** Runs `wake` at the first touch: now, if it came before. */
export function onFirstTouch(wake: () => void): void {
  onTouch = wake;
  if (touched) wake();
}
