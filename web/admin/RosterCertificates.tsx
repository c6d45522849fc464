import { useState } from 'react';
import type { EligibleChild } from '../../contracts/certificates/api.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { apiErrorText } from '../core/api.js';
import { CorrectNameDialog, RevokeCertificateDialog, type CertificateOnRoster } from './CertificateDialogs.js';
import { useEligibleChildren, useIssueCertificates } from './certificatesApi.js';

/**
 * The roster's certificates of completion (issue 40): who attended enough sessions for one (make-ups
 * count), each with its number once issued, and one action that issues those not yet issued. The
 * server decides who is eligible and refuses before the last session has ended. An issued certificate
 * may have its name corrected (reissued, e-mailed again) or be revoked with a reason, each in a dialog.
 */
export function RosterCertificates({ workshopId }: { workshopId: string }) {
  const eligible = useEligibleChildren(workshopId);
  const issue = useIssueCertificates(workshopId);
  const [correcting, setCorrecting] = useState<CertificateOnRoster | null>(null);
  const [revoking, setRevoking] = useState<CertificateOnRoster | null>(null);
  if (eligible.isPending) return <Spinner label="Loading who has earned a certificate…" />;
  if (eligible.isError)
    return (
      <p role="alert" className="admin-error">
        {apiErrorText(eligible.error) ?? 'Who has earned a certificate could not be loaded.'}
      </p>
    );
  return (
    <>
      <CertificatesList
        eligible={eligible.data}
        isIssuing={issue.isPending}
        onIssue={() => issue.mutate()}
        onCorrect={setCorrecting}
        onRevoke={setRevoking}
      />
      <CorrectNameDialog workshopId={workshopId} certificate={correcting} onClose={() => setCorrecting(null)} />
      <RevokeCertificateDialog workshopId={workshopId} certificate={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/** What an issued certificate's line says after its number: the name it reads if corrected, and whether revoked. */
function issuedAs(child: EligibleChild) {
  const corrected =
    child.certificateName && child.certificateName !== child.participantName
      ? `, reads “${child.certificateName}”`
      : '';
  return `issued, ${child.number}${corrected}${child.revoked ? `, revoked: ${child.revoked}` : ''}`;
}

export function CertificatesList({
  eligible,
  isIssuing,
  onIssue,
  onCorrect,
  onRevoke,
}: {
  eligible: EligibleChild[];
  isIssuing: boolean;
  onIssue: () => void;
  onCorrect?: (certificate: CertificateOnRoster) => void;
  onRevoke?: (certificate: CertificateOnRoster) => void;
}) {
  const waiting = eligible.filter((child) => child.number === null).length;
  return (
    <section aria-labelledby="certificates-title" className="roster-certificates">
      <h2 id="certificates-title">Certificates of completion</h2>
      {eligible.length === 0 ? (
        <p>No child has attended enough sessions for a certificate yet.</p>
      ) : (
        <ul>
          {eligible.map((child) => (
            <li key={`${child.enrollmentId}:${child.participant}`}>
              <strong>{child.participantName}</strong>, {child.sessionsPresent}{' '}
              {child.sessionsPresent === 1 ? 'session' : 'sessions'} attended:{' '}
              {child.number ? <span>{issuedAs(child)}</span> : <span>not issued yet</span>}
              {child.number && !child.revoked && (
                <CertificateActions
                  certificate={{ number: child.number, name: child.certificateName ?? child.participantName }}
                  onCorrect={onCorrect}
                  onRevoke={onRevoke}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting > 0 && (
        <Button variant="secondary" onPress={onIssue} isDisabled={isIssuing}>
          {isIssuing ? 'Issuing…' : `Issue certificates (${waiting})`}
        </Button>
      )}
    </section>
  );
}

function CertificateActions({
  certificate,
  onCorrect,
  onRevoke,
}: {
  certificate: CertificateOnRoster;
  onCorrect?: (certificate: CertificateOnRoster) => void;
  onRevoke?: (certificate: CertificateOnRoster) => void;
}) {
  return (
    <span className="roster-certificates__actions">
      {onCorrect && (
        <Button
          variant="link"
          size="sm"
          aria-label={`Correct name on ${certificate.number} (${certificate.name})`}
          onPress={() => onCorrect(certificate)}
        >
          Correct name
        </Button>
      )}
      {onRevoke && (
        <Button
          variant="link"
          size="sm"
          aria-label={`Revoke ${certificate.number} (${certificate.name})`}
          onPress={() => onRevoke(certificate)}
        >
          Revoke
        </Button>
      )}
    </span>
  );
}
