import type { EligibleChild } from '../../contracts/certificates/api.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { apiErrorText } from '../core/api.js';
import { useEligibleChildren, useIssueCertificates } from './certificatesApi.js';

/**
 * The roster's certificates of completion (issue 40): who attended enough sessions for one (make-ups
 * count), each with its number once issued, and one action that issues those not yet issued. The
 * server decides who is eligible and refuses before the last session has ended.
 */
export function RosterCertificates({ workshopId }: { workshopId: string }) {
  const eligible = useEligibleChildren(workshopId);
  const issue = useIssueCertificates(workshopId);
  if (eligible.isPending) return <Spinner label="Loading who has earned a certificate…" />;
  if (eligible.isError)
    return (
      <p role="alert" className="admin-error">
        {apiErrorText(eligible.error) ?? 'Who has earned a certificate could not be loaded.'}
      </p>
    );
  return <CertificatesList eligible={eligible.data} isIssuing={issue.isPending} onIssue={() => issue.mutate()} />;
}

export function CertificatesList({
  eligible,
  isIssuing,
  onIssue,
}: {
  eligible: EligibleChild[];
  isIssuing: boolean;
  onIssue: () => void;
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
              {child.number ? <span>issued, {child.number}</span> : <span>not issued yet</span>}
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
