import { useState, type FormEvent } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { PARTICIPANTS_HINT } from '../../contracts/enrollment/form.js';
import {
  EMPTY_WAITLIST_FORM,
  JoinWaitlistRequestSchema,
  type JoinWaitlistResponse,
  type JoinWaitlistValues,
} from '../../contracts/waitlist/api.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { NumberField } from '../components/NumberField.js';
import { TextField } from '../components/TextField.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { useFormModel } from '../core/useFormModel.js';
import { joinWaitlist } from './api.js';
import './waitlist.css';

/**
 * The waitlist form of a full workshop, in a dialog: name, e-mail, phone and how many seats. On
 * success it says what the parent must do now (confirm from the e-mail: the place counts from
 * then) and what happens next; the server's refusals (seats open after all, the workshop began,
 * too many requests) are shown in the dialog in its own words.
 */
export function JoinWaitlistDialog({
  workshop,
  isOpen,
  onOpenChange,
}: {
  workshop: Workshop;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useFormModel<JoinWaitlistValues>({ initial: EMPTY_WAITLIST_FORM, keepErrorsUntilSubmit: true });
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ answer: JoinWaitlistResponse; email: string } | null>(null);

  const close = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      form.reset();
      setRefusal(null);
      setJoined(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = form.parse(JoinWaitlistRequestSchema);
    if (!parsed) return;
    setPending(true);
    try {
      setJoined({ answer: await joinWaitlist(workshop.id, parsed), email: parsed.email });
    } catch (err) {
      if (isApiError(err, 400) && form.showServerIssues(err)) return;
      setRefusal(apiErrorText(err) ?? 'We could not add you to the waitlist. Please try again in a moment.');
    } finally {
      setPending(false);
    }
  };

  const titleId = `waitlist-${workshop.id}-form`;
  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title="Join the Waitlist" className="waitlist-dialog">
      {joined ? (
        <div className="waitlist-dialog__done" role="status">
          <p className="waitlist-dialog__position">
            <strong>{joined.answer.message}</strong>
          </p>
          <p>
            Open the link in the e-mail we send to <strong>{joined.email}</strong> within{' '}
            {joined.answer.confirmWithinHours} hours: your place counts from the moment you confirm. If you are already
            on this waitlist, nothing changes.
          </p>
          <p>
            When seats open in {workshop.title} on {formatLongDate(workshop.date)}, we hold them for the first family on
            the list that fits and e-mail a link to enroll. The e-mails also let you leave the waitlist.
          </p>
          <Button onPress={() => close(false)}>Done</Button>
        </div>
      ) : (
        <form ref={form.formRef} onSubmit={(e) => void submit(e)} aria-labelledby={titleId} noValidate>
          <p id={titleId} className="waitlist-dialog__intro">
            {workshop.title} on {formatLongDate(workshop.date)} is full. Leave your details and we will e-mail you when
            seats open.
          </p>
          <div className="waitlist-dialog__grid">
            <TextField label="First name" isRequired autoComplete="given-name" {...form.field('firstName')} />
            <TextField label="Last name" isRequired autoComplete="family-name" {...form.field('lastName')} />
            <TextField label="Email" type="email" isRequired autoComplete="email" {...form.field('email')} />
            <TextField label="Phone" type="tel" isRequired autoComplete="tel" {...form.field('phone')} />
          </div>
          <NumberField
            label="Number of Participants"
            description={PARTICIPANTS_HINT}
            minValue={1}
            maxValue={5}
            isRequired
            {...form.field('participants')}
          />
          {refusal && (
            <p className="waitlist-dialog__refusal" role="alert">
              {refusal}
            </p>
          )}
          <div className="waitlist-dialog__actions">
            <Button variant="outline" onPress={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" isPending={pending}>
              {pending ? 'Joining…' : 'Join the Waitlist'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
