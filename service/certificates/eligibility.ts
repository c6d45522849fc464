import type { ProgramCertificateSet } from '../../contracts/certificates/events.js';
import { itemSessions } from '../../contracts/enrollment/events.js';
import { schoolDay } from '../../contracts/catalogue/sessions.js';
import type { EnrollmentState } from '../enrollment/decider/enrollment-state.js';
import { participantNameOf, stayingParticipants } from '../enrollment/decider/participants.js';
import type { CertificateDraft } from './certificates-decider.js';

/** "Lily W.": the holder as a verification shows them, first name and last initial. */
export function holderOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${parts.at(-1)!.charAt(0).toUpperCase()}.`;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The children of one booking who completed its workshop: the booking stands (confirmed), and
 * the child was marked present in at least `minSessionsPresent` sessions (a make-up, marked in
 * another workshop, counts as presence; never more than the workshop has sessions). Each becomes
 * a draft, numbered when issued.
 */
export function certificateDraftsOf(
  state: EnrollmentState,
  o: {
    enrollmentId: string;
    certificate: ProgramCertificateSet;
    programTitle: string;
    subjectId: string;
  },
): CertificateDraft[] {
  if (state.status !== 'confirmed' || !state.workshopId) return [];
  const sessions = itemSessions(state.item);
  if (sessions.length === 0) return [];
  const needed = Math.min(o.certificate.minSessionsPresent, sessions.length);
  const hours = sessions.reduce((sum, s) => sum + (Date.parse(s.endsAt) - Date.parse(s.startsAt)) / HOUR_MS, 0);
  const workshopId = state.workshopId;
  return stayingParticipants(state).flatMap((participant) => {
    const present = Object.entries(state.attendance).filter(
      ([key, mark]) => mark && key.endsWith(`:${participant}`),
    ).length;
    if (present < needed) return [];
    const participantName = participantNameOf(state.submission, participant);
    return [
      {
        workshopId,
        enrollmentId: o.enrollmentId,
        participant,
        programId: o.certificate.programId,
        programTitle: o.programTitle,
        title: o.certificate.title,
        wording: o.certificate.wording,
        signerName: o.certificate.signerName,
        participantName,
        holder: holderOf(participantName),
        completedOn: schoolDay(sessions.at(-1)!.endsAt),
        firstSessionOn: schoolDay(sessions[0]!.startsAt),
        hours: Math.round(hours * 100) / 100,
        sessionsPresent: present,
        subjectId: o.subjectId,
      },
    ];
  });
}
