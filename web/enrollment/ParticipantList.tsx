import type { ReactNode } from 'react';
import type { LeftParticipant } from '../../contracts/enrollment/left-participants.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { participantFacts, participantName, type ParticipantDetail } from '../../contracts/enrollment/participants.js';
import { formatLongDate } from '../core/format.js';
import './ParticipantList.css';

/**
 * Every participant in order with what is known of them (age, grade, school, dietary restrictions,
 * photography in the stricter categories; a saved child's medical notes beside the allergies), worded
 * as on the receipt. Shown on the order
 * confirmation and in the administrator's view of an enrollment. A participant who gave up their
 * place (`left`) is listed as such, with what was refunded for it; `action` adds a control to each
 * one still coming (cancel that place).
 */
export function ParticipantList({
  details,
  strict,
  contactName,
  label = 'Participants',
  left = [],
  action,
}: {
  details: readonly ParticipantDetail[];
  strict: boolean;
  contactName: string;
  label?: string;
  left?: readonly LeftParticipant[];
  action?: (index: number, name: string) => ReactNode;
}) {
  return (
    <ol className="participant-list" aria-label={label}>
      {details.map((p, i) => {
        const gone = left.find((l) => l.participant === i);
        const facts = gone ? [] : participantFacts(p, strict, { medical: true });
        const name = participantName(p, i, contactName);
        return (
          <li
            key={i}
            className={gone ? 'participant-list__item participant-list__item--left' : 'participant-list__item'}
          >
            <span className="participant-list__name">{name}</span>
            {gone && (
              <p className="participant-list__left">
                {gone.to ? `Moved to ${gone.to.title} on ` : 'Place cancelled on '}
                {formatLongDate(gone.at)}
                {gone.refundCents > 0 ? `, ${formatUsd(gone.refundCents)} refunded` : ''}.
              </p>
            )}
            {!gone && action?.(i, name)}
            {facts.length > 0 && (
              <dl className="participant-list__facts">
                {facts.map((f) => (
                  <div key={f.label}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
