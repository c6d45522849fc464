import type { UseQueryResult } from '@tanstack/react-query';
import type { WorkshopMessageView } from '../../contracts/messages/api.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { moment } from './adminFormat.js';
import { AUDIENCE_LABELS, families } from './workshopMessages.js';

/** Where a message's e-mails stand, in a few words. */
function progress(m: WorkshopMessageView): string {
  const gone = m.sent + m.undeliverable;
  const base =
    gone < m.families ? `Sending: ${m.sent} of ${families(m.families)} e-mailed` : `Sent to ${families(m.sent)}`;
  return m.undeliverable > 0 ? `${base}; ${m.undeliverable} could not be e-mailed` : base;
}

/** The workshop's messages, newest first: what was written, to whom, by whom, when, and how many e-mails left. */
export function WorkshopMessageList({
  workshopTitle,
  messages,
}: {
  workshopTitle: string;
  messages: UseQueryResult<WorkshopMessageView[]>;
}) {
  return (
    <section aria-labelledby="message-list-heading" className="workshop-messages__list">
      <h3 id="message-list-heading" className="workshop-messages__heading">
        Sent messages
      </h3>
      {messages.isPending && <Spinner label="Loading the messages…" showLabel />}
      {messages.isError && (
        <div role="alert" className="workshop-messages__error">
          <p>The messages could not be loaded.</p>
          <Button variant="outline" size="sm" onPress={() => void messages.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {messages.data && messages.data.length === 0 && <p>No message has been sent about this workshop yet.</p>}
      {messages.data && messages.data.length > 0 && (
        <ol className="workshop-messages__items" aria-label={`Messages about ${workshopTitle}`}>
          {messages.data.map((m) => (
            <li key={m.id} className="workshop-messages__item">
              <div className="workshop-messages__item-head">
                <h4 className="workshop-messages__subject">{m.subject}</h4>
                <Badge variant="outline">{AUDIENCE_LABELS[m.audience]}</Badge>
              </div>
              <p className="workshop-messages__meta">
                By {m.sentBy}, <time dateTime={m.writtenAt}>{moment(m.writtenAt)}</time> · {progress(m)}
              </p>
              <p className="workshop-messages__body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
