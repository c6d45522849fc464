import { Form } from 'react-aria-components';
import {
  AdminProgramInputSchema,
  EMPTY_PROGRAM_FORM,
  type AdminProgramValues,
} from '../../contracts/admin/catalogue-forms.js';
import type { Program } from '../../contracts/catalogue/program.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { useCatalogueForm } from './useCatalogueForm.js';

/** The form's values for a program being edited, or the empty form for a new one. */
const valuesOf = (p: Program | null): AdminProgramValues =>
  p
    ? { title: p.title, description: p.description, category: p.category, price: p.price, image: p.image ?? '' }
    : EMPTY_PROGRAM_FORM;

/** The specification's program form: create when `program` is null, edit otherwise. */
export function ProgramFormDialog({
  program,
  isOpen,
  onClose,
}: {
  program: Program | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={program ? 'Edit Program' : 'Add Program'}
    >
      {isOpen && <ProgramForm key={program?.id ?? 'new'} program={program} onClose={onClose} />}
    </Dialog>
  );
}

function ProgramForm({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const { field, write, submitWith, formRef } = useCatalogueForm(
    'program',
    valuesOf(program),
    AdminProgramInputSchema,
    onClose,
  );
  const submit = submitWith((body) =>
    program ? { action: 'update', id: program.id, body } : { action: 'create', body },
  );

  return (
    <Form
      ref={formRef}
      onSubmit={submit}
      validationBehavior="aria"
      className="admin-form"
      aria-label={program ? `Edit ${program.title}` : 'New program'}
    >
      <TextField label="Title" {...field('title')} isRequired autoFocus />
      <TextArea label="Description" {...field('description')} isRequired rows={3} />
      <div className="admin-form__row">
        <TextField label="Category" description="e.g. Children, Teens, Adult" {...field('category')} isRequired />
        <NumberField
          label="Price"
          {...field('price')}
          minValue={0}
          step={0.01}
          formatOptions={{ style: 'currency', currency: 'USD' }}
          isRequired
        />
      </div>
      <TextField
        label="Image"
        description="A site path such as /images/programs/manners-and-me.svg, or an https:// address"
        {...field('image')}
      />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={write.isPending}>
          {write.isPending ? 'Saving…' : program ? 'Save Program' : 'Create Program'}
        </Button>
      </div>
    </Form>
  );
}
