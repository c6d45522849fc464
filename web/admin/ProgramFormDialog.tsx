import { Form } from 'react-aria-components';
import { AdminProgramInputSchema, type AdminProgramInput } from '../../contracts/admin/catalogue-forms.js';
import type { Program } from '../../contracts/catalogue/program.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { useCatalogueForm } from './useCatalogueForm.js';

type Draft = { title: string; description: string; category: string; price: number; image: string };

const draftOf = (p: Program | null): Draft => ({
  title: p?.title ?? '',
  description: p?.description ?? '',
  category: p?.category ?? '',
  price: p?.price ?? Number.NaN,
  image: p?.image ?? '',
});

/** The specification's program form: create when `program` is null, edit otherwise. */
export function ProgramFormDialog({ program, isOpen, onClose }: { program: Program | null; isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={program ? 'Edit Program' : 'Add Program'}>
      {isOpen && <ProgramForm key={program?.id ?? 'new'} program={program} onClose={onClose} />}
    </Dialog>
  );
}

function ProgramForm({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const { draft, set, errors, write, submitWith } = useCatalogueForm('program', draftOf(program), AdminProgramInputSchema, onClose);
  const submit = submitWith((body: AdminProgramInput) => write.mutate(program ? { action: 'update', id: program.id, body } : { action: 'create', body }));

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="admin-form" aria-label={program ? `Edit ${program.title}` : 'New program'}>
      <TextField label="Title" value={draft.title} onChange={set('title')} errorMessage={errors.title} isRequired autoFocus />
      <TextArea label="Description" value={draft.description} onChange={set('description')} errorMessage={errors.description} isRequired rows={3} />
      <div className="admin-form__row">
        <TextField label="Category" description="e.g. Children, Teens, Adult" value={draft.category} onChange={set('category')} errorMessage={errors.category} isRequired />
        <NumberField
          label="Price"
          value={draft.price}
          onChange={set('price')}
          minValue={0}
          step={0.01}
          formatOptions={{ style: 'currency', currency: 'USD' }}
          errorMessage={errors.price}
          isRequired
        />
      </div>
      <TextField label="Image" description="A site path such as /images/programs/manners-and-me.svg, or an https:// address" value={draft.image} onChange={set('image')} errorMessage={errors.image} />
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
