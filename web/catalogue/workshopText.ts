import type { Workshop } from '../../contracts/catalogue/workshop.js';
import { formatMoney, formatTime } from '../core/format.js';

export function workshopPrice(w: Workshop): string {
  return w.price === 0 ? 'Free' : formatMoney(w.price);
}

/** The workshop's own time text when it has one ("12:30 PM - 2:00 PM"), else its start time. */
export function workshopTime(w: Workshop): string {
  return w.time.trim() || formatTime(w.date);
}
