import { useQuery } from '@tanstack/react-query';
import type { GiftCardView } from '../../contracts/gift-cards/api.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Badge } from '../components/Badge.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day } from './adminFormat.js';

const STATUS = {
  'awaiting-payment': { label: 'Awaiting payment', badge: 'neutral' },
  active: { label: 'Active', badge: 'success' },
  spent: { label: 'Spent', badge: 'navy' },
} as const;

const uses = (g: GiftCardView) => {
  const taken = g.redemptions.filter((r) => r.kind === 'reserved').length;
  const back = g.redemptions.filter((r) => r.kind !== 'reserved').length;
  return taken === 0 ? 'Not used' : `${taken} ${taken === 1 ? 'order' : 'orders'}${back ? `, ${back} given back` : ''}`;
};

/** Every gift card sold: amount, balance, who bought it for whom, when it was e-mailed and what it paid. Never its code. */
export function GiftCardsPanel() {
  const cards = useQuery({
    queryKey: queryKeys.adminGiftCards(),
    queryFn: adminQueryFn as () => Promise<GiftCardView[]>,
  });
  return (
    <section aria-labelledby="gift-cards-heading" className="catalogue-panel">
      <h2 id="gift-cards-heading" className="admin-section-title">
        Gift cards
      </h2>
      {cards.isPending && <Spinner label="Loading gift cards…" showLabel />}
      {cards.isError && (
        <div role="alert" className="admin-error">
          <p>The gift cards could not be loaded.</p>
        </div>
      )}
      {cards.data && cards.data.length === 0 && <p>No gift cards sold yet.</p>}
      {cards.data && cards.data.length > 0 && (
        <Table aria-label="Gift cards">
          <TableHeader>
            <Column isRowHeader>Card</Column>
            <Column>Amount</Column>
            <Column>Balance</Column>
            <Column>From, to</Column>
            <Column>E-mailed</Column>
            <Column>Used</Column>
            <Column>Status</Column>
          </TableHeader>
          <TableBody items={cards.data}>
            {(g) => (
              <Row id={g.id} textValue={`Card ending ${g.last4}`}>
                <Cell label="Card">…{g.last4}</Cell>
                <Cell label="Amount">{formatUsd(g.amountCents)}</Cell>
                <Cell label="Balance">{formatUsd(g.balanceCents)}</Cell>
                <Cell label="From, to">
                  {g.purchaserName} to {g.recipientName}
                </Cell>
                <Cell label="E-mailed">{g.emailSentAt ? day(g.emailSentAt) : `On ${g.sendOn}`}</Cell>
                <Cell label="Used">{uses(g)}</Cell>
                <Cell label="Status">
                  <Badge variant={STATUS[g.status].badge}>{STATUS[g.status].label}</Badge>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
