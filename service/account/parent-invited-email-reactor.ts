import type { HouseholdEvent } from '../../contracts/account/events.js';
import { householdStream } from '../../contracts/account/events.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { UnsendableMessageError } from '../mail/port.js';
import { renderEmail } from '../mail/templates/index.js';
import { householdDecider } from './household-decider.js';
import { siteBase } from './sign-in.js';

type Invited = Extract<HouseholdEvent, { type: 'ParentInvited' }>;

/** One invitation, one Message-ID: a delivery again after a crash writes the same message. */
export const parentInvitedMessageId = (parentId: string) =>
  `<parent-invited-${parentId}@${SCHOOL.email.split('@')[1]!}>`;

/**
 * A second parent invited (ParentInvited): the family's parents are told, so a stolen session
 * cannot add a parent unseen. Sent where the effects run, once per invitation by its position; a
 * household erased since has nobody left to tell.
 */
export function parentInvitedEmailReactor(deps: Pick<AppDeps, 'commands' | 'mailer' | 'config' | 'log'>) {
  return defineReactor<Invited>({
    name: 'parent-invited-email',
    eventTypes: ['ParentInvited'],
    async handle(event) {
      const { householdId, parentId, email, invitedBy } = event.data;
      const state = await deps.commands.state(householdDecider, householdStream(householdId));
      if (state.status !== 'active') return;
      const by = state.parents[invitedBy]?.email;
      const tell = Object.values(state.parents)
        .filter((p) => p.status === 'active')
        .map((p) => p.email);
      if (!by || tell.length === 0) return;
      const rendered = await renderEmail('parent-invited', {
        invited: email,
        by,
        familyUrl: `${siteBase(deps)}/account`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      // The message names the invited address: its erasure deletes this copy too.
      const about = [pseudonymsFor(deps.config).email(email)];
      for (const to of tell)
        try {
          await deps.mailer.send({
            to,
            ...rendered,
            messageId: parentInvitedMessageId(parentId),
            attachments: [],
            about,
          });
        } catch (err) {
          if (!(err instanceof UnsendableMessageError)) throw err;
          deps.log.error('invitation notice cannot be sent; passed over', { householdId, reason: err.message });
        }
      deps.log.info('parent invitation told', { householdId, parentId });
    },
  });
}
