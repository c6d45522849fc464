import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdministratorSummary } from '../../contracts/admin/administrators.js';
import { ROLE_LABELS, type AssignableRole } from '../../contracts/admin/roles.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminQueryFn } from './adminApi.js';
import { day, moment } from './adminFormat.js';
import { AddAdministratorDialog } from './AddAdministratorDialog.js';
import { useChangeAdministratorRole, useRevokeAdministrator } from './administratorWrites.js';
import { RolePicker } from './RolePicker.js';
import './administrators.css';

/**
 * Settings (the owner's alone): who holds an admin key, and in what role. Each administrator has
 * their own key, named in the audit trail.
 */
export function AdministratorsPanel() {
  const admins = useQuery({
    queryKey: queryKeys.adminAdministrators(),
    queryFn: adminQueryFn as () => Promise<AdministratorSummary[]>,
  });
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<AdministratorSummary | null>(null);
  const [changing, setChanging] = useState<AdministratorSummary | null>(null);

  return (
    <section aria-labelledby="administrators-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="administrators-heading" className="admin-section-title">
          Administrators
        </h2>
        <Button onPress={() => setAdding(true)}>Add administrator</Button>
      </div>
      <p className="administrators__intro">
        Each administrator signs in with a key of their own, and the enrollment history names who did what. Managers use
        everything but this list; instructors see only the rosters and the day of the workshops that name them as
        instructor. The owner&apos;s key is the server&apos;s ADMIN_KEY setting, and the owner is sent an e-mail of
        every change here.
      </p>
      {admins.isPending && <Spinner label="Loading administrators…" showLabel />}
      {admins.isError && (
        <div role="alert" className="admin-error">
          <p>The administrators could not be loaded.</p>
          <Button variant="outline" onPress={() => void admins.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {admins.data && (
        <Table aria-label="Administrators" className="administrators-table">
          <TableHeader>
            <Column isRowHeader>Name</Column>
            <Column>Email</Column>
            <Column>Role</Column>
            <Column>Added</Column>
            <Column>Last used</Column>
            <Column>
              <span className="sr-only">Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={admins.data}>
            {(a) => (
              <Row id={a.id} textValue={a.name}>
                <Cell label="Name">
                  <span className="administrators__name">
                    {a.name} {a.owner && <Badge variant="navy">Server key</Badge>}
                  </span>
                </Cell>
                <Cell label="Email">
                  {a.email ? (
                    <span className="administrators__email">{a.email}</span>
                  ) : (
                    <span className="administrators__muted">Set by ADMIN_KEY</span>
                  )}
                </Cell>
                <Cell label="Role">{ROLE_LABELS[a.role]}</Cell>
                <Cell label="Added">{a.createdAt ? day(a.createdAt) : '—'}</Cell>
                <Cell label="Last used">{a.lastUsedAt ? moment(a.lastUsedAt) : 'Never'}</Cell>
                <Cell label="Actions">
                  {!a.owner && (
                    <span className="administrators__actions">
                      <Button
                        variant="outline"
                        size="sm"
                        onPress={() => setChanging(a)}
                        aria-label={`Change the role of ${a.name}`}
                      >
                        Change role
                      </Button>
                      <Button variant="danger" size="sm" onPress={() => setRevoking(a)} aria-label={`Revoke ${a.name}`}>
                        Revoke
                      </Button>
                    </span>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <AddAdministratorDialog isOpen={adding} onClose={() => setAdding(false)} />
      <RevokeDialog admin={revoking} onClose={() => setRevoking(null)} />
      <ChangeRoleDialog admin={changing} onClose={() => setChanging(null)} />
    </section>
  );
}

function RevokeDialog({ admin, onClose }: { admin: AdministratorSummary | null; onClose: () => void }) {
  const revoke = useRevokeAdministrator();
  const confirm = () =>
    admin &&
    revoke.mutate(admin.id, {
      onSuccess: () => {
        toast({ title: `${admin.name}'s key was revoked` });
        onClose();
      },
      onError: (err) =>
        toast({
          title: 'The key was not revoked',
          description: apiErrorText(err) ?? 'Please try again.',
          variant: 'destructive',
        }),
    });
  return (
    <Dialog
      isOpen={admin !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Revoke key?"
      footer={
        <>
          <Button variant="ghost" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onPress={confirm} isDisabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking…' : 'Revoke'}
          </Button>
        </>
      }
    >
      <p>
        Revoke the key of {admin?.name} ({admin?.email})? It stops working at once, everywhere. Their past actions stay
        in the history under their name.
      </p>
    </Dialog>
  );
}

function ChangeRoleDialog({ admin, onClose }: { admin: AdministratorSummary | null; onClose: () => void }) {
  return (
    <Dialog
      isOpen={admin !== null}
      onOpenChange={(open) => !open && onClose()}
      title={admin ? `Role of ${admin.name}` : 'Role'}
    >
      {admin && admin.role !== 'owner' && <ChangeRoleForm admin={admin} current={admin.role} onClose={onClose} />}
    </Dialog>
  );
}

function ChangeRoleForm({
  admin,
  current,
  onClose,
}: {
  admin: AdministratorSummary;
  current: AssignableRole;
  onClose: () => void;
}) {
  const [role, setRole] = useState<AssignableRole>(current);
  const change = useChangeAdministratorRole();
  const save = () =>
    change.mutate(
      { id: admin.id, role },
      {
        onSuccess: () => {
          toast({ title: `${admin.name} is now ${role === 'instructor' ? 'an instructor' : 'a manager'}` });
          onClose();
        },
        onError: (err) =>
          toast({
            title: 'The role was not changed',
            description: apiErrorText(err) ?? 'Please try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="admin-form">
      <p>The new role applies from {admin.name}&apos;s next click, on every device; their key stays the same.</p>
      <RolePicker value={role} onChange={setRole} />
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={save} isDisabled={change.isPending || role === current}>
          {change.isPending ? 'Saving…' : 'Save role'}
        </Button>
      </div>
    </div>
  );
}
