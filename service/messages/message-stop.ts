import type { EventMetadata } from '../../contracts/core/events.js';
import { messageStopStream, type MessageStopEvent } from '../../contracts/messages/events.js';
import type { Decider } from '../../platform/command/decider.js';
import type { Config } from '../core/config.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { createSignedTokens, type SignedTokens } from '../core/signed-token.js';
import { siteOrigin } from '../site/origin.js';

export type MessageStopCommand = { type: 'StopWorkshopMessages'; via: 'link' | 'one-click'; at: string };

/**
 * One family's choice to get no more messages to class families: once stopped it stays stopped
 * (a second press, or a mail program's retry, records nothing).
 */
export const messageStopDecider: Decider<MessageStopCommand, MessageStopEvent, { stopped: boolean }> = {
  initialState: { stopped: false },
  evolve: () => ({ stopped: true }),
  decide: (command, state) =>
    state.stopped ? [] : [{ type: 'WorkshopMessagesStopped', data: { via: command.via, stoppedAt: command.at } }],
};

/** The family a message goes to: the keyed hash of its address, as its stop stream is named. */
export const familyKeyOf = (config: Config, email: string) => pseudonymsFor(config).email(email);

const byConfig = new WeakMap<Config, SignedTokens>();

/**
 * The stop link's token: the family's key signed under BOOKING_LINK_SECRET (purpose
 * `workshop-messages-stop`), stored nowhere; null without the secret (no link is then written).
 */
function stopTokens(config: Config): SignedTokens | null {
  if (!config.BOOKING_LINK_SECRET) return null;
  let tokens = byConfig.get(config);
  if (!tokens) {
    tokens = createSignedTokens(config.BOOKING_LINK_SECRET, 'workshop-messages-stop');
    byConfig.set(config, tokens);
  }
  return tokens;
}

/** `<site>/messages/stop/<token>`: the page that stops the family's messages, and the one-click POST target. */
export function stopUrl(config: Config, email: string): string | null {
  const tokens = stopTokens(config);
  return tokens ? `${siteOrigin(config)}/messages/stop/${tokens.token(familyKeyOf(config, email))}` : null;
}

/** The family a stop token names, when its signature holds. */
export const familyOfStopToken = (config: Config, token: string): string | null =>
  stopTokens(config)?.verify(token)?.id ?? null;

/** Whether the family of `email` asked for no more messages. */
export async function hasStopped(deps: Pick<AppDeps, 'commands' | 'config'>, email: string): Promise<boolean> {
  const state = await deps.commands.state(messageStopDecider, messageStopStream(familyKeyOf(deps.config, email)));
  return state.stopped;
}

export async function stopMessages(
  deps: Pick<AppDeps, 'commands' | 'clock'>,
  familyKey: string,
  via: 'link' | 'one-click',
  metadata: EventMetadata,
) {
  return deps.commands.handle(
    messageStopDecider,
    messageStopStream(familyKey),
    { type: 'StopWorkshopMessages', via, at: deps.clock().toISOString() },
    metadata,
  );
}
