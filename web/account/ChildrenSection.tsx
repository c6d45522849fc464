import { useState } from 'react';
import type { AccountChild, AccountView } from '../../contracts/account/api.js';
import { photographyChoice } from '../../contracts/enrollment/participants.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { formatBirthDate } from '../core/format.js';
import { useAccountWrites } from './api.js';
import { ChildDialog } from './ChildForm.js';

const MAX_CHILDREN = 12;

/** The children saved once: their details, the documents signed for them, and buttons to change them. */
export function ChildrenSection({ account }: { account: AccountView }) {
  const [editing, setEditing] = useState<AccountChild | 'new' | null>(null);
  const { removeChild } = useAccountWrites();
  const remove = (child: AccountChild) =>
    removeChild.mutate(child.id, {
      onSuccess: () =>
        toast({ title: `${child.name} removed`, description: 'Bookings already made keep their details.' }),
      onError: (err) =>
        toast({ title: 'Not removed', description: apiErrorText(err) ?? 'Please try again.', variant: 'destructive' }),
    });

  return (
    <Card as="section" aria-labelledby="children-title" className="account__section">
      <h2 id="children-title">Children</h2>
      {account.children.length === 0 && <p>Add your children once; each enrollment then takes two clicks.</p>}
      <ul className="account__children">
        {account.children.map((c) => (
          <li key={c.id} className="account__child">
            <h3 className="account__child-name">{c.name}</h3>
            <dl className="account__facts">
              <div>
                <dt>Age</dt>
                <dd>
                  {c.age === null || !c.dateOfBirth
                    ? 'Date of birth needed'
                    : `${c.age} (born ${formatBirthDate(c.dateOfBirth)})`}
                </dd>
              </div>
              <div>
                <dt>Grade, school</dt>
                <dd>{[c.grade, c.school].filter(Boolean).join(', ') || '-'}</dd>
              </div>
              <div>
                <dt>Allergies / diet</dt>
                <dd>{c.hasDietaryRestrictions ? c.dietaryRestrictions || 'Yes' : 'None'}</dd>
              </div>
              {c.medicalNotes && (
                <div>
                  <dt>Medical notes</dt>
                  <dd>{c.medicalNotes}</dd>
                </div>
              )}
              <div>
                <dt>Photography</dt>
                <dd>{photographyChoice(c)}</dd>
              </div>
              <div>
                <dt>Signed</dt>
                <dd className="account__badges">
                  {c.waivers.map((w) => (
                    <Badge key={w.document} variant={w.current ? 'success' : 'outline'}>
                      {w.title}: {w.current ? 'signed' : w.signedVersion ? 'new version to sign' : 'not signed'}
                    </Badge>
                  ))}
                </dd>
              </div>
            </dl>
            <div className="button-row">
              <Button variant="outline" size="sm" onPress={() => setEditing(c)}>
                Edit<span className="sr-only"> {c.name}</span>
              </Button>
              <Button variant="ghost" size="sm" onPress={() => remove(c)}>
                Remove<span className="sr-only"> {c.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        onPress={() => setEditing('new')}
        isDisabled={account.children.length >= MAX_CHILDREN}
      >
        Add a child
      </Button>
      {editing && (
        <ChildDialog
          child={
            editing === 'new'
              ? null
              : {
                  id: editing.id,
                  name: editing.name,
                  dateOfBirth: editing.dateOfBirth ?? '',
                  grade: editing.grade,
                  school: editing.school,
                  hasDietaryRestrictions: editing.hasDietaryRestrictions,
                  dietaryRestrictions: editing.dietaryRestrictions,
                  medicalNotes: editing.medicalNotes,
                  photographyConsent: editing.photographyConsent,
                  allowNameWithPhoto: editing.allowNameWithPhoto,
                  photographyOptOut: editing.photographyOptOut,
                }
          }
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
