import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ROLE_ALLOWANCE, ROLE_LABELS, type AdminArea } from '../../contracts/admin/roles.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { forgetAdminData } from './adminApi.js';
import { clearAdminKey } from './adminKey.js';
import { useAdminSession, useMayUse } from './adminSession.js';
import { AdminGate } from './AdminGate.js';
import './admin.css';

const SECTIONS: { href: string; label: string; area: AdminArea }[] = [
  { href: '/admin', label: 'Dashboard', area: 'session' },
  { href: '/admin/enrollments', label: 'Enrollment Tracker', area: 'enrollments' },
];

interface AdminShellProps {
  title: string;
  /** The part of the admin area the page belongs to: a role that may not use it is told so kindly. */
  area?: AdminArea;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The admin pages' frame: the key gate first, then a title bar with the admin sections the role
 * may use and Logout, then the page, or, where the role may not use it, what the role may do.
 */
export function AdminShell({ title, area = 'session', actions, children }: AdminShellProps) {
  usePageTitle(title);
  return (
    <div className="admin container">
      <AdminGate>
        <RoleCheck area={area} title={title} actions={actions}>
          {children}
        </RoleCheck>
      </AdminGate>
    </div>
  );
}

function RoleCheck({
  area,
  title,
  actions,
  children,
}: Required<Omit<AdminShellProps, 'actions'>> & { actions?: ReactNode }) {
  const session = useAdminSession();
  const may = useMayUse();
  if (session && !may(area)) {
    return (
      <>
        <AdminBar title="Not part of your role" />
        <Card className="admin-forbidden" role="status">
          <h2 className="admin-section-title">{title} is not part of your role</h2>
          <p>
            You are signed in as {session.name} ({ROLE_LABELS[session.role].toLowerCase()}).{' '}
            {ROLE_ALLOWANCE[session.role]}
          </p>
          <Link href="/admin">Go to the dashboard</Link>
        </Card>
      </>
    );
  }
  return (
    <>
      <AdminBar title={title} actions={actions} />
      {children}
    </>
  );
}

function AdminBar({ title, actions }: { title: string; actions?: ReactNode }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const session = useAdminSession();
  const may = useMayUse();
  const logout = () => {
    clearAdminKey();
    forgetAdminData(queryClient);
  };
  return (
    <header className="admin-bar">
      <div className="admin-bar__heading">
        <h1 className="admin-bar__title">{title}</h1>
        <nav aria-label="Admin sections" className="admin-bar__nav">
          {SECTIONS.filter((s) => may(s.area)).map((s) => (
            <Link
              key={s.href}
              href={s.href}
              aria-current={pathname === s.href ? 'page' : undefined}
              className="admin-bar__link"
            >
              {s.label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="admin-bar__actions">
        {session && session.role !== 'owner' && (
          <p className="admin-bar__who">
            {session.name} <span className="admin-bar__role">{ROLE_LABELS[session.role]}</span>
          </p>
        )}
        {actions}
        <Button variant="outline" onPress={logout}>
          Logout
        </Button>
      </div>
    </header>
  );
}
