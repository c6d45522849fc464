/**
 * The one way the site talks to the API. Cookies always travel (credentials: 'include'),
 * a JSON body is sent only when one is given, and every non-OK answer becomes an ApiError
 * whose message is `${status}: ${bodyText || statusText}` so it reads the same everywhere.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, res.statusText, text);
}

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
    // Always asked of the server (see queryClient.ts): a 304 is cheap, a stale list after a write is not.
    cache: 'no-cache',
    signal: init.signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON answer. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

interface ErrorBodyLike {
  error?: unknown;
  issues?: unknown;
}

function parseErrorBody(err: unknown): ErrorBodyLike | undefined {
  if (!(err instanceof ApiError) || !err.bodyText) return undefined;
  try {
    const parsed: unknown = JSON.parse(err.bodyText);
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBodyLike) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's own words (`{ error }`) for showing to a person, when the answer carried them. A
 * refused field's words name it first for API clients ("email: Please enter…"); a person reads
 * them without the field's key, as the field itself shows them.
 */
export function apiErrorText(err: unknown): string | undefined {
  const body = parseErrorBody(err);
  if (typeof body?.error !== 'string' || !body.error.trim()) return undefined;
  const first: unknown = Array.isArray(body.issues) ? body.issues[0] : undefined;
  const path = first && typeof first === 'object' ? (first as { path?: unknown }).path : undefined;
  const key = typeof path === 'string' && path ? `${path}: ` : null;
  return key && body.error.startsWith(key) ? body.error.slice(key.length) : body.error;
}

/** Field-level problems (`issues: [{ path, message }]`), keyed by their dotted path ("participantDetails.1.age"). */
export function apiErrorIssues(err: unknown): Record<string, string> {
  const body = parseErrorBody(err);
  const out: Record<string, string> = {};
  if (!Array.isArray(body?.issues)) return out;
  for (const issue of body.issues as unknown[]) {
    if (!issue || typeof issue !== 'object') continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    if (path && !(path in out)) out[path] = message;
  }
  return out;
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
