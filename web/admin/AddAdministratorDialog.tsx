import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  AddAdministratorInputSchema,
  EMPTY_ADMINISTRATOR_FORM,
  type AddedAdministrator,
  type AddAdministratorValues,
} from '../../contracts/admin/administrators.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { useAddAdministrator } from './administratorWrites.js';
import { RolePicker } from './RolePicker.js';
import './administrators.css';

/** Name, e-mail and role; once added, the new key is shown this one time with a copy button. */
export function AddAdministratorDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [added, setAdded] = useState<AddedAdministrator | null>(null);
  const close = () => {
    // The key leaves the page's memory with the dialog.
    setAdded(null);
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={added ? `Key for ${added.name}` : 'Add administrator'}
    >
      {isOpen && (added ? <NewKey added={added} onDone={close} /> : <AddForm onAdded={setAdded} onClose={close} />)}
    </Dialog>
  );
}

function AddForm({ onAdded, onClose }: { onAdded: (a: AddedAdministrator) => void; onClose: () => void }) {
  const form = useFormModel<AddAdministratorValues>({ initial: EMPTY_ADMINISTRATOR_FORM, keepErrorsUntilSubmit: true });
  const add = useAddAdministrator();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.parse(AddAdministratorInputSchema);
    if (!body) return;
    add.mutate(body, {
      onSuccess: onAdded,
      onError: (err) => {
        if (!form.showServerIssues(err))
          toast({
            title: 'The administrator was not added',
            description: apiErrorText(err) ?? 'Please try again.',
            variant: 'destructive',
          });
      },
    });
  };
  return (
    <Form
      ref={form.formRef}
      onSubmit={submit}
      validationBehavior="aria"
      className="admin-form"
      aria-label="New administrator"
    >
      <TextField label="Name" {...form.field('name')} isRequired autoFocus autoComplete="off" />
      <TextField
        label="Email"
        type="email"
        description="Used to tell administrators apart; no e-mail is sent."
        {...form.field('email')}
        isRequired
        autoComplete="off"
      />
      <RolePicker {...form.field('role')} />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add administrator'}
        </Button>
      </div>
    </Form>
  );
}

function NewKey({ added, onDone }: { added: AddedAdministrator; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(added.key);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="new-key">
      <p className="new-key__warning" role="note">
        <strong>Copy this key now: it will not be shown again.</strong> Give it to {added.name} in person or through a
        password manager. If it is lost, revoke it and add the administrator again.
      </p>
      {/* A text area, so the whole key is in view on a phone too. */}
      <TextArea label="Admin key" value={added.key} isReadOnly rows={2} className="new-key__field" />
      <p className="new-key__status" aria-live="polite">
        {copied === 'yes' && 'Copied to the clipboard.'}
        {copied === 'failed' && 'The browser did not allow copying: select the key and copy it by hand.'}
      </p>
      <div className="admin-form__actions">
        <Button variant="outline" onPress={() => void copy()}>
          Copy key
        </Button>
        <Button onPress={onDone}>Done</Button>
      </div>
    </div>
  );
}
