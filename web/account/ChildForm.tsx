import { useState, type FormEvent } from 'react';
import { ChildInputSchema, EMPTY_CHILD, type ChildValues } from '../../contracts/account/child.js';
import { withPhotographyRules } from '../../contracts/enrollment/fields.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { toast } from '../components/Toast.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { ChildFields } from './ChildFields.js';
import { useAccountWrites } from './api.js';

/**
 * A child's saved details in a dialog, checked by the enroll form's rules for each child (the
 * schema the server uses); the server's field messages land on their fields.
 */
export function ChildDialog({
  child,
  onClose,
}: {
  /** The child being edited, or null to add one. */
  child: (ChildValues & { id: string }) | null;
  onClose: () => void;
}) {
  const { addChild, updateChild } = useAccountWrites();
  const { id, ...values } = child ?? { id: null, ...EMPTY_CHILD };
  const form = useFormModel<ChildValues>({
    initial: values,
    normalise: withPhotographyRules,
    keepErrorsUntilSubmit: true,
  });
  const [saving, setSaving] = useState(false);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = form.parse(ChildInputSchema);
    if (!parsed) return;
    setSaving(true);
    try {
      if (id) await updateChild.mutateAsync({ id, body: parsed });
      else await addChild.mutateAsync(parsed);
      toast({ title: id ? 'Details saved' : `${parsed.name} added` });
      onClose();
    } catch (err) {
      setSaving(false);
      if (!(isApiError(err, 400) && form.showServerIssues(err)))
        toast({ title: 'Not saved', description: apiErrorText(err) ?? 'Please try again.', variant: 'destructive' });
    }
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={id ? `Edit ${child?.name}` : 'Add a child'}
      footer={
        <>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button onPress={() => void submit()} isPending={saving}>
            {id ? 'Save details' : 'Add child'}
          </Button>
        </>
      }
    >
      <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate className="account__form">
        <ChildFields form={form} />
        {/* Enter in a field sends the form. */}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
