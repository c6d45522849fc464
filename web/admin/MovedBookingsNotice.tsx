import { useQuery } from '@tanstack/react-query';
import type { WorkshopBookings } from '../../contracts/admin/catalogue-forms.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';

export type MovedField = 'date' | 'time' | 'location';

const WORDS: Record<MovedField, string> = { date: 'date', time: 'time', location: 'place' };
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "date", "date and time", "date, time and place". */
const listed = (moved: readonly MovedField[]) => {
  const words = moved.map((m) => WORDS[m]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
};

/** What saving does to the bookings, in the administrator's words; '' when it touches none. */
export function movedBookingsText(b: WorkshopBookings, moved: readonly MovedField[]): string {
  if (moved.length === 0 || b.bookings === 0) return '';
  const moves = `Saving this new ${listed(moved)} moves ${count(b.bookings, 'booking')} (${count(b.participants, 'participant')}) with it.`;
  const told =
    b.confirmed === 0
      ? 'None is confirmed yet, so no one is e-mailed now: unpaid bookings get the new details in their confirmation.'
      : `${b.confirmed === 1 ? 'The confirmed family is' : `Each of the ${b.confirmed} confirmed families is`} e-mailed the new details with a calendar update and their booking link.`;
  return `${moves} ${told}`;
}

/**
 * Shown in the workshop form while its date, time or place differs from the saved one: how many
 * bookings the change moves and who is e-mailed (GET /api/admin/workshops/:id/bookings). A live
 * region, so a screen reader hears it as the change is typed.
 */
export function MovedBookingsNotice({ workshopId, moved }: { workshopId: string; moved: readonly MovedField[] }) {
  const bookings = useQuery<WorkshopBookings>({
    queryKey: queryKeys.adminWorkshopBookings(workshopId),
    queryFn: adminQueryFn as () => Promise<WorkshopBookings>,
    staleTime: 0,
  });
  const text = bookings.data ? movedBookingsText(bookings.data, moved) : '';
  // The live region stays in the page (empty, taking no room) so that the text is announced when it comes.
  return (
    <div role="status" className="admin-form__moved">
      {text && <p className="admin-form__notice">{text}</p>}
    </div>
  );
}
