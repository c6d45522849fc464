import type { Context } from 'hono';

/**
 * Sets a header on the answer a handler already made. Hono's `c.header` at that point rebuilds
 * the answer from its body, which turns @hono/node-server's light answer into a stream and costs
 * the hot reads half their speed; the answer's own headers are set in place instead. Headers that
 * cannot change (an answer passed through from a fetch) fall back to `c.header`.
 */
export function setAnswerHeader(c: Context, name: string, value: string, append = false): void {
  try {
    if (append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, { append });
  }
}
