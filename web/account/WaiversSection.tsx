import { useState, type FormEvent } from 'react';
import type { AccountView } from '../../contracts/account/api.js';
import { waiverVersionLabel } from '../../contracts/policies/waivers.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Checkbox } from '../components/Checkbox.js';
import { Link } from '../components/Link.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { useAccountWrites } from './api.js';

/**
 * The documents signed for each child, with their dates, and a signature for the children whose
 * documents are not signed for this school year (or whose document has a new version).
 */
export function WaiversSection({ account }: { account: AccountView }) {
  const missing = account.children.filter((c) => c.waivers.some((w) => !w.current));
  return (
    <Card as="section" aria-labelledby="waivers-title" className="account__section">
      <h2 id="waivers-title">Signatures</h2>
      <p>
        For each child, once a school year:{' '}
        {account.documents.map((d, i) => (
          <span key={d.document}>
            {i > 0 && ' and '}
            <Link href={d.path} target="_blank">
              {d.title}
            </Link>{' '}
            ({waiverVersionLabel(d)})
          </span>
        ))}
        .
      </p>
      {missing.length > 0 && <SignForm account={account} childIds={missing.map((c) => c.id)} />}
      {account.signatures.length === 0 ? (
        <p className="account__muted">Nothing signed yet.</p>
      ) : (
        <ul className="account__list">
          {account.signatures.map((s, i) => (
            <li key={i} className="account__row">
              <span>
                <strong>{s.childName}</strong>: {s.title}, version {s.version}
              </span>
              <span className="account__muted">
                signed by {s.signedName} on {formatLongDate(s.signedAt)}
                {!s.current && ' (no longer current)'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function SignForm({ account, childIds }: { account: AccountView; childIds: string[] }) {
  const { signWaivers } = useAccountWrites();
  // Typed by whoever signs (either parent), never filled in for them: typing it is the signature.
  const [name, setName] = useState('');
  // Every child needing a signature is ticked, a child added since too; the parent unticks.
  const [unticked, setUnticked] = useState<string[]>([]);
  const chosen = childIds.filter((id) => !unticked.includes(id));
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const names = new Map(account.children.map((c) => [c.id, c.name]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (name.trim().length < 3) found.signedName = 'Please type your full name to sign.';
    if (!agree) found.agree = 'Please tick that you have read and agree to the documents.';
    if (chosen.length === 0) found.children = 'Choose at least one child to sign for.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signWaivers.mutate(
      { signatures: chosen.map((childId) => ({ childId, signedName: name })), agree },
      {
        onSuccess: () =>
          toast({ title: 'Signed', description: 'Thank you: the documents are signed for this school year.' }),
        onError: (err) => {
          const issues = apiErrorIssues(err);
          setErrors({ signedName: issues['signatures.0.signedName'] ?? apiErrorText(err) ?? 'Please try again.' });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="account__form account__sign">
      <fieldset className="account__subgroup">
        <legend className="field__label">Sign for</legend>
        {childIds.map((id) => (
          <Checkbox
            key={id}
            isSelected={chosen.includes(id)}
            onChange={(on) => setUnticked((now) => (on ? now.filter((x) => x !== id) : [...now, id]))}
          >
            {names.get(id)}
          </Checkbox>
        ))}
        {errors.children && <p className="field__error">{errors.children}</p>}
      </fieldset>
      <TextField
        label="Your full name (your signature)"
        value={name}
        onChange={setName}
        isRequired
        autoComplete="name"
        errorMessage={errors.signedName}
      />
      <Checkbox isSelected={agree} onChange={setAgree} isRequired errorMessage={errors.agree}>
        I have read and agree to the Code of Conduct and the Photography Release for these children
      </Checkbox>
      <Button type="submit" variant="secondary" isPending={signWaivers.isPending}>
        Sign
      </Button>
    </form>
  );
}
