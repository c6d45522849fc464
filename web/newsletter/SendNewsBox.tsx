import { NEWSLETTER_CONSENT_WORDING } from '../../contracts/newsletter/events.js';
import { Checkbox } from '../components/Checkbox.js';

/** The enroll form's unticked box: the consent's own words, and what follows if it is ticked. */
export function SendNewsBox({ isSelected, onChange }: { isSelected: boolean; onChange(selected: boolean): void }) {
  return (
    <Checkbox
      isSelected={isSelected}
      onChange={onChange}
      description="A few e-mails a term. We ask you to confirm by e-mail first; each one has a one-click unsubscribe."
    >
      {NEWSLETTER_CONSENT_WORDING}
    </Checkbox>
  );
}
