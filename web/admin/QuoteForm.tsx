import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '../../contracts/organizations/organization.js';
import type { QuoteRequest } from '../../contracts/organizations/quotes.js';
import { Button } from '../components/Button.js';
import { NumberField } from '../components/NumberField.js';
import { Select } from '../components/Select.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson } from './adminApi.js';

interface Line {
  kind: 'workshop' | 'service';
  workshopId: string;
  seats: number;
  description: string;
  dollars: number;
}
const BLANK: Line = { kind: 'workshop', workshopId: '', seats: 8, description: '', dollars: 0 };
const KINDS = [
  { id: 'workshop', label: 'Seats of a workshop' },
  { id: 'service', label: 'Description and amount (on site)' },
];
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

/**
 * The office's quote (issue 39, `POST /api/admin/quotes`, then `.../send`): an organization, its
 * lines (a workshop's seats, priced by the one pricing rule, or a description with an amount), the
 * payment terms, the last day it may be accepted and a note; saved and e-mailed to the contact.
 */
export function QuoteForm({ organizations, onSent }: { organizations: OrganizationSummary[]; onSent(): void }) {
  const workshops = useQuery<{ id: string; title: string; date: string }[]>({ queryKey: queryKeys.workshops() });
  const [organizationId, setOrganizationId] = useState('');
  const [lines, setLines] = useState<Line[]>([BLANK]);
  const [terms, setTerms] = useState(30);
  const [validUntil, setValidUntil] = useState(inDays(30));
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; words: string } | null>(null);
  const change = (i: number, patch: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const send = async () => {
    setSaving(true);
    setOutcome(null);
    const body: QuoteRequest = {
      organizationId,
      lines: lines.map((l) =>
        l.kind === 'workshop'
          ? { workshopId: l.workshopId, seats: l.seats }
          : { description: l.description, amountCents: Math.round(l.dollars * 100) },
      ),
      paymentTermsDays: terms,
      validUntil,
      note,
    };
    try {
      const drafted = await adminJson<{ quoteId: string; number: string }>('POST', '/api/admin/quotes', body);
      await adminJson('POST', `/api/admin/quotes/${encodeURIComponent(drafted.quoteId)}/send`, {});
      const to = organizations.find((o) => o.id === organizationId);
      setOutcome({ ok: true, words: `Quote ${drafted.number} sent to ${to?.contactEmail ?? 'the contact'}.` });
      setLines([BLANK]);
      setNote('');
      onSent();
    } catch (err) {
      setOutcome({ ok: false, words: apiErrorText(err) ?? 'The quote could not be saved. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-labelledby="quote-form-heading"
      className="quote-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <h2 id="quote-form-heading" className="admin-section-title">
        New quote
      </h2>
      <Select
        label="Organization"
        isRequired
        options={organizations.map((o) => ({ id: o.id, label: o.name }))}
        selectedKey={organizationId || null}
        onSelectionChange={(key) => setOrganizationId(String(key))}
      />
      {lines.map((line, i) => (
        <fieldset key={i} className="quote-form__line">
          <legend>Line {i + 1}</legend>
          <Select
            label="Kind"
            options={KINDS}
            selectedKey={line.kind}
            onSelectionChange={(key) => change(i, { kind: String(key) as Line['kind'] })}
          />
          {line.kind === 'workshop' ? (
            <>
              <Select
                label="Workshop"
                isRequired
                options={(workshops.data ?? []).map((w) => ({
                  id: w.id,
                  label: `${w.title} (${w.date.slice(0, 10)})`,
                }))}
                selectedKey={line.workshopId || null}
                onSelectionChange={(key) => change(i, { workshopId: String(key) })}
              />
              <NumberField label="Seats" minValue={1} value={line.seats} onChange={(seats) => change(i, { seats })} />
            </>
          ) : (
            <>
              <TextField
                label="Description"
                isRequired
                value={line.description}
                onChange={(description) => change(i, { description })}
              />
              <NumberField
                label="Amount (USD)"
                minValue={0}
                formatOptions={{ style: 'currency', currency: 'USD' }}
                value={line.dollars}
                onChange={(dollars) => change(i, { dollars })}
              />
            </>
          )}
          {lines.length > 1 && (
            <Button variant="outline" size="sm" onPress={() => setLines(lines.filter((_, j) => j !== i))}>
              Remove line {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      <div className="button-row">
        <Button variant="outline" size="sm" onPress={() => setLines([...lines, BLANK])}>
          Add a line
        </Button>
      </div>
      <NumberField label="Payment terms (days)" minValue={0} maxValue={180} value={terms} onChange={setTerms} />
      <TextField label="Valid until" type="date" isRequired value={validUntil} onChange={setValidUntil} />
      <TextArea label="Note (optional)" value={note} onChange={setNote} />
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? undefined : 'admin-error'}>
          {outcome.words}
        </p>
      )}
      <div className="button-row">
        <Button type="submit" isPending={saving} isDisabled={!organizationId}>
          Save and send the quote
        </Button>
      </div>
    </form>
  );
}
