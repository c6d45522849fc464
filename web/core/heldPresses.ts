/**
 * Presses made on an island before React has it. React drops a click it cannot hydrate for at
 * once, and until an island's code has come, no React listens there at all: such a click is held
 * (its default and its propagation stopped) and made again on the same element once the island is
 * live. Links are never held: they need no JavaScript. Installed by the islands' tiny entry, so a
 * press is kept from the first paint on, before React is even fetched. Every press is kept, in
 * order: on a form a parent may tick a box and then press its button before it is live.
 */
const held = new Map<string, HTMLElement[]>();
let onHeld: (islandId: string) => void = () => undefined;
/** True while a held press is being made again: its own click goes through. */
let replaying = false;

const isLive = (root: HTMLElement) => 'islandHydrated' in root.dataset;
const PRESSABLE =
  'button, [role="button"], [role="tab"], [role="option"], [role="checkbox"], [role="switch"], label, input, select';

/** The nearest element that can be clicked again (an SVG icon cannot: its HTML parent can). */
function htmlOf(element: Element | null): HTMLElement | null {
  let at = element;
  while (at && !(at instanceof HTMLElement)) at = at.parentElement;
  return at;
}

export function holdPressesUntilLive(): void {
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const root = target?.closest<HTMLElement>('[data-island]');
      if (replaying || !target || !root || target.closest('a[href]')) return;
      // Live, but presses held before are still to be made again: this one waits behind them (a
      // Continue pressed as the form went live must not be sent before the terms box held earlier).
      if (isLive(root) && !held.has(root.dataset.island!)) return;
      // What was pressed: the control around an icon (an SVG can be tapped but not clicked again).
      const pressed = htmlOf(target.closest(PRESSABLE) ?? target);
      if (!pressed) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const id = root.dataset.island!;
      held.set(id, [...(held.get(id) ?? []), pressed]);
      onHeld(id);
    },
    { capture: true },
  );
}

/** Who wakes an island that waits when a press on it is held (now, for one held already). */
export function wakeOnPress(wake: (islandId: string) => void): void {
  onHeld = wake;
  for (const id of held.keys()) wake(id);
}

/**
 * What to click again for a held press. A label around a box or a radio (react-aria's Checkbox,
 * Radio, Switch) is made again on its input: react-aria's label takes only a real pointer press
 * and cancels a plain click on it, so `label.click()` would tick nothing; the input's own click
 * ticks it once, as a keyboard press does, and React's change event carries it into the state.
 */
function replayTarget(pressed: HTMLElement): HTMLElement {
  const control = pressed instanceof HTMLLabelElement ? pressed.control : null;
  const toggles = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio');
  return toggles ? control : pressed;
}

/**
 * The island is live: make its held presses again, in order, each element that is still there.
 * One task each, so that what a press changed has rendered before the next is made (a box ticked
 * before the form is sent). A press made meanwhile joins the end of the queue.
 */
export function replayHeldPress(islandId: string): void {
  const next = () => {
    const presses = held.get(islandId);
    const pressed = presses?.shift();
    if (!pressed) {
      held.delete(islandId);
      return;
    }
    if (pressed.isConnected) {
      replaying = true;
      try {
        replayTarget(pressed).click();
      } finally {
        replaying = false;
      }
    }
    setTimeout(next, 0);
  };
  if (held.get(islandId)?.length) setTimeout(next, 0);
  else held.delete(islandId);
}
