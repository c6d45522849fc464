import type { ReactNode } from 'react';
import { NotFound } from '../../site/NotFound.js';
import { PageLoading } from '../../layout/PageLoading.js';
import { useStripeConfig } from '../queries.js';
import './testing.css';

/** Test pages exist only in test mode; elsewhere they are the ordinary 404 page. */
export function TestModeGate({ children }: { children: ReactNode }) {
  const config = useStripeConfig();
  if (config.isPending) return <PageLoading />;
  if (!config.data?.testPages) return <NotFound />;
  return <>{children}</>;
}

export function TestPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="test-page__head">
      <span className="eyebrow">Test mode</span>
      <h1>{title}</h1>
      <p className="lead">{children}</p>
    </header>
  );
}
