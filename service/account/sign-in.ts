import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import {
  familyPageName,
  invitationEnds,
  maskedEmail,
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_TOKEN,
  type SignInPreview,
  type Verified,
} from '../../contracts/account/api.js';
import { accountEmailStream, householdStream, signInStream } from '../../contracts/account/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { HOUSEHOLD_SUBJECT_PREFIX } from '../../contracts/privacy/account.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { takeSignInAllowance } from '../core/mailbox-limits.js';
import { renderEmail } from '../mail/templates/index.js';
import { accountEmailDecider, openInvitations } from './account-email-decider.js';
import { householdDecider } from './household-decider.js';
import { openSession } from './sessions.js';
import { assertUsable, linkRefused, signInDecider } from './sign-in-decider.js';

const DOMAIN = SCHOOL.email.split('@')[1]!;
export const signInMessageId = (requestId: string) => `<sign-in-${requestId}@${DOMAIN}>`;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Work that leaves after the answer: it starts once the answer is written (the next turn of the
 * event loop after the handler returned), so the answer's time does not depend on it (whether the
 * address is known, whether its key must be made). Kept per app so a test can wait for it, never
 * by sleeping.
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
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) =>
      deps.log.warn('sign-in e-mail not sent', { err: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => set.delete(running));
  set.add(running);
}

