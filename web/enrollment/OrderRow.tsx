/**
 * One label and value of the order confirmation's lists. A fact the school left blank (a workshop
 * saved without an instructor or a duration) is left out, as the cards, e-mails and receipts do,
 * rather than shown as a label with nothing after it.
 */
export function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  if (!value.trim()) return null;
  return (
    <div className={strong ? 'confirm__row confirm__row--strong' : 'confirm__row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
