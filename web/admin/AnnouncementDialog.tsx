import { useState, type FormEvent } from 'react';
import type { AnnouncementPreview, WriteAnnouncement } from '../../contracts/newsletter/announcements.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Select, type SelectOption } from '../components/Select.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { toast } from '../components/Toast.js';
import { apiErrorIssues, apiErrorText } from '../core/api.js';
import { useAudiences, usePreviewAnnouncement, useWriteAnnouncement } from './announcementWrites.js';

const EVERYONE = 'everyone';

/** A new announcement: subject, body and audience, previewed as the e-mail subscribers will read, then saved as a draft. */
export function AnnouncementDialog({
  isOpen,
  onClose,
  onSaved,
}: {
  isOpen: boolean;
  onClose: () => void;
  onSaved: (position: string | null) => void;
}) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="New announcement">
      {isOpen && <AnnouncementForm onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function AnnouncementForm({ onClose, onSaved }: { onClose: () => void; onSaved: (position: string | null) => void }) {
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState(EVERYONE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const audiences = useAudiences();
  const previewing = usePreviewAnnouncement();
  const write = useWriteAnnouncement();

  const options: SelectOption[] = [
    { id: EVERYONE, label: 'Every subscriber' },
    ...(audiences.data?.programs ?? []).map((p) => ({ id: `program:${p}`, label: `Families of ${p}` })),
    ...(audiences.data?.locations ?? []).map((l) => ({ id: `location:${l}`, label: `Families at ${l}` })),
  ];
  const request = (): WriteAnnouncement => ({
    subject,
    body,
    ...(audience === EVERYONE ? {} : { audience: audience.slice(audience.indexOf(':') + 1) }),
  });
  const refused = (err: unknown) => {
    const issues = apiErrorIssues(err);
    setErrors(Object.keys(issues).length ? issues : { body: apiErrorText(err) ?? 'Not saved.' });
  };

  const showPreview = () => {
    setErrors({});
    previewing.mutate(request(), { onSuccess: setPreview, onError: refused });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    write.mutate(request(), {
      onSuccess: (done) => {
        toast({ title: 'Announcement saved', description: 'Send a test to yourself, then send it.' });
        onSaved(done.position);
      },
      onError: refused,
    });
  };

  return (
    <form className="admin-form" onSubmit={save} aria-label="New announcement">
      <TextField label="Subject" isRequired value={subject} onChange={setSubject} errorMessage={errors.subject} />
      <TextArea
        label="Announcement"
        isRequired
        rows={8}
        value={body}
        onChange={setBody}
        description="Start with a greeting (Dear families,). A blank line starts a new paragraph."
        errorMessage={errors.body}
      />
      <Select
        label="Audience"
        options={options}
        selectedKey={audience}
        onSelectionChange={(key) => setAudience(String(key))}
        description="Families who booked that program or at that location, among those subscribed."
        errorMessage={errors.audience}
      />
      {preview && (
        <section className="announcement-preview" aria-label="Preview of the e-mail">
          <p className="announcement-preview__subject">
            <strong>Subject:</strong> {preview.subject}
          </p>
          {/* The server's rendering of the owner's own words, escaped there. */}
          <div className="announcement-preview__body" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      )}
      <div className="admin-form__actions">
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button variant="outline" onPress={showPreview} isPending={previewing.isPending}>
          Preview
        </Button>
        <Button type="submit" isPending={write.isPending}>
          Save draft
        </Button>
      </div>
    </form>
  );
}
