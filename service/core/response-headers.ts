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

const complete = new WeakSet<Response>();
const offered = new WeakMap<Context, Readonly<Record<string, string>>>();

/** Headers every answer to this request carries (the security headers), for a handler that makes its answer whole. */
export const offerAnswerHeaders = (c: Context, headers: Readonly<Record<string, string>>) =>
  void offered.set(c, headers);
export const offeredAnswerHeaders = (c: Context): Readonly<Record<string, string>> => offered.get(c) ?? {};

/**
 * Marks an answer made with the offered headers, its own caching and encoding: the middlewares
 * leave it as it is (touching its headers would cost the hot reads their speed).
 */
export function completeAnswer(res: Response): Response {
  complete.add(res);
  return res;
}
export const isCompleteAnswer = (res: Response) => complete.has(res);
