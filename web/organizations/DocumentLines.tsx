import { formatUsd } from '../../contracts/enrollment/money.js';
import type { QuoteLine } from '../../contracts/organizations/quotes.js';
import { formatLongDate } from '../core/format.js';

/** A quote's or an invoice's lines, subtotal, tax with its words, and total, as a table that reads on a phone. */
export function DocumentLines({
  lines,
  subtotalCents,
  taxCents,
  taxNote,
  totalCents,
}: {
  lines: QuoteLine[];
  subtotalCents: number;
  taxCents: number;
  taxNote: string;
  totalCents: number;
}) {
  return (
    <table className="org-doc__lines">
      <caption className="sr-only">Lines</caption>
      <thead>
        <tr>
          <th scope="col">Description</th>
          <th scope="col" className="org-doc__amount">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td>
              {line.kind === 'workshop' ? (
                <>
                  <strong>{line.title}</strong>
                  <span className="org-doc__detail">
                    {formatLongDate(line.date)}, {line.time}, {line.location}
                  </span>
                  <span className="org-doc__detail">{line.label}</span>
                </>
              ) : (
                <strong>{line.description}</strong>
              )}
            </td>
            <td className="org-doc__amount">{formatUsd(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Subtotal</th>
          <td className="org-doc__amount">{formatUsd(subtotalCents)}</td>
        </tr>
        <tr>
          <th scope="row">
            Tax
            <span className="org-doc__detail">{taxNote.replace(/^Tax: \$0\.00\.\s*/, '')}</span>
          </th>
          <td className="org-doc__amount">{formatUsd(taxCents)}</td>
        </tr>
        <tr className="org-doc__total">
          <th scope="row">Total</th>
          <td className="org-doc__amount">{formatUsd(totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