export const siteBase = (deps: Pick<AppDeps, 'config'>) =>
  (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');

/** What an invitation's sign-in e-mail says of the family that invited. */
export interface InvitationNote {
  householdId: string;
  /** The inviting family's last name, when its details have one. */
  family: string | null;
  /** The inviting parent's address. */
  by: string;
}

/**
 * `POST /api/account/sign-in`: the same work for every address before the answer (its e-mail
 * bucket), then the same answer. Everything else leaves after it: the link's request is recorded
 * (holding only the hash of its secret; sealing its address makes the address's key when it is
 * new, which is why it waits), then the e-mail is written and sent. The link's secret exists only
 * in this request's memory and the e-mail: the school never stores it, so a copy of the event
 * store opens no family page.
 */
export async function requestSignIn(
  deps: AppDeps,
  email: string,
  client: string,
  metadata: EventMetadata,
  invitation?: InvitationNote,
): Promise<void> {
  const pseudonyms = pseudonymsFor(deps.config);
  const emailKey = pseudonyms.email(email);
  await takeSignInAllowance(deps, email);
  const requestId = deps.newId();
  const secret = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const clientKey = pseudonyms.client(client);
  afterAnswer(deps, async () => {
    await deps.commands.handle(
      signInDecider,
      signInStream(requestId),
      {
        type: 'RequestSignInLink',
        requestId,
        email,
        secretHash: hashOf(secret),
        expiresAt: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
        clientKey,
        at: now.toISOString(),
      },
      metadata,
    );
    deps.log.info('sign-in link requested', { requestId });
    const membership = await deps.commands.state(accountEmailDecider, accountEmailStream(emailKey));
    const householdId = membership.linked?.householdId ?? null;
    const rendered = await renderEmail('sign-in', {
      link: `${siteBase(deps)}/account/sign-in/${requestId}.${secret}`,
      minutes: SIGN_IN_LINK_MINUTES,
      known: householdId !== null,
      invited: householdId === null && openInvitations(membership, deps.clock().toISOString()).length > 0,
      invitation: invitation && householdId === null ? { family: invitation.family, by: invitation.by } : undefined,
      publicUrl: deps.config.PUBLIC_URL ?? null,
    });
    const messageId = signInMessageId(requestId);
    // An invitation's e-mail names the family and the parent who invited: their data too.
    const about = invitation
      ? [`${HOUSEHOLD_SUBJECT_PREFIX}${invitation.householdId}`, pseudonyms.email(invitation.by)]
      : [];
    await deps.mailer.send({ to: email, ...rendered, messageId, attachments: [], about });
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
 * The address's household (linked, the one whose invitation it accepts with `join`, or new) and
 * the parent's arrival in it. A parent removed from a household whose address was not yet freed
 * (a crash between the two writes of the removal) frees it now and arrives in a new household of
 * their own; a join the household refuses frees the address and is refused.
 */
async function arrive(deps: AppDeps, email: string, join: string | undefined, at: string, metadata: EventMetadata) {
  const stream = accountEmailStream(pseudonymsFor(deps.config).email(email));
  const positions: (bigint | null)[] = [];
  for (let attempt = 0; ; attempt++) {
    const linked = await deps.commands.handle(
      accountEmailDecider,
      stream,
      { type: 'SignInEmail', newHouseholdId: deps.newId(), newParentId: deps.newId(), join, at },
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
      const refused = err instanceof AppError && (err.code === 'unauthorized' || err.code === 'gone');
      if (attempt > 0 || !refused) throw err;
      const freed = await deps.commands.handle(
        accountEmailDecider,
        stream,
        { type: 'UnlinkEmail', householdId, at },
        metadata,
      );
      positions.push(freed.position);
      if (join !== undefined) throw err;
    }
  }
}

/** The link's request, once it is checked usable (unused, in time, its own secret, not voided): else the one refusal. */
async function usableLink(deps: AppDeps, token: string, at: string) {
  if (!SIGN_IN_TOKEN.test(token)) throw linkRefused();
  const [requestId, secret] = token.split('.') as [string, string];
  const stream = signInStream(requestId);
  const secretHash = hashOf(secret);
  const link = await deps.commands.state(signInDecider, stream);
  assertUsable(link, secretHash, at);
  // "Sign out everywhere" voids the links e-mailed before it, used or not.
  const membership = await deps.commands.state(
    accountEmailDecider,
    accountEmailStream(pseudonymsFor(deps.config).email(link.email)),
  );
  if (membership.linksVoidedAt && Date.parse(link.requestedAt) <= Date.parse(membership.linksVoidedAt))
    throw linkRefused();
  return { requestId, stream, secretHash, email: link.email, membership };
}

/**
 * `POST /api/account/sign-in/preview { token }`: what the link's page shows before anything is
 * pressed: the address (masked), the family page it opens, and the families inviting it (the
 * parent chooses "Join …" or "Start my own"). Writes nothing; a link that cannot sign in gets the
 * one refusal.
 */
export async function previewSignIn(deps: AppDeps, token: string): Promise<SignInPreview> {
  const at = deps.clock().toISOString();
  const { email, membership } = await usableLink(deps, token, at);
  const householdOf = (householdId: string) => deps.commands.state(householdDecider, householdStream(householdId));
  let familyPage: string | null = null;
  if (membership.linked) {
    const household = await householdOf(membership.linked.householdId);
    if (household.status === 'active') familyPage = familyPageName(household.details.lastName, email);
  }
  const invitations = [];
  for (const invitation of openInvitations(membership, at).reverse()) {
    const household = await householdOf(invitation.householdId);
    const invited = household.status === 'active' ? household.parents[invitation.parentId] : undefined;
    const by = invited?.invitedBy && household.status === 'active' ? household.parents[invited.invitedBy] : undefined;
    if (invited?.status !== 'invited' || !invited.invitedAt || by?.status !== 'active') continue;
    invitations.push({
      householdId: invitation.householdId,
      familyPage: familyPageName(household.status === 'active' ? household.details.lastName : null, by.email),
      invitedBy: by.email,
      expiresAt: invitationEnds(invited.invitedAt),
    });
  }
  return { email: maskedEmail(email), familyPage, invitations };
}

/**
 * `POST /api/account/sign-in/verify { token, join? }`: the link is used once (decided on its
 * stream), the address finds its household (its own, or with `join` the family whose invitation it
 * accepts, or a new one: decided per address), the parent arrives in it, and a session opens in
 * the cookie. A used, expired, forged or malformed token gets one answer.
 */
export async function verifySignIn(
  c: Context,
  deps: AppDeps,
  token: string,
  join: string | undefined,
  metadata: EventMetadata,
): Promise<Verified> {
  const at = deps.clock().toISOString();
  // Checked first, so that no used, expired or forged link writes anything; then decided on the
  // link's stream (its expected revision) once the household is known: of two presses at once,
  // both may find the same household (each step is idempotent), one alone signs in.
  const { requestId, stream, secretHash, email } = await usableLink(deps, token, at);
  const { householdId, parentId, positions } = await arrive(deps, email, join, at, metadata);
  const used = await deps.commands.handle(
    signInDecider,
    stream,
    { type: 'UseSignInLink', requestId, secretHash, householdId, at },
    metadata,
  );
  const since = [used.position, ...positions].reduce<bigint>((max, p) => (p !== null && p > max ? p : max), -1n);
  const position = since >= 0n ? since : await deps.eventStore.headPosition();
  await openSession(c, deps, { householdId, parentId, since: position });
  deps.log.info('signed in', { requestId, householdId, joined: join !== undefined });
  return { signedIn: true, position: position.toString() };
}
