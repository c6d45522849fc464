import { useState, type FormEvent } from 'react';
import type { AccountParent } from '../../contracts/account/api.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { useAccountWrites } from './api.js';

/** The parents who sign in to this family page; the second is invited by address, and either can remove the other. */
export function ParentsSection({ parents }: { parents: AccountParent[] }) {
  const { invite, removeParent } = useAccountWrites();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email.trim(), {
      onSuccess: () => {
        setEmail('');
        setError(undefined);
        toast({
          title: 'Invitation sent',
          description: 'We e-mailed them a link: they share this page once they press “Join” there, within 7 days.',
        });
      },
      onError: (err) => setError(apiErrorIssues(err).email ?? apiErrorText(err) ?? 'Please try again.'),
    });
  };
  return (
    <Card as="section" aria-labelledby="parents-title" className="account__section">
      <h2 id="parents-title">Parents</h2>
      <ul className="account__list">
        {parents.map((p) => (
          <li key={p.parentId} className="account__row">
            <span>
              {p.email} {p.you && <Badge variant="navy">you</Badge>}{' '}
              {p.status === 'invited' && <Badge variant="outline">invited</Badge>}
              {p.invitationEndsAt && (
                <span className="account__muted account__invitation-end">
                  {Date.parse(p.invitationEndsAt) > Date.now()
                    ? `until ${formatLongDate(p.invitationEndsAt)}`
                    : 'invitation ended: remove it, or invite again'}
                </span>
              )}
            </span>
            {!p.you && (
              <Button
                variant="ghost"
                size="sm"
                onPress={() =>
                  removeParent.mutate(p.parentId, {
                    onError: (err) =>
                      toast({
                        title: 'Not removed',
                        description: apiErrorText(err) ?? 'Please try again.',
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Remove<span className="sr-only"> {p.email}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {parents.length < 2 && (
        <form onSubmit={submit} noValidate className="account__form account__inline-form">
          <TextField
            label="Invite the second parent (their e-mail)"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="off"
            errorMessage={error}
          />
          <Button type="submit" variant="outline" isPending={invite.isPending}>
            Send invitation
          </Button>
        </form>
      )}
    </Card>
  );
}
