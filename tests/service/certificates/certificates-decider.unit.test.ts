import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../support/decider.js';
import {
  certificatesDecider,
  standing,
  type CertificateDraft,
  type CertificatesCommand,
} from '../../../service/certificates/certificates-decider.js';
import { certificateDraftsOf, holderOf } from '../../../service/certificates/eligibility.js';
import { enrollmentDecider } from '../../../service/enrollment/decider/enrollment-decider.js';
import type { CertificateEvent } from '../../../contracts/certificates/events.js';
import type { EnrollmentEvent } from '../../../contracts/enrollment/events.js';
import { confirmed, paid, submitted } from '../../support/enrollment-events.js';

const given = deciderSpec(certificatesDecider);
const AT = '2025-07-21T12:00:00.000Z';

const draft = (enrollmentId: string, participant: number): CertificateDraft => ({
  workshopId: '6',
  enrollmentId,
  participant,
  programId: '10',
  programTitle: 'Etiquette After Dark',
  title: 'Certificate of Completion',
  wording: 'has completed',
  signerName: 'Margaret Ellison',
  participantName: 'Lily Whitfield',
  holder: 'Lily W.',
  completedOn: '2025-07-19',
  firstSessionOn: '2025-07-19',
  hours: 2,
  sessionsPresent: 1,
  subjectId: 'household:h-1',
});
const issue = (...drafts: CertificateDraft[]): CertificatesCommand => ({
  type: 'IssueCertificates',
  year: 2025,
  drafts,
  by: 'Owner',
  at: AT,
});
const issued = (d: CertificateDraft, sequence: number): CertificateEvent => ({
  type: 'CertificateIssued',
  data: { ...d, number: `GL-C-2025-${String(sequence).padStart(5, '0')}`, issuedAt: AT, issuedBy: 'Owner' },
});

describe('certificates decider', () => {
  it('given two certificates this year, when three more children are issued, then numbers 3 to 5 follow', () => {
    given([issued(draft('a', 0), 1), issued(draft('a', 1), 2)])
      .when(issue(draft('b', 0), draft('b', 1), draft('c', 0)))
      .then([issued(draft('b', 0), 3), issued(draft('b', 1), 4), issued(draft('c', 0), 5)]);
  });

  it('given a child with a certificate, when issued again (another office, the same list twice), then no second number', () => {
    given([issued(draft('a', 0), 1)])
      .when(issue(draft('a', 0), draft('b', 0), draft('b', 0)))
      .then([issued(draft('b', 0), 2)]);
  });

  it('given a certificate, when its name is corrected, then it is reissued under the same number', () => {
    given([issued(draft('a', 0), 1)])
      .when({
        type: 'CorrectCertificateName',
        number: 'GL-C-2025-00001',
        participantName: 'Lilly Whitfield',
        holder: 'Lilly W.',
        at: AT,
      })
      .then([
        {
          type: 'CertificateReissued',
          data: {
            number: 'GL-C-2025-00001',
            participantName: 'Lilly Whitfield',
            holder: 'Lilly W.',
            subjectId: 'household:h-1',
            reissuedAt: AT,
          },
        },
      ]);
  });

  it('given a certificate, when revoked, then it no longer stands; revoked again, nothing more; an unknown number refused', () => {
    const revoke: CertificatesCommand = {
      type: 'RevokeCertificate',
      number: 'GL-C-2025-00001',
      by: 'office',
      reason: 'Wrong child',
      at: AT,
    };
    const revoked: CertificateEvent = {
      type: 'CertificateRevoked',
      data: { number: 'GL-C-2025-00001', by: 'office', reason: 'Wrong child', revokedAt: AT },
    };
    given([issued(draft('a', 0), 1)])
      .when(revoke)
      .then([revoked]);
    given([issued(draft('a', 0), 1), revoked])
      .when(revoke)
      .then([]);
    given([])
      .when(revoke)
      .thenThrows({ refusal: { code: 'certificate_not_found' } });
    const state = [issued(draft('a', 0), 1), revoked].reduce(
      certificatesDecider.evolve,
      certificatesDecider.initialState,
    );
    expect(standing(state.byNumber['GL-C-2025-00001']!)).toBe(false);
  });
});

describe('certificate eligibility', () => {
  const sold: EnrollmentEvent[] = [submitted('e1'), paid('e1', 30_000), confirmed('e1', 30_000)];
  const mark = (participant: number, present: boolean, workshopId = '6', session = 1): EnrollmentEvent => ({
    type: 'AttendanceMarked',
    data: { enrollmentId: 'e1', workshopId, participant, name: 'x', present, markedAt: AT, session },
  });
  const certificate = {
    programId: '10',
    title: 'Certificate of Completion',
    wording: 'has completed',
    signerName: 'Margaret Ellison',
    minSessionsPresent: 1,
    setAt: AT,
  };
  const drafts = (events: EnrollmentEvent[], minSessionsPresent = 1) =>
    certificateDraftsOf(events.reduce(enrollmentDecider.evolve, enrollmentDecider.initialState), {
      enrollmentId: 'e1',
      certificate: { ...certificate, minSessionsPresent },
      programTitle: 'Etiquette After Dark',
      subjectId: 'household:h-1',
    }).map((d) => [d.participant, d.sessionsPresent]);

  it('given one child present and one absent, then only the present child is eligible', () => {
    expect(drafts([...sold, mark(0, true), mark(1, false)])).toEqual([[0, 1]]);
  });

  it('given a child absent at the workshop but present at a make-up, then the make-up counts as presence', () => {
    expect(drafts([...sold, mark(0, false), mark(0, true, '11', 2)])).toEqual([[0, 1]]);
  });

  it('given a minimum above the sessions the workshop has, then all of its sessions are enough', () => {
    expect(drafts([...sold, mark(0, true)], 4)).toEqual([[0, 1]]);
  });

  it('given an unpaid hold, then nobody is eligible', () => {
    expect(drafts([submitted('e1'), mark(0, true)])).toEqual([]);
  });

  it('shows the holder as first name and last initial', () => {
    expect(holderOf('Lily  Anne Whitfield')).toBe('Lily W.');
    expect(holderOf('Prince')).toBe('Prince');
  });
});
