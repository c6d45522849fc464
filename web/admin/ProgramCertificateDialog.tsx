import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgramCertificateRequest } from '../../contracts/certificates/api.js';
import type { Program } from '../../contracts/catalogue/program.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { Spinner } from '../components/Spinner.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';

/** A new program's certificate, as most of the school's read: the owner signs, one session earns it. */
export const NEW_CERTIFICATE: ProgramCertificateRequest = {
  title: 'Certificate of Completion',
  wording: '',
  signerName: '',
  minSessionsPresent: 1,
};

/**
 * A program's certificate of completion (issue 40): its title, what it says, who signs it and how
 * many sessions a child must attend (make-ups count). Read from and saved to
 * `/api/admin/programs/:id/certificate`; the server's refusal (400 naming the field) is shown as it says.
 */
export function ProgramCertificateDialog({ program, onClose }: { program: Program | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={program !== null}
      onOpenChange={(open) => !open && onClose()}
      title={program ? `Certificate: ${program.title}` : 'Certificate'}
    >
      {program && <CertificateLoader key={program.id} program={program} onClose={onClose} />}
    </Dialog>
  );
}

function CertificateLoader({ program, onClose }: { program: Program; onClose: () => void }) {
  const current = useQuery({
    queryKey: queryKeys.adminProgramCertificate(program.id),
    queryFn: adminQueryFn as () => Promise<ProgramCertificateRequest | null>,
  });
  if (current.isPending) return <Spinner label="Loading the certificate…" showLabel />;
  if (current.isError)
    return (
      <p role="alert" className="admin-error">
        {apiErrorText(current.error) ?? 'The certificate could not be loaded.'}
      </p>
    );
  return <CertificateForm program={program} initial={current.data ?? NEW_CERTIFICATE} onClose={onClose} />;
}

export function CertificateForm({
  program,
  initial,
  onClose,
}: {
  program: Program;
  initial: ProgramCertificateRequest;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ProgramCertificateRequest) =>
      adminJson('PUT', `/api/admin/programs/${encodeURIComponent(program.id)}/certificate`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminProgramCertificate(program.id) });
      toast({ title: 'Certificate saved', description: `${program.title}: certificates issued from now read so.` });
      onClose();
    },
  });
  const set = <K extends keyof ProgramCertificateRequest>(key: K) => ({
    value: values[key],
    onChange: (value: ProgramCertificateRequest[K]) => setValues((v) => ({ ...v, [key]: value })),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate(values);
  };

  return (
    <Form onSubmit={submit} className="admin-form" aria-label={`Certificate of ${program.title}`}>
      <TextField label="Title" {...set('title')} isRequired autoFocus />
      <TextArea
        label="Wording"
        description="What the certificate says after the child's name, e.g. has completed Manners & Me"
        {...set('wording')}
        isRequired
        rows={3}
      />
      <div className="admin-form__row">
        <TextField label="Signed by" {...set('signerName')} isRequired />
        <NumberField
          label="Sessions attended to earn it"
          description="Make-up sessions count"
          {...set('minSessionsPresent')}
          minValue={1}
          maxValue={100}
          step={1}
          isRequired
        />
      </div>
      {save.isError && (
        <p role="alert" className="admin-error">
          {apiErrorText(save.error) ?? 'The certificate could not be saved. Please try again.'}
        </p>
      )}
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save certificate'}
        </Button>
      </div>
    </Form>
  );
}
