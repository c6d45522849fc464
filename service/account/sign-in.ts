import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { SIGN_IN_LINK_MINUTES, SIGN_IN_TOKEN, type Verified } from '../../contracts/account/api.js';
import { accountEmailStream, householdStream, signInStream } from '../../contracts/account/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { takeSignInAllowance } from '../core/mailbox-limits.js';
import { renderEmail } from '../mail/templates/index.js';
import { accountEmailDecider } from './account-email-decider.js';
import { householdDecider } from './household-decider.js';
import { openSession } from './sessions.js';
import { assertUsable, linkRefused, signInDecider } from './sign-in-decider.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;
export const signInMessageId = (requestId: string) => `<sign-in-${requestId}@${DOMAIN}>`;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * E-mails leave after the answer, so that its time does not depend on whether the address is
 * known (looking the household up and rendering happen then). Kept per app so a test can wait for
 * them, never by sleeping.
 */
const pending = new WeakMap<AppDeps, Set<Promise<void>>>();

/** Resolves once every sign-in e-mail this app has started is sent (or given up). */
export async function signInMailsSent(deps: AppDeps): Promise<void> {
  for (;;) {
    const now = [...(pending.get(deps) ?? [])];
    if (now.length === 0) return;
    await Promise.allSettled(now);
  }
}

export function afterAnswer(deps: AppDeps, work: () => Promise<void>): void {
  let set = pending.get(deps);
  if (!set) pending.set(deps, (set = new Set()));
  const running: Promise<void> = Promise.resolve()
    .then(work)
    .catch((err: unknown) =>
      deps.log.warn('sign-in e-mail not sent', { err: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => set.delete(running));
  set.add(running);
}

export const siteBase = (deps: AppDeps) =>
  (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');

/**
 * `POST /api/account/sign-in`: the same work for every address (its e-mail bucket, one append of a
 * new link's request holding only the hash of its secret), then the same answer. The link's secret
 * exists only in this request's memory and the e-mail, which leaves after the answer: the school
 * never stores it, so a copy of the event store opens no family page.
 */
export async function requestSignIn(
  deps: AppDeps,
  email: string,
  client: string,
  metadata: EventMetadata,
): Promise<void> {
  const pseudonyms = pseudonymsFor(deps.config);
  const emailKey = pseudonyms.email(email);
  await takeSignInAllowance(deps, email);
  const requestId = deps.newId();
  const secret = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await deps.commands.handle(
    signInDecider,
    signInStream(requestId),
    {
      type: 'RequestSignInLink',
      requestId,
      email,
      secretHash: hashOf(secret),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
      clientKey: pseudonyms.client(client),
      at: now.toISOString(),
    },
    metadata,
  );
  deps.log.info('sign-in link requested', { requestId });
  afterAnswer(deps, async () => {
    const membership = await deps.commands.state(accountEmailDecider, accountEmailStream(emailKey));
    const householdId = membership.linked?.householdId ?? null;
    const rendered = await renderEmail('sign-in', {
      link: `${siteBase(deps)}/account/sign-in/${requestId}.${secret}`,
      minutes: SIGN_IN_LINK_MINUTES,
      known: householdId !== null,
      invited: householdId === null && membership.invitations.length > 0,
      publicUrl: deps.config.PUBLIC_URL ?? null,
    });
    const messageId = signInMessageId(requestId);
    await deps.mailer.send({ to: email, ...rendered, messageId, attachments: [] });
    await deps.commands.handle(
      signInDecider,
      signInStream(requestId),
      {
        type: 'RecordSignInEmail',
        requestId,
        householdId,
        messageId,
        transport: deps.mailer.transport,
        at: deps.clock().toISOString(),
      },
      { ...metadata, actor: 'system', at: deps.clock().toISOString() },
    );
    deps.log.info('sign-in e-mail sent', { requestId });
  });
}

/**
 * The address's household (linked, invited to, or new) and the parent's arrival in it. A parent
 * removed from a household whose address was not yet freed (a crash between the two writes of the
 * removal) frees it now and arrives in a new household of their own.
 */
async function arrive(deps: AppDeps, email: string, at: string, metadata: EventMetadata) {
  const stream = accountEmailStream(pseudonymsFor(deps.config).email(email));
  const positions: (bigint | null)[] = [];
  for (let attempt = 0; ; attempt++) {
    const linked = await deps.commands.handle(
      accountEmailDecider,
      stream,
      { type: 'SignInEmail', newHouseholdId: deps.newId(), newParentId: deps.newId(), at },
      metadata,
    );
    positions.push(linked.position);
    const { householdId, parentId } = linked.state.linked!;
    try {
      const arrived = await deps.commands.handle(
        householdDecider,
        householdStream(householdId),
        { type: 'ArriveParent', householdId, parentId, email, at },
        metadata,
      );
      positions.push(arrived.position);
      return { householdId, parentId, positions };
    } catch (err) {
      if (attempt > 0 || !(err instanceof AppError) || err.code !== 'unauthorized') throw err;
      const freed = await deps.commands.handle(
        accountEmailDecider,
        stream,
        { type: 'UnlinkEmail', householdId, at },
        metadata,
      );
      positions.push(freed.position);
    }
  }
}

/**
 * `POST /api/account/sign-in/verify { token }`: the link is used once (decided on its stream), the
 * address finds its household (or the one that invited it, or a new one: decided per address), the
 * parent arrives in it, and a session opens in the cookie. A used, expired, forged or malformed
 * token gets one answer.
 */
export async function verifySignIn(
  c: Context,
  deps: AppDeps,
  token: string,
  metadata: EventMetadata,
): Promise<Verified> {
  if (!SIGN_IN_TOKEN.test(token)) throw linkRefused();
  const [requestId, secret] = token.split('.') as [string, string];
  const at = deps.clock().toISOString();
  const stream = signInStream(requestId);
  const secretHash = hashOf(secret);
  // Checked first, so that no used, expired or forged link writes anything; then decided on the
  // link's stream (its expected revision) once the household is known: of two presses at once,
  // both may find the same household (each step is idempotent), one alone signs in.
  const link = await deps.commands.state(signInDecider, stream);
  assertUsable(link, secretHash, at);
  const { email } = link;
  // "Sign out everywhere" voids the links e-mailed before it, used or not.
  const { linksVoidedAt } = await deps.commands.state(
    accountEmailDecider,
    accountEmailStream(pseudonymsFor(deps.config).email(email)),
  );
  if (linksVoidedAt && Date.parse(link.requestedAt) <= Date.parse(linksVoidedAt)) throw linkRefused();
  const { householdId, parentId, positions } = await arrive(deps, email, at, metadata);
  const used = await deps.commands.handle(
    signInDecider,
    stream,
    { type: 'UseSignInLink', requestId, secretHash, householdId, at },
    metadata,
  );
  const since = [used.position, ...positions].reduce<bigint>((max, p) => (p !== null && p > max ? p : max), -1n);
  const position = since >= 0n ? since : await deps.eventStore.headPosition();
  await openSession(c, deps, { householdId, parentId, since: position });
  deps.log.info('signed in', { requestId, householdId });
  return { signedIn: true, position: position.toString() };
}
