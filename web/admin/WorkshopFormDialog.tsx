import { Form } from 'react-aria-components';
import { AdminWorkshopInputSchema, type AdminWorkshopInput } from '../../contracts/admin/catalogue-forms.js';
import { WorkshopCategorySchema, type Workshop, type WorkshopCategory } from '../../contracts/catalogue/workshop.js';
import { ADDRESS_ONE_LINE } from '../../contracts/core/school.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { Select } from '../components/Select.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { schoolWallClock } from './adminFormat.js';
import { useCatalogueForm } from './useCatalogueForm.js';

const CATEGORY_LABELS: Record<WorkshopCategory, string> = {
  children: 'Children',
  teen: 'Teen',
  adult: 'Adult',
  business: 'Business',
  dining: 'Dining',
  summer: 'Summer camp',
  'tea-party': 'Tea party',
};
const CATEGORIES = WorkshopCategorySchema.options.map((id) => ({ id, label: CATEGORY_LABELS[id] }));

type Draft = Omit<AdminWorkshopInput, 'category' | 'spotsRemaining'> & { category: WorkshopCategory | '' };

const draftOf = (w: Workshop | null): Draft => ({
  title: w?.title ?? '',
  description: w?.description ?? '',
  category: w?.category ?? '',
  date: w ? schoolWallClock(w.date) : '',
  time: w?.time ?? '',
  location: w?.location ?? ADDRESS_ONE_LINE,
  price: w?.price ?? Number.NaN,
  capacity: w?.capacity ?? Number.NaN,
});

/** The specification's workshop form: create when `workshop` is null, edit otherwise. */
export function WorkshopFormDialog({ workshop, isOpen, onClose }: { workshop: Workshop | null; isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title={workshop ? 'Edit Workshop' : 'Add Workshop'} size="lg">
      {isOpen && <WorkshopForm key={workshop?.id ?? 'new'} workshop={workshop} onClose={onClose} />}
    </Dialog>
  );
}

function WorkshopForm({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const { draft, set, errors, write, submitWith } = useCatalogueForm('workshop', draftOf(workshop), AdminWorkshopInputSchema, onClose);
  const submit = submitWith((parsed: AdminWorkshopInput) => {
    // spotsRemaining is the specification's field; the server works it out from the seats taken.
    const body: AdminWorkshopInput = { ...parsed, spotsRemaining: workshop?.spotsLeft ?? parsed.capacity };
    write.mutate(workshop ? { action: 'update', id: workshop.id, body } : { action: 'create', body });
  });

  return (
    <Form onSubmit={submit} validationBehavior="aria" className="admin-form" aria-label={workshop ? `Edit ${workshop.title}` : 'New workshop'}>
      <TextField label="Title" value={draft.title} onChange={set('title')} errorMessage={errors.title} isRequired autoFocus />
      <TextArea label="Description" value={draft.description} onChange={set('description')} errorMessage={errors.description} isRequired rows={3} />
      <div className="admin-form__row">
        <Select
          label="Category"
          options={CATEGORIES}
          selectedKey={draft.category || null}
          onSelectionChange={(key) => set('category')(String(key) as WorkshopCategory)}
          errorMessage={errors.category && 'Category is required.'}
          isRequired
        />
        <TextField
          label="Date and time"
          type="datetime-local"
          description="School time (Plano, Texas)"
          value={draft.date}
          onChange={set('date')}
          errorMessage={errors.date}
          isRequired
        />
      </div>
      <div className="admin-form__row">
        <TextField label="Time" description="As shown on the schedule, e.g. 12:30 PM - 2:00 PM" value={draft.time} onChange={set('time')} errorMessage={errors.time} isRequired />
        <TextField label="Location" value={draft.location} onChange={set('location')} errorMessage={errors.location} isRequired />
      </div>
      <div className="admin-form__row">
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
        <NumberField
          label="Capacity"
          description={workshop ? `${workshop.seatsTaken} ${workshop.seatsTaken === 1 ? 'seat is' : 'seats are'} taken; capacity cannot go below that.` : undefined}
          value={draft.capacity}
          onChange={set('capacity')}
          minValue={1}
          step={1}
          errorMessage={errors.capacity}
          isRequired
        />
      </div>
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={write.isPending}>
          {write.isPending ? 'Saving…' : workshop ? 'Save Workshop' : 'Create Workshop'}
        </Button>
      </div>
    </Form>
  );
}
