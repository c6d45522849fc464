import { randomUUID } from 'node:crypto';
import { ERASED } from '../../contracts/core/erased.js';
import type { EventMetadata } from '../../contracts/core/events.js';
import { organizationStream } from '../../contracts/organizations/organization.js';
import { privacyStream } from '../../contracts/privacy/events.js';
import { ORGANIZATION_SUBJECT_PREFIX } from '../../contracts/privacy/organizations.js';
import type { AppDeps } from '../core/deps.js';
import { organizationDecider } from '../organizations/organization-decider.js';
import { refuse } from '../organizations/refusals.js';
import type { Erasure } from './erase.js';
import { writeToLedger } from './ledger.js';

/**
 * Erases an organization's personal data (`POST /api/admin/privacy/organizations/:id/erasure`),
 * the way a family's is: its subject `organization:<id>` goes into the erasure ledger beside the
 * backups, its key is destroyed, so its contact's name, e-mail and phone and the attendees its
 * coordinator named read "Erased" in every event, and `PersonalDataErased` is recorded, after
 * which the scrub reactor rebuilds the read models that held them. The mailer's copies of the
 * messages to the contact and about the organization are deleted. The organization's name,
 * address and tax id, its quotes, invoices, credit notes and payments stay as issued, counted in
 * every figure. An unknown organization is 404; erasing again records the erasure again.
 */
export async function eraseOrganization(
  deps: AppDeps,
  organizationId: string,
  metadata: EventMetadata,
): Promise<Erasure> {
  const organization = await deps.commands.state(organizationDecider, organizationStream(organizationId));
  if (organization.status !== 'registered') throw refuse({ code: 'organization_unknown' });
  const subjectId = `${ORGANIZATION_SUBJECT_PREFIX}${organizationId}`;
  const contactEmail = organization.record.contactEmail;
  const at = deps.clock();
  const erasedAt = at.toISOString();
  writeToLedger(deps.config.backupDir, { subjectId, at: erasedAt, by: 'school' });
  await deps.keys.destroy(subjectId, at);
  const written = await deps.eventStore.append(
    privacyStream(subjectId),
    [{ id: randomUUID(), type: 'PersonalDataErased', data: { subjectId, at: erasedAt, by: 'school' }, metadata }],
    'any',
  );
  let copies = (await deps.mailer.eraseCopiesAbout?.([subjectId])) ?? 0;
  if (contactEmail !== ERASED) copies += (await deps.mailer.eraseCopiesTo?.(contactEmail)) ?? 0;
  deps.log.info('organization contact erased', { subjectId, mailCopies: copies });
  return { subjectId, erasedAt, position: written.position };
}
