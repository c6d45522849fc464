import type { Hono } from 'hono';

export const ADMIN_KEY = 'test-admin-key-123456';

/** The socket address @hono/node-server would give; `app.request` has none unless told. */
export const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/** An admin request: the key (or none), an optional JSON body, an optional client address. */
export function adminCall(
  app: Hono,
  method: string,
  path: string,
  o: { key?: string | null; body?: unknown; from?: string } = {},
) {
  const headers: Record<string, string> = {};
  const key = o.key === undefined ? ADMIN_KEY : o.key;
  if (key !== null) headers['Admin-Key'] = key;
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  const init = { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) };
  return app.request(path, init, o.from ? fromAddress(o.from) : undefined);
}
