import type { FamilyCertificate } from '../../contracts/certificates/api.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { formatLongDate } from '../core/format.js';
import { useBookingCertificates, useFamilyCertificates } from './api.js';
import './certificates.css';

/**
 * The children's certificates of completion, each with its PDF (drawn with the name as it now
 * stands, so a corrected one downloads corrected). Nothing is shown until one is issued.
 */
export function CertificateDownloads({
  certificates,
  className = '',
}: {
  certificates: readonly FamilyCertificate[] | undefined;
  className?: string;
}) {
  if (!certificates?.length) return null;
  return (
    <Card as="section" aria-labelledby="certificates-title" className={`certificates ${className}`.trim()}>
      <h2 id="certificates-title">Certificates</h2>
      <ul className="certificates__list">
        {certificates.map((c) => (
          <li key={c.number} className="certificates__item">
            <div>
              <strong>{c.participantName}</strong>
              <span className="certificates__muted">
                {c.program}, completed {formatLongDate(`${c.completedOn}T12:00:00Z`)} · No. {c.number}
              </span>
            </div>
            <Link href={c.pdfPath} variant="outline" size="sm" download>
              Download PDF<span className="sr-only"> certificate of {c.participantName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The booking page's: its own children's. */
export function BookingCertificates({ token }: { token: string }) {
  return <CertificateDownloads certificates={useBookingCertificates(token).data} />;
}

/** The family page's: every booking's. */
export function FamilyCertificates() {
  return <CertificateDownloads certificates={useFamilyCertificates().data} className="account__section" />;
}
