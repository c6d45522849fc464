import { useEffect, useRef, useState } from 'react';
import type { Workshop } from '../../contracts/catalogue/workshop.js';
import {
  EMPTY_WORKSHOP_MESSAGE,
  MESSAGE_BODY_MAX,
  MESSAGE_SUBJECT_MAX,
  WorkshopMessageRequestSchema,
  type WorkshopMessageRequest,
} from '../../contracts/messages/api.js';
import type { MessageAudience } from '../../contracts/messages/events.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/toastQueue.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { day } from './adminFormat.js';
import { WorkshopMessageList } from './WorkshopMessageList.js';
import {
  AUDIENCE_LABELS,
  families,
  useRecipientCount,
  useSendMessage,
  useWorkshopMessages,
} from './workshopMessages.js';
import './workshop-messages.css';

type Review = { families: number } | null;

/** Field messages of the form as the API would give them, before anything is asked. */
function fieldErrors(values: WorkshopMessageRequest): Record<string, string> {
  const parsed = WorkshopMessageRequestSchema.safeParse(values);
  const out: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

/**
 * Writing to a workshop's families (a room change, a snow day) and the messages sent before. A
 * message is reviewed first: the server says how many families it reaches now ("Send to 12
 * families?"), then it is sent; each family gets one e-mail, and the list shows them leave.
 */
export function WorkshopMessagesDialog({ workshop, onClose }: { workshop: Workshop | null; onClose: () => void }) {
  const [values, setValues] = useState<WorkshopMessageRequest>(EMPTY_WORKSHOP_MESSAGE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<Review>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [minPosition, setMinPosition] = useState<string | null>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const countNow = useRecipientCount();
  const messages = useWorkshopMessages(workshop?.id ?? null, minPosition);
  const send = useSendMessage(workshop?.id ?? '', (accepted) => {
    toast({ title: `Message sent to ${families(accepted.families)}` });
    setValues(EMPTY_WORKSHOP_MESSAGE);
    setReview(null);
    setMinPosition(accepted.position);
  });

  useEffect(() => {
    if (review) confirmHeading.current?.focus();
  }, [review]);
  useEffect(() => {
    // A new workshop starts a new letter.
    setValues(EMPTY_WORKSHOP_MESSAGE);
    setErrors({});
    setReview(null);
    setProblem(null);
    setMinPosition(null);
    send.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workshop?.id]);

  const serverIssues = apiErrorIssues(send.error);
  const shown = { ...errors, ...serverIssues };
  const serverError = send.error && Object.keys(serverIssues).length === 0 ? apiErrorText(send.error) : undefined;
  const set = (change: Partial<WorkshopMessageRequest>) => {
    setValues((v) => ({ ...v, ...change }));
    setReview(null);
  };

  const reviewIt = async () => {
    if (!workshop) return;
    const found = fieldErrors(values);
    setErrors(found);
    send.reset();
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    setChecking(true);
    try {
      const count = await countNow(workshop.id, values.audience);
      if (count.families === 0)
        setProblem(
          values.audience === 'enrolled'
            ? 'No family has a confirmed booking or a make-up in this workshop yet, so there is no one to write to.'
            : 'No one is waiting on this workshop’s waitlist, so there is no one to write to.',
        );
      else setReview({ families: count.families });
    } catch (err) {
      setProblem(apiErrorText(err) ?? 'The number of families could not be counted. Please try again.');
    } finally {
      setChecking(false);
    }
  };

  const title = workshop ? `Messages: ${workshop.title}, ${day(workshop.date)}` : 'Messages';
  const footer = review ? (
    <>
      <Button variant="ghost" onPress={() => setReview(null)} isDisabled={send.isPending}>
        Back to editing
      </Button>
      <Button onPress={() => send.mutate(values)} isDisabled={send.isPending}>
        {send.isPending ? 'Sending…' : `Send to ${families(review.families)}`}
      </Button>
    </>
  ) : (
    <>
      <Button variant="ghost" onPress={onClose}>
        Close
      </Button>
      <Button onPress={() => void reviewIt()} isDisabled={checking}>
        {checking ? 'Counting families…' : 'Review message'}
      </Button>
    </>
  );

  return (
    <Dialog
      isOpen={Boolean(workshop)}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size="lg"
      footer={footer}
    >
      <div className="workshop-messages">
        <section aria-labelledby="message-write-heading" className="workshop-messages__write">
          <h3 id="message-write-heading" className="workshop-messages__heading">
            Write to families
          </h3>
          <p className="workshop-messages__note">
            Each family gets one e-mail with the workshop’s date, time and place: booked families with the link to their
            booking, the waitlist with the link to leave it.
          </p>
          <RadioGroup
            label="Send to"
            value={values.audience}
            onChange={(v) => set({ audience: v as MessageAudience })}
            errorMessage={shown.audience}
            orientation="horizontal"
          >
            <Radio value="enrolled">{AUDIENCE_LABELS.enrolled}</Radio>
            <Radio value="waitlist">{AUDIENCE_LABELS.waitlist}</Radio>
          </RadioGroup>
          <TextField
            label="Subject"
            value={values.subject}
            onChange={(subject) => set({ subject })}
            maxLength={MESSAGE_SUBJECT_MAX}
            isRequired
            errorMessage={shown.subject}
          />
          <TextArea
            label="Message"
            description={`Up to ${MESSAGE_BODY_MAX.toLocaleString('en-US')} characters. A blank line starts a new paragraph.`}
            value={values.body}
            onChange={(body) => set({ body })}
            rows={6}
            maxLength={MESSAGE_BODY_MAX}
            isRequired
            errorMessage={shown.body}
          />
          {problem && (
            <p role="alert" className="workshop-messages__error">
              {problem}
            </p>
          )}
          {review && (
            <div className="workshop-messages__confirm" role="group" aria-labelledby="message-confirm-heading">
              <h4 id="message-confirm-heading" ref={confirmHeading} tabIndex={-1}>
                Send to {families(review.families)}?
              </h4>
              <p>
                “{values.subject.trim()}” goes to {families(review.families)} (
                {values.audience === 'enrolled' ? 'every booked family' : 'everyone waiting on the waitlist'}), once
                each. It cannot be called back.
              </p>
            </div>
          )}
          {serverError && (
            <p role="alert" className="workshop-messages__error">
              {serverError}
            </p>
          )}
        </section>
        <WorkshopMessageList workshopTitle={workshop?.title ?? 'the workshop'} messages={messages} />
      </div>
    </Dialog>
  );
}
