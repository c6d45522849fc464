import { useState, type FormEvent } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import type { InvoiceCheckoutResponse } from '../../contracts/organizations/invoice-checkout.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { NumberField } from '../components/NumberField.js';
import { TextField } from '../components/TextField.js';
import { apiErrorIssues, apiErrorText, apiJson } from '../core/api.js';
import './InvoiceCheckout.css';

const FIELDS = [
  ['name', 'Organization name', 'organization'],
  ['contactName', 'Contact name', 'name'],
  ['contactEmail', 'Contact email', 'email'],
  ['contactPhone', 'Contact phone (optional)', 'tel'],
  ['billingAddress.line1', 'Address line 1', 'address-line1'],
  ['billingAddress.line2', 'Address line 2 (optional)', 'address-line2'],
  ['billingAddress.city', 'City', 'address-level2'],
  ['billingAddress.state', 'State', 'address-level1'],
  ['billingAddress.postalCode', 'Postal code', 'postal-code'],
  ['billingAddress.country', 'Country', 'country-name'],
  ['taxId', 'Tax id (optional)', 'off'],
  ['poNumber', 'PO number (optional)', 'off'],
] as const;
type Key = (typeof FIELDS)[number][0];

/** The request as the API takes it, from the form's flat values. */
function requestOf(seats: number, v: Record<Key, string>) {
  const address = (k: string) => v[`billingAddress.${k}` as Key].trim();
  return {
    seats,
    organization: {
      name: v.name,
      contactName: v.contactName,
      contactEmail: v.contactEmail,
      contactPhone: v.contactPhone,
      billingAddress: {
        line1: address('line1'),
        line2: address('line2'),
        city: address('city'),
        state: address('state'),
        postalCode: address('postalCode'),
        country: address('country'),
      },
      taxId: v.taxId,
    },
    poNumber: v.poNumber,
  };
}

/**
 * "Booking for your organization? Get an invoice" on the enroll page of a workshop that allows it
 * (issue 39 item 6): the organization's details, the seats (from the workshop's minimum up to the
 * seats left) and an optional PO number; the invoice is issued at once and its page opens.
 */
export function InvoiceCheckout({ workshop }: { workshop: Workshop }) {
  const minSeats = workshop.invoiceCheckout?.minSeats ?? 0;
  const [open, setOpen] = useState(false);
  const [seats, setSeats] = useState(minSeats);
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(FIELDS.map(([k]) => [k, k === 'billingAddress.country' ? 'US' : ''])) as Record<Key, string>,
  );
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!workshop.invoiceCheckout || workshop.spotsLeft < minSeats) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSending(true);
    setProblem(null);
    setIssues({});
    try {
      const url = `/api/workshops/${encodeURIComponent(workshop.id)}/invoice-checkout`;
      const issued = await apiJson<InvoiceCheckoutResponse>('POST', url, requestOf(seats, values));
      window.location.assign(issued.invoicePath);
    } catch (err) {
      setIssues(apiErrorIssues(err));
      setProblem(apiErrorText(err) ?? 'We could not issue the invoice just now. Please try again in a moment.');
      setSending(false);
    }
  };

  return (
    <Card as="section" aria-labelledby="invoice-checkout-title">
      <h2 id="invoice-checkout-title">Booking for your organization?</h2>
      <p>
        {`Book ${minSeats} to ${workshop.spotsLeft} seats and get an invoice with net 30 terms instead of paying by card. `}
        Your coordinator names the attendees later.
      </p>
      {!open ? (
        <Button variant="secondary" onPress={() => setOpen(true)}>
          Get an invoice
        </Button>
      ) : (
        <form className="invoice-checkout__form" onSubmit={(e) => void submit(e)} noValidate>
          <NumberField
            label="Seats"
            name="seats"
            value={seats}
            onChange={setSeats}
            minValue={minSeats}
            maxValue={workshop.spotsLeft}
            step={1}
            isRequired
            errorMessage={issues.seats}
          />
          {FIELDS.map(([key, label, autoComplete]) => (
            <TextField
              key={key}
              label={label}
              name={key}
              value={values[key]}
              onChange={(v) => setValues((old) => ({ ...old, [key]: v }))}
              autoComplete={autoComplete}
              isRequired={!label.endsWith('(optional)')}
              errorMessage={issues[key === 'poNumber' ? key : `organization.${key}`]}
            />
          ))}
          {problem && (
            <p role="alert" className="invoice-checkout__error">
              {problem}
            </p>
          )}
          <Button type="submit" isPending={sending}>
            Issue the invoice
          </Button>
        </form>
      )}
    </Card>
  );
}
