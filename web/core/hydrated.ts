/**
 * Marks the document once React has taken the server's HTML over (`data-hydrated` on <html>):
 * the whole app, or every island of the page. Tests wait for it before they press anything.
 */
export function markHydrated(how: 'app' | 'islands'): void {
  document.documentElement.dataset.hydrated = how;
}
