import { useState } from 'react';
import type { NewBookingLinkAnswer } from '../../contracts/booking/api.js';
import { Button } from '../components/Button.js';
import { apiErrorText, apiJson } from '../core/api.js';

/**
 * "Send me a new link": the booking's current link is e-mailed to the address the booking was made
 * with (never to whoever pressed); pressed with the current link, that link is replaced and stops
 * working. The server's words are shown in a live region.
 */
export function NewLinkButton({
  token,
  variant = 'outline',
  centered = false,
}: {
  token: string;
  variant?: 'primary' | 'outline';
  /** Under a centred heading (the replaced link's page). */
  centered?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState(false);
  const ask = async () => {
    setPending(true);
    try {
      const answer = await apiJson<NewBookingLinkAnswer>(
        'POST',
        `/api/bookings/${encodeURIComponent(token)}/new-link`,
        {},
      );
      setFailed(false);
      setSaid(answer.message);
    } catch (err) {
      setFailed(true);
      setSaid(apiErrorText(err) ?? 'We could not send a new link just now. Please try again in a moment.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={centered ? 'booking__new-link booking__new-link--centered' : 'booking__new-link'}>
      {!said || failed ? (
        <div className={centered ? 'button-row button-row--center' : 'button-row'}>
          <Button variant={variant} onPress={() => void ask()} isPending={pending}>
            Send me a new link
          </Button>
        </div>
      ) : null}
      <p role="status" className={failed ? 'booking__new-link-error' : 'booking__news'}>
        {said}
      </p>
    </div>
  );
}
