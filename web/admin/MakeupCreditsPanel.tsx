import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnrollmentCredits } from '../../contracts/courses/api.js';
import type { ParticipantDetail } from '../../contracts/enrollment/participants.js';
import { participantName } from '../../contracts/enrollment/participants.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';
import { longDate } from './rosterFormat.js';

const STATUS_WORD = { available: 'available', booked: 'booked', expired: 'expired', voided: 'voided' } as const;

/**
 * An enrollment's make-up credits for the office: each child's credits (from an absence, or granted
 * by the school with who granted it), the absences reported, and a credit granted to one child.
 */
export function MakeupCreditsPanel({
  enrollmentId,
  participants,
  contactName,
}: {
  enrollmentId: string;
  participants: ParticipantDetail[];
  contactName: string;
}) {
  const client = useQueryClient();
  const key = queryKeys.adminMakeupCredits(enrollmentId);
  const credits = useQuery({ queryKey: key, queryFn: adminQueryFn as () => Promise<EnrollmentCredits> });
  const [child, setChild] = useState('0');
  const grant = useMutation({
    mutationFn: () =>
      adminJson<{ creditId: string }>(
        'POST',
        `/api/admin/enrollments/${encodeURIComponent(enrollmentId)}/makeup-credits`,
        { participant: Number(child) },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const names = participants.map((p, i) => participantName(p, i, contactName));
  const nameOf = (i: number) => names[i] ?? `Participant ${i + 1}`;
  return (
    <section aria-labelledby={`credits-${enrollmentId}`}>
      <h3 id={`credits-${enrollmentId}`} className="history__title">
        Make-up credits
      </h3>
      {credits.data && credits.data.credits.length === 0 && <p>No make-up credits.</p>}
      {credits.data && credits.data.credits.length > 0 && (
        <ul className="history__refunds">
          {credits.data.credits.map((c) => (
            <li key={c.creditId} className="history__refund">
              <span>
                {nameOf(c.participant)}:{' '}
                {c.from ? `missed session ${c.from.session}` : `granted by ${c.grantedBy ?? 'the school'}`}, valid until{' '}
                {longDate(c.validUntil)}
                {c.booking ? `; booked into ${c.booking.title}, session ${c.booking.session}` : ''}
              </span>
              <Badge variant={c.status === 'available' ? 'success' : 'neutral'}>{STATUS_WORD[c.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-form__row"
        onSubmit={(e) => {
          e.preventDefault();
          grant.mutate();
        }}
      >
        {names.length > 1 && (
          <Select
            label="Child"
            options={names.map((n, i) => ({ id: String(i), label: n }))}
            selectedKey={child}
            onSelectionChange={(k) => setChild(String(k))}
          />
        )}
        <Button type="submit" variant="outline" size="sm" isDisabled={grant.isPending}>
          {grant.isPending ? 'Granting…' : `Grant a make-up credit${names.length === 1 ? ` to ${nameOf(0)}` : ''}`}
        </Button>
      </form>
      {grant.error && (
        <p role="alert" className="after-sale-form__error">
          {apiErrorText(grant.error) ?? 'The credit could not be granted. Please try again.'}
        </p>
      )}
    </section>
  );
}
