import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { EligibleChild } from '../../contracts/certificates/api.js';
import { CertificatesList } from '../../web/admin/RosterCertificates.js';

/** Issue 40 item 4: the office sees on the roster who has earned a certificate and issues those not yet issued. */

const child = (o: Partial<EligibleChild>): EligibleChild => ({
  index: 0,
  enrollmentId: 'e1',
  participant: 0,
  participantName: 'Lily Whitfield',
  sessionsPresent: 2,
  number: null,
  ...o,
});

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|’/g, "'");

describe('the roster’s certificates', () => {
  it('given children eligible, one issued, when the roster shows them, then each with its number or "not issued yet", and the action counts those waiting', () => {
    const html = renderToString(
      <CertificatesList
        eligible={[
          child({}),
          child({
            index: 1,
            participant: 1,
            participantName: 'Oscar Whitfield',
            sessionsPresent: 1,
            number: 'GL-C-2025-00001',
          }),
        ]}
        isIssuing={false}
        onIssue={() => {}}
      />,
    );
    expect(text(html)).toContain('Lily Whitfield, 2 sessions attended: not issued yet');
    expect(text(html)).toContain('Oscar Whitfield, 1 session attended: issued, GL-C-2025-00001');
    expect(text(html)).toContain('Issue certificates (1)');
  });

  it('given every certificate issued, then no action to issue; given none eligible, then it says so', () => {
    const issued = renderToString(
      <CertificatesList eligible={[child({ number: 'GL-C-2025-00001' })]} isIssuing={false} onIssue={() => {}} />,
    );
    expect(text(issued)).not.toContain('Issue certificates');
    const none = renderToString(<CertificatesList eligible={[]} isIssuing={false} onIssue={() => {}} />);
    expect(text(none)).toContain('No child has attended enough sessions for a certificate yet.');
    expect(text(none)).not.toContain('Issue certificates');
  });

  it('given certificates issued, one corrected and one revoked, when the roster shows them with their actions, then each standing one may be corrected or revoked, and the list says how each reads', () => {
    const html = renderToString(
      <CertificatesList
        eligible={[
          child({ number: 'GL-C-2025-00001', certificateName: 'Lilly Whitfield-Hart' }),
          child({
            index: 1,
            participant: 1,
            participantName: 'Oscar Whitfield',
            number: 'GL-C-2025-00002',
            certificateName: 'Oscar Whitfield',
            revoked: 'Issued to the wrong child',
          }),
        ]}
        isIssuing={false}
        onIssue={() => {}}
        onCorrect={() => {}}
        onRevoke={() => {}}
      />,
    );
    expect(text(html)).toContain(
      'Lily Whitfield, 2 sessions attended: issued, GL-C-2025-00001, reads “Lilly Whitfield-Hart”',
    );
    expect(text(html)).toContain(
      'Oscar Whitfield, 2 sessions attended: issued, GL-C-2025-00002, revoked: Issued to the wrong child',
    );
    expect(html).toContain('aria-label="Correct name on GL-C-2025-00001 (Lilly Whitfield-Hart)"');
    expect(html).toContain('aria-label="Revoke GL-C-2025-00001 (Lilly Whitfield-Hart)"');
    expect(html).not.toContain('GL-C-2025-00002 (Oscar Whitfield)');
  });
});
