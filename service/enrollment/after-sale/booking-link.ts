import { bookingLinkStream, type BookingLinkEvent } from '../../../contracts/enrollment/booking-link.js';
import type { Decider } from '../../../platform/command/decider.js';
import type { Config } from '../../core/config.js';
import type { AppDeps } from '../../core/deps.js';
import { createSignedTokens, type SignedToken } from '../../core/signed-token.js';

/**
 * The parent's booking link, `/booking/<enrollmentId>.<signature>` (or `<enrollmentId>.<version>.<signature>`
 * once replaced): a signed token (service/core/signed-token.ts, purpose `booking-link`) under
 * BOOKING_LINK_SECRET. No account, no stored token: the link names its enrollment and proves the
 * school wrote it, a changed secret makes every link already sent fail, and a replaced version
 * (the `booking-link-<enrollmentId>` stream below) makes that booking's earlier links fail.
 */
export interface BookingLinks {
  token(enrollmentId: string, version?: number): string;
  /** The enrollment and version a token names, when its signature holds under this secret; null otherwise. */
  verify(token: string): SignedToken | null;
  /** The enrollment a token names when its signature holds, whatever its version: whether that is current is the stream's to say. */
  enrollmentOf(token: string): string | null;
}

export function createBookingLinks(secret: string): BookingLinks {
  const tokens = createSignedTokens(secret, 'booking-link');
  return {
    token: (enrollmentId, version = 0) => tokens.token(enrollmentId, version),
    verify: (token) => tokens.verify(token),
    enrollmentOf: (token) => tokens.verify(token)?.id ?? null,
  };
}

const byConfig = new WeakMap<Config, BookingLinks>();

/**
 * The links of this configuration's secret, or null when it has none (a test or tool that set
 * none: e-mails then carry no link and every token is refused). main.ts always sets one: the
 * configured secret, or the one kept in DATA_DIR on the embedded default.
 */
export function bookingLinksFor(config: Config): BookingLinks | null {
  if (!config.BOOKING_LINK_SECRET) return null;
  let links = byConfig.get(config);
  if (!links) {
    links = createBookingLinks(config.BOOKING_LINK_SECRET);
    byConfig.set(config, links);
  }
  return links;
}

/** A booking link's version: 0 until it is first replaced. */
export interface BookingLinkState {
  version: number;
}

export type BookingLinkCommand =
  /** A parent left the family whose page showed this booking: its links so far stop working. */
  | { type: 'ReplaceBookingLink'; enrollmentId: string; reason: 'parent-removed'; at: string }
  /**
   * "Send me a new link", pressed on a link of version `tokenVersion`: the current link is
   * replaced and the new one e-mailed to the booking's contact; pressed on a link replaced
   * already, the current one is e-mailed and nothing is replaced (a revoked link cannot revoke
   * the link that replaced it, nor would two presses at once replace it twice).
   */
  | { type: 'SendNewBookingLink'; enrollmentId: string; tokenVersion: number; at: string };

/** `booking-link-<enrollmentId>`: each replacement moves the version on by one. */
export const bookingLinkDecider: Decider<BookingLinkCommand, BookingLinkEvent, BookingLinkState> = {
  initialState: { version: 0 },
  evolve: (state, event) => (event.type === 'BookingLinkReplaced' ? { version: event.data.version } : state),
  decide(command, state) {
    const { enrollmentId, at } = command;
    if (command.type === 'ReplaceBookingLink')
      return [
        {
          type: 'BookingLinkReplaced',
          data: { enrollmentId, version: state.version + 1, reason: command.reason, replacedAt: at },
        },
      ];
    if (command.tokenVersion !== state.version)
      return [{ type: 'BookingLinkRequested', data: { enrollmentId, version: state.version, requestedAt: at } }];
    const version = state.version + 1;
    return [
      { type: 'BookingLinkReplaced', data: { enrollmentId, version, reason: 'asked', replacedAt: at } },
      { type: 'BookingLinkRequested', data: { enrollmentId, version, requestedAt: at } },
    ];
  },
};

type LinkDeps = Pick<AppDeps, 'config' | 'commands'>;

/** The booking's link version now. */
export const bookingLinkVersion = async (deps: LinkDeps, enrollmentId: string): Promise<number> =>
  (await deps.commands.state(bookingLinkDecider, bookingLinkStream(enrollmentId))).version;

/** `/booking/<token>` of the booking's current link, or null when the server signs no links. */
export async function bookingPath(deps: LinkDeps, enrollmentId: string): Promise<string | null> {
  const links = bookingLinksFor(deps.config);
  return links ? `/booking/${links.token(enrollmentId, await bookingLinkVersion(deps, enrollmentId))}` : null;
}

/**
 * The "Manage your booking" address of an enrollment at its current version: PUBLIC_URL, or the
 * local server when it is unset, as the waitlist e-mails build theirs (`siteBase`, which this
 * slice cannot import: waitlist imports enrollment).
 */
export async function bookingUrl(deps: LinkDeps, enrollmentId: string): Promise<string | null> {
  const path = await bookingPath(deps, enrollmentId);
  if (!path) return null;
  return `${(deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '')}${path}`;
}
