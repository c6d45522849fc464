/**
 * React writes the `<title>`, `<meta>` and `<link>` a page renders ahead of the app's markup when
 * it renders into a container rather than a whole document. This takes them off the front, for
 * the document's head; the rest is the markup for `#root`. React escapes text and attributes, so
 * a `>` or `</title>` inside a value cannot end an element early.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link|base)\b[^>]*>)/;

export function splitHoisted(html: string): { head: string; body: string } {
  let at = 0;
  for (let m = HOISTED.exec(html); m; m = HOISTED.exec(html.slice(at))) at += m[0].length;
  return { head: html.slice(0, at), body: html.slice(at) };
}
