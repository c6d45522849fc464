import {
  ADMINISTRATORS_STREAM,
  ADMINISTRATOR_CHANGE_TYPES,
  OWNER_ADMINISTRATOR,
  type AdministratorChangeEvent,
} from '../../contracts/admin/administrators.js';
import { SCHOOL } from '../../contracts/core/school.js';
import { defineReactor } from '../../platform/processor/reactor.js';
import type { AppDeps } from '../core/deps.js';
import { ownerAddress } from '../core/owner-address.js';
import { UnsendableMessageError } from '../mail/port.js';
import { renderEmail, type AdministratorChangeProps } from '../mail/templates/index.js';
import { siteBase } from '../waitlist/offer-email.js';
import { administratorsDecider, type AdministratorRecord } from './administrators-decider.js';

export const ADMINISTRATOR_CHANGE_EMAIL_REACTOR = 'administrator-change-email';

const DOMAIN = SCHOOL.email.split('@')[1]!;

/** One change, one Message-ID: a send again after a crash is the same message (one outbox file). */
export const changeMessageId = (changeId: string) => `<administrators-${changeId}@${DOMAIN}>`;

export { ownerAddress };

function changeOf(
  event: AdministratorChangeEvent,
  who: AdministratorRecord,
): Pick<AdministratorChangeProps, 'change' | 'role' | 'previousRole'> {
  switch (event.type) {
    case 'AdministratorAdded':
      return { change: 'added', role: event.data.role, previousRole: null };
    case 'AdministratorRoleChanged':
      return { change: 'role-changed', role: event.data.role, previousRole: event.data.previousRole };
    case 'AdministratorRevoked':
      return { change: 'revoked', role: who.role, previousRole: null };
  }
}

/**
 * Tells the owner of each change to the administrators (added, role changed, revoked): the e-mail
 * is sent, then AdministratorChangeNoticeSent recorded for the change's id on the same stream, the
 * way the confirmation e-mail is (confirmation-email-reactor.ts): a delivery that finds the notice
 * recorded sends nothing; a crash between the send and the record sends the same message (same
 * Message-ID) once more. Changes recorded before these e-mails existed carry no change id and are
 * passed over, so the first start of this version does not e-mail the whole history.
 */
export function administratorChangeEmailReactor(
  deps: Pick<AppDeps, 'commands' | 'mailer' | 'clock' | 'config' | 'log'>,
) {
  return defineReactor<AdministratorChangeEvent>({
    name: ADMINISTRATOR_CHANGE_EMAIL_REACTOR,
    eventTypes: ADMINISTRATOR_CHANGE_TYPES,
    async handle(event, { metadata }) {
      const { changeId, administratorId } = event.data;
      if (!changeId) return;
      const state = await deps.commands.state(administratorsDecider, ADMINISTRATORS_STREAM);
      const who = state.byId[administratorId];
      if (state.noticed[changeId] || !who) return;
      const base = siteBase(deps.config.PUBLIC_URL, deps.config.PORT);
      const { subject, text, html } = await renderEmail('administrator-change', {
        ...changeOf(event, who),
        name: who.name,
        email: who.email,
        by: event.metadata.administrator?.name ?? OWNER_ADMINISTRATOR.name,
        at: event.metadata.at,
        settingsUrl: `${base}/admin?tab=settings`,
        publicUrl: deps.config.PUBLIC_URL ?? null,
      });
      const messageId = changeMessageId(changeId);
      try {
        await deps.mailer.send({ to: ownerAddress(deps.config), subject, text, html, messageId, attachments: [] });
      } catch (err) {
        if (!(err instanceof UnsendableMessageError)) throw err;
        deps.log.error('administrator change e-mail cannot be sent; passed over', { changeId, reason: err.message });
        return;
      }
      await deps.commands.handle(
        administratorsDecider,
        ADMINISTRATORS_STREAM,
        {
          type: 'RecordChangeNotice',
          changeId,
          messageId,
          transport: deps.mailer.transport,
          at: deps.clock().toISOString(),
        },
        metadata,
      );
      deps.log.info('administrator change e-mailed to the owner', { changeId, administratorId });
    },
  });
}
