import { Badge } from '../components/Badge.js';
import type { SaleState } from './saleState.js';

export const LOW_SPOTS = 3;

/** Red when 3 or fewer places remain, green otherwise. */
export function SpotsBadge({ spotsLeft }: { spotsLeft: number }) {
  const text = spotsLeft === 0 ? 'Fully booked' : `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left`;
  return (
    <Badge variant={spotsLeft <= LOW_SPOTS ? 'danger' : 'success'} data-low={spotsLeft <= LOW_SPOTS || undefined}>
      {text}
    </Badge>
  );
}

/** A past or closed workshop says so (spots left would read as an invitation); otherwise the spots left. */
export function StatusBadge({ state, spotsLeft }: { state: SaleState; spotsLeft: number }) {
  if (state === 'past') return <Badge variant="neutral">Past event</Badge>;
  if (state === 'closed') return <Badge variant="neutral">Closed</Badge>;
  return <SpotsBadge spotsLeft={spotsLeft} />;
}
