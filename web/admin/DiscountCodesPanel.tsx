import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DiscountCodeView } from '../../contracts/pricing/discount-codes.js';
import { formatUsd } from '../../contracts/enrollment/money.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day } from './adminFormat.js';
import { DiscountCodeDialog } from './DiscountCodeDialog.js';
import { useDeactivateDiscountCode } from './pricingWrites.js';

const offText = (c: DiscountCodeView) =>
  c.percentOff !== undefined ? `${c.percentOff}% off` : `${formatUsd(c.amountOffCents ?? 0)} off`;

const limits = (c: DiscountCodeView) =>
  [
    c.validFrom && `from ${day(c.validFrom)}`,
    c.validUntil && `until ${day(c.validUntil)}`,
    c.workshopIds && `workshops ${c.workshopIds.join(', ')}`,
    c.categories && c.categories.join(', '),
    c.minParticipants && `${c.minParticipants}+ participants`,
  ]
    .filter(Boolean)
    .join('; ') || 'Any workshop';

/** The school's discount codes, with how many uses count now; a code is deactivated, never deleted. */
export function DiscountCodesPanel() {
  const codes = useQuery({
    queryKey: queryKeys.adminDiscountCodes(),
    queryFn: adminQueryFn as () => Promise<DiscountCodeView[]>,
  });
  const [creating, setCreating] = useState(false);
  const deactivate = useDeactivateDiscountCode();

  return (
    <section aria-labelledby="codes-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="codes-heading" className="admin-section-title">
          Discount codes
        </h2>
        <Button onPress={() => setCreating(true)}>New code</Button>
      </div>
      {codes.isPending && <Spinner label="Loading discount codes…" showLabel />}
      {codes.isError && (
        <div role="alert" className="admin-error">
          <p>The discount codes could not be loaded.</p>
        </div>
      )}
      {codes.data && codes.data.length === 0 && <p>No discount codes yet.</p>}
      {codes.data && codes.data.length > 0 && (
        <Table aria-label="Discount codes">
          <TableHeader>
            <Column isRowHeader>Code</Column>
            <Column>Gives</Column>
            <Column>For</Column>
            <Column>Used</Column>
            <Column>Status</Column>
            <Column>
              <span className="sr-only">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={codes.data.map((c) => ({ ...c, id: c.code }))}>
            {(c) => (
              <Row id={c.code} textValue={c.code}>
                <Cell label="Code">
                  <strong>{c.code}</strong>
                </Cell>
                <Cell label="Gives">{offText(c)}</Cell>
                <Cell label="For">{limits(c)}</Cell>
                <Cell label="Used">
                  {c.redemptions}
                  {c.maxRedemptions !== undefined ? ` of ${c.maxRedemptions}` : ''}
                </Cell>
                <Cell label="Status">
                  <Badge variant={c.active ? 'success' : 'neutral'}>{c.active ? 'Active' : 'Deactivated'}</Badge>
                </Cell>
                <Cell label="Actions">
                  {c.active && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Deactivate ${c.code}`}
                      isDisabled={deactivate.isPending}
                      onPress={() =>
                        deactivate.mutate(c.code, {
                          onSuccess: () => toast({ title: `${c.code} deactivated` }),
                          onError: (err) =>
                            toast({
                              title: 'Not deactivated',
                              description: apiErrorText(err) ?? 'Please try again.',
                              variant: 'destructive',
                            }),
                        })
                      }
                    >
                      Deactivate
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <DiscountCodeDialog isOpen={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
