import { participantFacts, participantName, type ParticipantDetail } from '../../contracts/enrollment/participants.js';
import './ParticipantList.css';

/**
 * Every participant in order with what is known of them (age, grade, school, dietary restrictions,
 * photography in the stricter categories), worded as on the receipt. Shown on the order
 * confirmation and in the administrator's view of an enrollment.
 */
export function ParticipantList({
  details,
  strict,
  contactName,
  label = 'Participants',
}: {
  details: readonly ParticipantDetail[];
  strict: boolean;
  contactName: string;
  label?: string;
}) {
  return (
    <ol className="participant-list" aria-label={label}>
      {details.map((p, i) => {
        const facts = participantFacts(p, strict);
        return (
          <li key={i} className="participant-list__item">
            <span className="participant-list__name">{participantName(p, i, contactName)}</span>
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
