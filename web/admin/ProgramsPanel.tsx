import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Program } from '../../contracts/catalogue/program.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { queryKeys } from '../core/queryKeys.js';
import { money } from './adminFormat.js';
import { useCatalogueWrite } from './catalogueWrites.js';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.js';
import { ProgramFormDialog } from './ProgramFormDialog.js';
import { ProgramCertificateDialog } from './ProgramCertificateDialog.js';

/** Programs as the public site lists them, with create, edit and delete. */
export function ProgramsPanel() {
  const programs = useQuery<Program[]>({ queryKey: queryKeys.programs() });
  const [editing, setEditing] = useState<Program | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Program | null>(null);
  const [certifying, setCertifying] = useState<Program | null>(null);
  const remove = useCatalogueWrite('program', () => setDeleting(null));

  const open = (p: Program | null) => {
    setEditing(p);
    setFormOpen(true);
  };

  return (
    <section aria-labelledby="programs-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="programs-heading" className="admin-section-title">
          Programs
        </h2>
        <Button onPress={() => open(null)}>Add Program</Button>
      </div>
      {programs.isPending && <Spinner label="Loading programs…" showLabel />}
      {programs.isError && (
        <div role="alert" className="admin-error">
          <p>The programs could not be loaded.</p>
          <Button variant="outline" onPress={() => void programs.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {programs.data && (
        <ul className="catalogue-list" aria-label="Programs">
          {programs.data.map((p) => (
            <li key={p.id} className="catalogue-item">
              <div className="catalogue-item__text">
                <h3 className="catalogue-item__title">{p.title}</h3>
                <p className="catalogue-item__meta">
                  {p.category} · {money(p.price)}
                </p>
                <p className="catalogue-item__desc">{p.description}</p>
              </div>
              <div className="catalogue-item__actions">
                <Button variant="outline" size="sm" onPress={() => open(p)} aria-label={`Edit ${p.title}`}>
                  Edit
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onPress={() => setCertifying(p)}
                  aria-label={`Certificate of ${p.title}`}
                >
                  Certificate
                </Button>
                <Button variant="danger" size="sm" onPress={() => setDeleting(p)} aria-label={`Delete ${p.title}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ProgramFormDialog program={editing} isOpen={formOpen} onClose={() => setFormOpen(false)} />
      <ProgramCertificateDialog program={certifying} onClose={() => setCertifying(null)} />
      <ConfirmDeleteDialog
        subject={deleting && `the program “${deleting.title}”`}
        consequence="It leaves the programs page; enrollments already made are kept."
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ action: 'delete', id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
