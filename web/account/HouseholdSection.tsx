import type { FormEvent } from 'react';
import type { AccountView } from '../../contracts/account/api.js';
import {
  HouseholdDetailsInputSchema,
  MAX_PICKUP_ADULTS,
  type HouseholdDetails,
  type HouseholdDetailsValues,
} from '../../contracts/account/household.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { useAccountWrites } from './api.js';

type TextName = Exclude<keyof HouseholdDetailsValues, 'pickupAdults'>;

/**
 * The household's own details, which every enrollment with saved children uses: the parent's name
 * and phone, the second parent, the two emergency contacts, and who may collect the children.
 */
export function HouseholdSection({
  details,
  starting = null,
}: {
  details: HouseholdDetails;
  /** While the family's details are blank: those a booking gave, to start from (saved only when saved). */
  starting?: AccountView['startingDetails'];
}) {
  const { saveHousehold } = useAccountWrites();
  const form = useFormModel<HouseholdDetailsValues>({ initial: starting?.details ?? details });
  const text = (
    name: TextName,
    label: string,
    o: { type?: 'tel' | 'email'; isRequired?: boolean; autoComplete?: string } = {},
  ) => (
    <TextField
      {...form.field(name)}
      label={label}
      type={o.type}
      isRequired={o.isRequired}
      autoComplete={o.autoComplete ?? 'off'}
    />
  );
  const adults = form.values.pickupAdults;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(HouseholdDetailsInputSchema);
    if (!parsed) return;
    saveHousehold.mutate(parsed, {
      onSuccess: () => toast({ title: 'Family details saved' }),
      onError: (err) => {
        if (!(isApiError(err, 400) && form.showServerIssues(err)))
          toast({ title: 'Not saved', description: apiErrorText(err) ?? 'Please try again.', variant: 'destructive' });
      },
    });
  };

  return (
    <Card as="section" aria-labelledby="household-title" className="account__section">
      <h2 id="household-title">Family details</h2>
      <p>Filled in for you at each enrollment; change them here and every upcoming class list follows.</p>
      {starting && (
        <p className="account__starting">
          Filled in from your booking of {starting.title}: check them, add who may collect the children, and save.
        </p>
      )}
      <form ref={form.formRef} onSubmit={submit} noValidate className="account__form">
        <fieldset className="account__subgroup">
          <legend className="field__label">You</legend>
          <div className="account__pair">
            {text('firstName', 'First name', { isRequired: true, autoComplete: 'given-name' })}
            {text('lastName', 'Last name', { isRequired: true, autoComplete: 'family-name' })}
          </div>
          {text('phone', 'Phone', { type: 'tel', isRequired: true, autoComplete: 'tel' })}
        </fieldset>
        <fieldset className="account__subgroup">
          <legend className="field__label">Second parent or guardian</legend>
          {text('parent2Name', 'Name')}
          <div className="account__pair">
            {text('parent2Email', 'E-mail', { type: 'email' })}
            {text('parent2Phone', 'Phone', { type: 'tel' })}
          </div>
        </fieldset>
        {([1, 2] as const).map((n) => (
          <fieldset key={n} className="account__subgroup">
            <legend className="field__label">Emergency contact {n}</legend>
            {text(`emergencyContact${n}Name`, 'Name')}
            <div className="account__pair">
              {text(`emergencyContact${n}Phone`, 'Phone', { type: 'tel' })}
              {text(`emergencyContact${n}Relationship`, 'Relationship')}
            </div>
          </fieldset>
        ))}
        <fieldset className="account__subgroup">
          <legend className="field__label">Who may collect the children</legend>
          <p className="field__description">
            Besides the parents above. The instructor checks this list at the end of each class.
          </p>
          {adults.map((_, i) => (
            <div key={i} className="account__adult">
              <TextField
                {...form.listField('pickupAdults', i, 'name')}
                label={`Adult ${i + 1}: name`}
                isRequired
                autoComplete="off"
              />
              <TextField
                {...form.listField('pickupAdults', i, 'relationship')}
                label="Relationship"
                autoComplete="off"
              />
              <TextField {...form.listField('pickupAdults', i, 'phone')} label="Phone" type="tel" autoComplete="off" />
              <Button
                variant="ghost"
                size="sm"
                onPress={() =>
                  form.set(
                    'pickupAdults',
                    adults.filter((__, j) => j !== i),
                  )
                }
              >
                Remove<span className="sr-only"> adult {i + 1}</span>
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            isDisabled={adults.length >= MAX_PICKUP_ADULTS}
            onPress={() => form.set('pickupAdults', [...adults, { name: '', relationship: '', phone: '' }])}
          >
            Add an adult
          </Button>
        </fieldset>
        <Button type="submit" isPending={saveHousehold.isPending}>
          Save family details
        </Button>
      </form>
    </Card>
  );
}
