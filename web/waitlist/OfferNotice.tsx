import { useEffect, useRef } from 'react';
import type { WaitlistOfferView } from '../../contracts/waitlist/api.js';
import { formatLongDate, formatTime } from '../core/format.js';
import { useWaitlistOffer } from './api.js';
import './waitlist.css';

/**
 * On the enroll page opened from an offer e-mail: whether the seats are still held for this parent,
 * and until when (in the school's time zone). What the parent gave when joining is handed to the
 * form once (`onPrefill`), read from the offer behind its token, never from the address.
 */
export function OfferNotice({
  workshopId,
  token,
  onPrefill,
}: {
  workshopId: string;
  token: string;
  onPrefill?: (prefill: WaitlistOfferView['prefill']) => void;
}) {
  const offer = useWaitlistOffer(workshopId, token);
  const prefilled = useRef(false);
  const data = offer.status === 'success' ? offer.data : undefined;
  useEffect(() => {
    if (!data?.prefill || prefilled.current) return;
    prefilled.current = true;
    onPrefill?.(data.prefill);
  }, [data, onPrefill]);
  if (offer.status === 'pending') return null;
  if (offer.status === 'error') {
    return (
      <div className="offer-notice" role="status">
        <p>
          This waitlist offer is no longer open: it was used, it expired, or you left the waitlist. You can still enroll
          if seats are free.
        </p>
      </div>
    );
  }
  const { seats, expiresAt, firstName } = offer.data;
  return (
    <div className="offer-notice" role="status">
      <p>
        <strong>
          {firstName}, {seats === 1 ? 'a seat is' : `${seats} seats are`} held for you
        </strong>{' '}
        until {formatTime(expiresAt)} on {formatLongDate(expiresAt)} (Central Time). Enroll below to take{' '}
        {seats === 1 ? 'it' : 'them'}.
      </p>
    </div>
  );
}
