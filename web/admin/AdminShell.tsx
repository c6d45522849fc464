import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { Button } from '../components/Button.js';
import { Link } from '../components/Link.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { forgetAdminData } from './adminApi.js';
import { clearAdminKey } from './adminKey.js';
import { AdminGate } from './AdminGate.js';
import './admin.css';

const SECTIONS = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/enrollments', label: 'Enrollment Tracker' },
];

/** The admin pages' frame: the key gate first, then a title bar with the admin sections and Logout. */
export function AdminShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="admin container">
      <AdminGate>
        <AdminBar title={title} actions={actions} />
        {children}
      </AdminGate>
    </div>
  );
}

function AdminBar({ title, actions }: { title: string; actions?: ReactNode }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const logout = () => {
    clearAdminKey();
    forgetAdminData(queryClient);
  };
  return (
    <header className="admin-bar">
      <div className="admin-bar__heading">
        <h1 className="admin-bar__title">{title}</h1>
        <nav aria-label="Admin sections" className="admin-bar__nav">
          {SECTIONS.map((s) => (
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
        {actions}
        <Button variant="outline" onPress={logout}>
          Logout
        </Button>
      </div>
    </header>
  );
}
