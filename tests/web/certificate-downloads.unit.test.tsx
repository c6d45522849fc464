import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { FamilyCertificate } from '../../contracts/certificates/api.js';
import { CertificateDownloads } from '../../web/certificates/CertificateDownloads.js';

/** Issue 40 item 4: the booking page and the family page let the parent download each child's certificate. */

const certificate = (o: Partial<FamilyCertificate>): FamilyCertificate => ({
  number: 'GL-C-2025-00001',
  enrollmentId: 'e1',
  participant: 0,
  participantName: 'Lily Whitfield',
  program: 'Etiquette After Dark',
  completedOn: '2025-07-19',
  issuedAt: '2025-07-21T12:00:00.000Z',
  pdfPath: '/api/bookings/t/certificates/GL-C-2025-00001',
  ...o,
});

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|’/g, "'");

describe('the family’s certificate downloads', () => {
  it('given two certificates, when the page shows them, then each child by name, the program, the day completed, the number and a PDF link', () => {
    const html = renderToString(
      <CertificateDownloads
        certificates={[
          certificate({}),
          certificate({
            number: 'GL-C-2025-00002',
            participant: 1,
            participantName: 'Oscar Whitfield',
            pdfPath: '/api/bookings/t/certificates/GL-C-2025-00002',
          }),
        ]}
      />,
    );
    expect(text(html)).toContain('Certificates');
    expect(text(html)).toContain(
      'Lily WhitfieldEtiquette After Dark, completed Saturday, July 19, 2025 · No. GL-C-2025-00001',
    );
    expect(text(html)).toContain('Download PDF certificate of Oscar Whitfield');
    expect(html).toContain('href="/api/bookings/t/certificates/GL-C-2025-00002"');
    expect(html).toMatch(/<a[^>]*download/);
  });

  it('given none issued (or not read yet), then nothing is shown', () => {
    expect(renderToString(<CertificateDownloads certificates={[]} />)).toBe('');
    expect(renderToString(<CertificateDownloads certificates={undefined} />)).toBe('');
  });
});
