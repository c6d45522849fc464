import type { MouseEvent } from 'react';

/**
 * "Clear all filters": a real link to the bare page (it works before the page's script, and opens
 * in a new tab as asked), which with JavaScript clears the filters in place and moves focus to
 * the count that says what is shown now.
 */
export function ClearFiltersLink({ href, countId, onClear }: { href: string; countId: string; onClear: () => void }) {
  const clear = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onClear();
    window.requestAnimationFrame(() => document.getElementById(countId)?.focus());
  };
  return (
    <a className="text-link" href={href} onClick={clear}>
      Clear all filters
    </a>
  );
}
