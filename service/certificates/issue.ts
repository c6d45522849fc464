import {
  certificatesStream,
  programCertificateStream,
  type ProgramCertificateSet,
} from '../../contracts/certificates/events.js';
import type { EligibleChild } from '../../contracts/certificates/api.js';
import { enrollmentStream } from '../../contracts/enrollment/events.js';
import { schoolDay } from '../../contracts/catalogue/sessions.js';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { rosterWorkshopKey, type RosterWorkshopDoc } from '../../projections/admin/roster.js';
import type { AppDeps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { findProgram, findWorkshop } from '../catalogue/queries.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { certificatesDecider, childKey, type CertificateDraft } from './certificates-decider.js';
import { certificateDraftsOf } from './eligibility.js';
import { programCertificateDecider } from './program-certificate.js';
import { refuse } from './refusals.js';

const NO_WORKSHOP = 'We could not find this workshop.';

/** The year of issue at `now`, on the school's calendar: the year of the numbers given. */
export const yearOfIssue = (now: Date) => Number(schoolDay(now.toISOString()).slice(0, 4));

export interface Eligible {
  workshop: Workshop;
  certificate: ProgramCertificateSet;
  drafts: CertificateDraft[];
  children: EligibleChild[];
}

/**
 * Who in a workshop has earned its program's certificate, once its last session has ended: each
 * child of its standing bookings present enough (service/certificates/eligibility.ts), in the
 * order the bookings arrived, with the number of any certificate already issued this year.
 */
export async function eligibleChildren(deps: AppDeps, workshopId: string, now: Date): Promise<Eligible> {
  const workshop = await findWorkshop(deps.readStore, workshopId);
  if (!workshop) throw notFound(NO_WORKSHOP);
  const certificate = workshop.programId
    ? (await deps.commands.state(programCertificateDecider, programCertificateStream(workshop.programId))).certificate
    : null;
  if (!certificate) throw refuse({ code: 'no_certificate_for_program' });
  const endsAt = workshop.sessions.at(-1)?.endsAt;
  if (!endsAt || Date.parse(endsAt) > now.getTime()) throw refuse({ code: 'workshop_not_over', endsAt: endsAt ?? '' });
  const program = await findProgram(deps.readStore, certificate.programId);
  const listed = await deps.readStore.get<RosterWorkshopDoc>('roster', rosterWorkshopKey(workshopId));
  const drafts: CertificateDraft[] = [];
  for (const enrollmentId of listed?.doc.enrollmentIds ?? []) {
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
    if (state.status !== 'confirmed' || state.workshopId !== workshopId) continue;
    const subjectId =
      (await deps.encryption?.subjectOfStream(enrollmentStream(enrollmentId))) ??
      pseudonymsFor(deps.config).email(state.submission.form.email);
    drafts.push(
      ...certificateDraftsOf(state, { enrollmentId, certificate, programTitle: program?.title ?? '', subjectId }),
    );
  }
  const year = await deps.commands.state(certificatesDecider, certificatesStream(yearOfIssue(now)));
  const children = drafts.map((d, index): EligibleChild => {
    const number = year.byChild[childKey(d)] ?? null;
    const record = number ? year.byNumber[number] : undefined;
    return {
      index,
      enrollmentId: d.enrollmentId,
      participant: d.participant,
      participantName: d.participantName,
      sessionsPresent: d.sessionsPresent,
      number,
      ...(record ? { certificateName: record.issued.participantName } : {}),
      ...(record?.revoked ? { revoked: record.revoked.reason } : {}),
    };
  });
  return { workshop, certificate, drafts, children };
}
