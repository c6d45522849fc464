import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { accessLogStream, type AccessKind } from '../../contracts/privacy/events.js';
import type { AppDeps } from './deps.js';
import { requestMetadata } from './metadata.js';

/**
 * Records that the administrator of this request read personal data (a roster, its CSV, an
 * enrollment in full, the tracker, …: `AccessKind`) (`PersonalDataRead`, stream
 * `access-log-<day>`), before the answer leaves: a read that cannot be recorded is not served. Who
 * is the event's `metadata.administrator`; what, by id only.
 */
export async function recordAccess(
  deps: AppDeps,
  c: Context,
  what: { kind: AccessKind; workshopId?: string; enrollmentId?: string; search?: boolean },
): Promise<void> {
  const metadata = requestMetadata(c, deps, 'admin');
  await deps.eventStore.append(
    accessLogStream(new Date(metadata.at)),
    [{ id: randomUUID(), type: 'PersonalDataRead', data: { ...what, at: metadata.at }, metadata }],
    'any',
  );
}
