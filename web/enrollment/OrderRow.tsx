/** One label and value of the order confirmation's lists. */
export function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'confirm__row confirm__row--strong' : 'confirm__row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
