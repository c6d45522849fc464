import { useState } from 'react';
import { correctionSchemaFor, type BookingView } from '../../contracts/booking/api.js';
import { withPhotographyRules } from '../../contracts/enrollment/form.js';
import type { ParticipantDetailValues } from '../../contracts/enrollment/participants.js';
import { Button } from '../components/Button.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { useFormModel } from '../core/useFormModel.js';
import { ParticipantFieldsets } from '../enrollment/ParticipantFields.js';
import { useBookingChanges } from './api.js';
import '../enrollment/EnrollPage.css';

type Values = { participantDetails: ParticipantDetailValues[] };

/**
 * Each participant's fieldset, as on the enroll form and checked by the same schemas; the server's
 * refusal reaches its field by name (`participantDetails.0.dietaryRestrictions`).
 */
export function EditParticipants({
  token,
  booking,
  skip,
  onClose,
}: {
  token: string;
  booking: BookingView;
  /** Participants whose place was cancelled: not shown, sent back as they are. */
  skip?: readonly number[];
  onClose: (saved: boolean) => void;
}) {
  const form = useFormModel<Values>({
    initial: { participantDetails: booking.participants.map((p) => ({ ...p })) },
    normalise: (v) => ({ participantDetails: v.participantDetails.map((p) => withPhotographyRules(p)) }),
  });
  const { correct } = useBookingChanges(token);
  const [refusal, setRefusal] = useState<string | undefined>();

  const save = () => {
    setRefusal(undefined);
    const parsed = form.parse(correctionSchemaFor(booking.item, booking.participants.length));
    if (!parsed) return;
    correct.mutate(
      { participantDetails: form.values.participantDetails },
      {
        onSuccess: () => {
          toast({ title: 'Your changes are saved', description: 'We will use these details at the workshop.' });
          onClose(true);
        },
        onError: (err) => {
          if (!form.showServerIssues(err))
            setRefusal(apiErrorText(err) ?? 'We could not save your changes. Please try again in a moment.');
        },
      },
    );
  };

  return (
    <form
      ref={form.formRef}
      className="enroll-form booking-edit"
      noValidate
      aria-label="Edit participant details"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {refusal && (
        <div className="enroll-form__refusal" role="alert">
          <p>{refusal}</p>
        </div>
      )}
      <ParticipantFieldsets form={form} strict={booking.strict} skip={skip} />
      <div className="button-row">
        <Button type="submit" isDisabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="ghost" onPress={() => onClose(false)}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}
