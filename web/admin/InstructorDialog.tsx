import type { FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  InstructorInputSchema,
  type InstructorInput,
  type InstructorView,
} from '../../contracts/instructors/instructor.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { useSaveInstructor } from './instructorWrites.js';

type InstructorValues = { name: string; email: string; bio: string; photo: string };

/** Adds an instructor (`instructor` null) or changes one's name, e-mail, bio and photo. */
export function InstructorDialog({ instructor, onClose }: { instructor: InstructorView | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={instructor ? `Edit ${instructor.name}` : 'New instructor'}
    >
      <InstructorForm instructor={instructor} onClose={onClose} />
    </Dialog>
  );
}

function InstructorForm({ instructor, onClose }: { instructor: InstructorView | null; onClose: () => void }) {
  const form = useFormModel<InstructorValues>({
    initial: {
      name: instructor?.name ?? '',
      email: instructor?.email ?? '',
      bio: instructor?.bio ?? '',
      photo: instructor?.photo ?? '',
    },
    keepErrorsUntilSubmit: true,
  });
  const save = useSaveInstructor(instructor?.id ?? null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(InstructorInputSchema);
    if (!parsed) return;
    // A PUT without the pay rate clears it: the rate set on the reports' side is sent back as it is.
    const body: InstructorInput = instructor?.payRate ? { ...parsed, payRate: instructor.payRate } : parsed;
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: instructor ? 'Instructor saved' : 'Instructor added' });
        onClose();
      },
      onError: (err) => {
        if (!form.showServerIssues(err))
          toast({
            title: 'The instructor was not saved',
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
      aria-label={instructor ? 'Edit instructor' : 'New instructor'}
    >
      <TextField label="Name" {...form.field('name')} isRequired autoFocus autoComplete="off" />
      <TextField
        label="Email"
        type="email"
        description="Bookings of their lessons are sent here."
        {...form.field('email')}
        isRequired
        autoComplete="off"
      />
      <TextArea label="Bio" description="Shown to parents choosing an instructor." rows={4} {...form.field('bio')} />
      <TextField
        label="Photo"
        description="A site path (/images/...) or an https:// address."
        {...form.field('photo')}
      />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={save.isPending}>
          {save.isPending ? 'Saving…' : instructor ? 'Save instructor' : 'Add instructor'}
        </Button>
      </div>
    </Form>
  );
}
