import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { useCorrectCertificateName, useRevokeCertificate } from './certificatesApi.js';

/** An issued certificate the office acts on: its number and the name it reads now. */
export interface CertificateOnRoster {
  number: string;
  name: string;
}

/**
 * The words of a refusal for the one field a dialog has: the server's words for that field by its
 * name (400 `issues`), or else its words for the whole (404, 409 revoked), under the same field.
 */
export function refusalFor(err: unknown, field: string): string {
  return apiErrorIssues(err)[field] ?? apiErrorText(err) ?? 'Not saved. Please try again.';
}

/** The office corrects the child's name on a certificate: reissued under the same number, e-mailed again. */
export function CorrectNameDialog(props: {
  workshopId: string;
  certificate: CertificateOnRoster | null;
  onClose: () => void;
}) {
  const { certificate, onClose } = props;
  return (
    <Dialog
      isOpen={certificate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={certificate ? `Correct the name: ${certificate.number}` : 'Correct the name'}
    >
      {certificate && <CorrectNameForm key={certificate.number} {...props} certificate={certificate} />}
    </Dialog>
  );
}

export function CorrectNameForm({
  workshopId,
  certificate,
  onClose,
}: {
  workshopId: string;
  certificate: CertificateOnRoster;
  onClose: () => void;
}) {
  const [name, setName] = useState(certificate.name);
  const [error, setError] = useState<string | undefined>();
  const correct = useCorrectCertificateName(workshopId);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(undefined);
    correct.mutate(
      { number: certificate.number, name },
      {
        onSuccess: (done) => {
          toast(
            done.position === null
              ? { title: 'Nothing to correct', description: `${done.number} already reads ${done.participantName}.` }
              : {
                  title: 'Certificate reissued',
                  description: `${done.number} now reads ${done.participantName}; the family is e-mailed the corrected copy.`,
                },
          );
          onClose();
        },
        onError: (err) => setError(refusalFor(err, 'name')),
      },
    );
  };
  return (
    <Form onSubmit={submit} className="admin-form" aria-label={`Correct the name on ${certificate.number}`}>
      <TextField
        label="Name as it should read"
        description="The certificate keeps its number. The family is e-mailed the corrected copy, which replaces the earlier one."
        value={name}
        onChange={setName}
        errorMessage={error}
        isRequired
        autoFocus
      />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={correct.isPending}>
          {correct.isPending ? 'Reissuing…' : 'Reissue certificate'}
        </Button>
      </div>
    </Form>
  );
}

/** The office revokes a certificate with a reason: anyone who checks it reads "revoked" from then on. */
export function RevokeCertificateDialog(props: {
  workshopId: string;
  certificate: CertificateOnRoster | null;
  onClose: () => void;
}) {
  const { certificate, onClose } = props;
  return (
    <Dialog
      isOpen={certificate !== null}
      onOpenChange={(open) => !open && onClose()}
      title={certificate ? `Revoke ${certificate.number}` : 'Revoke the certificate'}
    >
      {certificate && <RevokeCertificateForm key={certificate.number} {...props} certificate={certificate} />}
    </Dialog>
  );
}

export function RevokeCertificateForm({
  workshopId,
  certificate,
  onClose,
}: {
  workshopId: string;
  certificate: CertificateOnRoster;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const revoke = useRevokeCertificate(workshopId);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(undefined);
    revoke.mutate(
      { number: certificate.number, reason },
      {
        onSuccess: () => {
          toast({
            title: 'Certificate revoked',
            description: `${certificate.number} now answers “revoked” when checked.`,
          });
          onClose();
        },
        onError: (err) => setError(refusalFor(err, 'reason')),
      },
    );
  };
  return (
    <Form onSubmit={submit} className="admin-form" aria-label={`Revoke ${certificate.number}`}>
      <p>
        {certificate.name}’s certificate {certificate.number} will answer “revoked” to anyone who checks it. This cannot
        be undone.
      </p>
      <TextField
        label="Reason"
        description="Kept with the certificate, e.g. issued to the wrong child."
        value={reason}
        onChange={setReason}
        errorMessage={error}
        isRequired
        autoFocus
      />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isDisabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking…' : 'Revoke certificate'}
        </Button>
      </div>
    </Form>
  );
}
