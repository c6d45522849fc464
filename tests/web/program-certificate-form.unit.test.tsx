import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Program } from '../../contracts/catalogue/program.js';
import { CertificateForm, NEW_CERTIFICATE } from '../../web/admin/ProgramCertificateDialog.js';

/** Issue 40 item 4: a program's certificate is set from the program list, starting from what was set before. */

const program = { id: '10', title: 'Etiquette After Dark' } as Program;

const form = (initial = NEW_CERTIFICATE) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <CertificateForm program={program} initial={initial} onClose={() => {}} />
    </QueryClientProvider>,
  );

describe('the program’s certificate form', () => {
  it('given a certificate set before, when the form opens, then it shows its title, wording, signer and sessions', () => {
    const html = form({
      title: 'Certificate of Distinction',
      wording: 'has completed Etiquette After Dark',
      signerName: 'Margaret Ellison',
      minSessionsPresent: 2,
    });
    expect(html).toContain('value="Certificate of Distinction"');
    expect(html).toContain('has completed Etiquette After Dark</textarea>');
    expect(html).toContain('value="Margaret Ellison"');
    expect(html).toContain('value="2"');
    expect(html).toContain('aria-label="Certificate of Etiquette After Dark"');
  });

  it('given none set, then the form starts from a certificate of completion earned by one session', () => {
    const html = form();
    expect(html).toContain('value="Certificate of Completion"');
    expect(html).toContain('value="1"');
    for (const label of ['Title', 'Wording', 'Signed by', 'Sessions attended to earn it', 'Save certificate'])
      expect(html).toContain(label);
  });
});
