import {
  certificateNumber,
  type CertificateEvent,
  type CertificateIssued,
} from '../../contracts/certificates/events.js';
import { ERASED } from '../../contracts/privacy/classes.js';
import type { Decider } from '../../platform/command/decider.js';
import { refuse } from './refusals.js';

/** One certificate as it stands: as issued (with any corrected name), and whether revoked. */
export interface CertificateRecord {
  issued: CertificateIssued;
  revoked: { by: 'office' | 'erasure'; reason: string; at: string } | null;
  /** When the name was last corrected: copies drawn before then are superseded. */
  reissuedAt?: string;
}

/** A year's certificates: how many numbers are given, each by number, and which child of which workshop has which. */
export interface CertificatesState {
  year: number | null;
  given: number;
  byNumber: Record<string, CertificateRecord>;
  byChild: Record<string, string>;
}

/** What a certificate is of, before it has a number. */
export type CertificateDraft = Omit<CertificateIssued, 'number' | 'issuedAt' | 'issuedBy'>;

export type CertificatesCommand =
  | { type: 'IssueCertificates'; year: number; drafts: CertificateDraft[]; by: string; at: string }
  | { type: 'CorrectCertificateName'; number: string; participantName: string; holder: string; at: string }
  | { type: 'RevokeCertificate'; number: string; by: 'office' | 'erasure'; reason: string; at: string };

/** One child of one workshop: one certificate. */
export const childKey = (c: Pick<CertificateIssued, 'workshopId' | 'enrollmentId' | 'participant'>) =>
  `${c.workshopId}:${c.enrollmentId}:${c.participant}`;

function evolve(state: CertificatesState, event: CertificateEvent): CertificatesState {
  switch (event.type) {
    case 'CertificateIssued': {
      const issued = event.data;
      return {
        year: state.year ?? Number(issued.number.slice(5, 9)),
        given: state.given + 1,
        byNumber: { ...state.byNumber, [issued.number]: { issued, revoked: null } },
        byChild: { ...state.byChild, [childKey(issued)]: issued.number },
      };
    }
    case 'CertificateReissued': {
      const record = state.byNumber[event.data.number];
      if (!record) return state;
      const { participantName, holder, reissuedAt } = event.data;
      const issued = { ...record.issued, participantName, holder };
      return { ...state, byNumber: { ...state.byNumber, [event.data.number]: { ...record, issued, reissuedAt } } };
    }
    case 'CertificateRevoked': {
      const record = state.byNumber[event.data.number];
      if (!record) return state;
      const { by, reason, revokedAt: at } = event.data;
      return {
        ...state,
        byNumber: { ...state.byNumber, [event.data.number]: { ...record, revoked: { by, reason, at } } },
      };
    }
  }
}

/**
 * Numbers follow one another from the year's last: a child who has one already is skipped, so
 * two offices issuing the same children at once give each one number (the handler decides the
 * second on the state the first left).
 */
function issue(command: Extract<CertificatesCommand, { type: 'IssueCertificates' }>, state: CertificatesState) {
  const events: CertificateEvent[] = [];
  const seen = new Set<string>();
  for (const draft of command.drafts) {
    const key = childKey(draft);
    if (state.byChild[key] || seen.has(key)) continue;
    seen.add(key);
    const number = certificateNumber(command.year, state.given + events.length + 1);
    events.push({ type: 'CertificateIssued', data: { ...draft, number, issuedAt: command.at, issuedBy: command.by } });
  }
  return events;
}

const recordOf = (state: CertificatesState, number: string): CertificateRecord => {
  const record = state.byNumber[number];
  if (!record) throw refuse({ code: 'certificate_not_found' });
  return record;
};

/** `certificates-<year>`: a year's certificates, numbered in order, corrected under the same number, revoked with a reason. */
export const certificatesDecider: Decider<CertificatesCommand, CertificateEvent, CertificatesState> = {
  initialState: { year: null, given: 0, byNumber: {}, byChild: {} },
  evolve,
  decide(command, state) {
    switch (command.type) {
      case 'IssueCertificates':
        return issue(command, state);
      case 'CorrectCertificateName': {
        const record = recordOf(state, command.number);
        if (record.revoked) throw refuse({ code: 'certificate_revoked' });
        if (record.issued.participantName === command.participantName && record.issued.holder === command.holder)
          return [];
        const { participantName, holder, at } = command;
        const data = { number: command.number, participantName, holder, subjectId: record.issued.subjectId };
        return [{ type: 'CertificateReissued', data: { ...data, reissuedAt: at } }];
      }
      case 'RevokeCertificate': {
        const record = recordOf(state, command.number);
        if (record.revoked) return [];
        const { number, by, reason, at } = command;
        return [{ type: 'CertificateRevoked', data: { number, by, reason, revokedAt: at } }];
      }
    }
  },
};

/** Whether a certificate still stands: not revoked, and its holder not erased with the family. */
export const standing = (record: CertificateRecord) => !record.revoked && record.issued.holder !== ERASED;
