import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../../web/core/api.js';
import { CorrectNameForm, refusalFor, RevokeCertificateForm } from '../../web/admin/CertificateDialogs.js';

/** Issue 40 item 5: the office corrects a certificate's name, or revokes it, from the roster's list. */

const certificate = { number: 'GL-C-2025-00001', name: 'Lily Whitfield' };
const render = (node: ReactNode) =>
  renderToString(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;|’/g, "'");

describe('the certificate dialogs', () => {
  it('given an issued certificate, when the office opens "Correct name", then the field starts from the name it reads and says the family gets the corrected copy', () => {
    const html = render(<CorrectNameForm workshopId="6" certificate={certificate} onClose={() => {}} />);
    expect(html).toContain('aria-label="Correct the name on GL-C-2025-00001"');
    expect(html).toContain('value="Lily Whitfield"');
    expect(text(html)).toContain('Name as it should read');
    expect(text(html)).toContain('which replaces the earlier one');
    expect(text(html)).toContain('Reissue certificate');
  });

  it('given an issued certificate, when the office opens "Revoke", then it asks for a reason and says what a check will answer', () => {
    const html = render(<RevokeCertificateForm workshopId="6" certificate={certificate} onClose={() => {}} />);
    expect(html).toContain('aria-label="Revoke GL-C-2025-00001"');
    expect(text(html)).toContain("Lily Whitfield's certificate GL-C-2025-00001 will answer “revoked”");
    expect(text(html)).toContain('Reason');
    expect(text(html)).toContain('Revoke certificate');
  });

  it('when the server refuses, then its words go to the field by name, or its words for the whole under the field', () => {
    const invalid = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        error: 'name: The name must be at most 100 characters.',
        code: 'validation_failed',
        issues: [{ path: 'name', message: 'The name must be at most 100 characters.' }],
      }),
    );
    expect(refusalFor(invalid, 'name')).toBe('The name must be at most 100 characters.');
    const revoked = new ApiError(
      409,
      'Conflict',
      JSON.stringify({ error: 'This certificate was revoked.', code: 'certificate_revoked' }),
    );
    expect(refusalFor(revoked, 'name')).toBe('This certificate was revoked.');
    expect(refusalFor(new Error('offline'), 'name')).toBe('Not saved. Please try again.');
  });
});
