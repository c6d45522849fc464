import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-aria-components';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Spinner } from '../components/Spinner.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorText, isApiError } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { useFormModel } from '../core/useFormModel.js';
import { onForbidden } from './adminApi.js';
import { saveAdminKey, useAdminKey } from './adminKey.js';
import { fetchAdminSession } from './adminSession.js';

/**
 * Nothing of the admin area renders until the server has accepted the key: a stored key is checked
 * again on every visit, and a key typed in is checked before it is stored. The answer says who
 * holds it and in what role, which the screens read (useAdminSession) to show only what it may use.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const key = useAdminKey();
  const session = useQuery({
    queryKey: queryKeys.adminMe(),
    queryFn: () => fetchAdminSession(key),
    enabled: key !== '',
  });
  const { refetch } = session;
  // A 403 anywhere may mean the owner changed this key's role: read it again, and the screens follow.
  useEffect(() => onForbidden(() => void refetch()), [refetch]);

  if (key === '') return <KeyForm />;
  if (session.isPending) {
    return (
      <div className="admin-gate">
        <Spinner label="Checking your admin key…" showLabel />
      </div>
    );
  }
  if (session.isError && session.data === undefined) {
    return (
      <div className="admin-gate">
        <Card className="admin-gate__card" role="alert">
          <h1 className="admin-gate__title">Admin Access</h1>
          <p>{apiErrorText(session.error) ?? 'We could not reach the server to check your admin key.'}</p>
          <Button onPress={() => void session.refetch()}>Try again</Button>
        </Card>
      </div>
    );
  }
  return <>{children}</>;
}

function KeyForm() {
  const queryClient = useQueryClient();
  // The message stays while the administrator retypes the key, until the next try.
  const form = useFormModel({ initial: { adminKey: '' }, keepErrorsUntilSubmit: true });
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = form.values.adminKey.trim();
    if (!key) {
      form.showErrors({ adminKey: 'Admin Key Required' });
      toast({ title: 'Admin Key Required', description: 'Please enter your admin key.', variant: 'destructive' });
      return;
    }
    setChecking(true);
    form.showErrors({});
    try {
      const session = await fetchAdminSession(key);
      queryClient.setQueryData(queryKeys.adminMe(), session);
      saveAdminKey(key);
    } catch (err) {
      form.showErrors({
        adminKey: isApiError(err, 401)
          ? 'That admin key was not accepted. Please check your admin key and try again.'
          : (apiErrorText(err) ?? 'We could not reach the server. Please try again.'),
      });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="admin-gate">
      <Card className="admin-gate__card">
        <h1 className="admin-gate__title">Admin Access</h1>
        <p className="admin-gate__lead">Enter your admin key to manage enrollments, programs and workshops.</p>
        <Form ref={form.formRef} onSubmit={submit} validationBehavior="aria" className="admin-gate__form">
          <TextField
            label="Admin key"
            type="password"
            autoComplete="current-password"
            {...form.field('adminKey')}
            isRequired
            autoFocus
          />
          <Button type="submit" isDisabled={checking} fullWidth>
            {checking ? 'Checking…' : 'Access Dashboard'}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
