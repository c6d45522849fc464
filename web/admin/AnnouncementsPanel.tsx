import { useState } from 'react';
import type { AnnouncementView } from '../../contracts/newsletter/announcements.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { Cell, Column, Row, Table, TableBody, TableHeader } from '../components/Table.js';
import { toast } from '../components/Toast.js';
import { apiErrorText } from '../core/api.js';
import { day } from './adminFormat.js';
import { AnnouncementDialog } from './AnnouncementDialog.js';
import { useAnnouncements, useSendAnnouncement, useTestAnnouncement } from './announcementWrites.js';
import './announcements.css';

const STATUS = {
  draft: { label: 'Draft', badge: 'neutral' },
  sending: { label: 'Sending', badge: 'accent' },
  sent: { label: 'Sent', badge: 'success' },
} as const;

const audienceOf = (a: AnnouncementView) => a.audience ?? 'Every subscriber';

/** The owner's announcements to the newsletter's subscribers: written, tried on herself, then sent at its pace. */
export function AnnouncementsPanel() {
  // The position of the last write, so the list read next shows it.
  const [readAt, setReadAt] = useState<string | null>(null);
  const list = useAnnouncements(readAt);
  const [writing, setWriting] = useState(false);
  const [sending, setSending] = useState<AnnouncementView | null>(null);
  const test = useTestAnnouncement();
  const send = useSendAnnouncement();

  const sendTest = (a: AnnouncementView) =>
    test.mutate(a.id, {
      onSuccess: () => toast({ title: 'Test on its way', description: `“${a.subject}” is being sent to you.` }),
      onError: (err) => toast({ title: 'Not sent', description: apiErrorText(err) ?? '', variant: 'destructive' }),
    });
  const confirmSend = (a: AnnouncementView) =>
    send.mutate(a.id, {
      // Read at the send's position: an earlier read could still say Draft, and a draft is not polled.
      onSuccess: (done) => {
        setReadAt(done.position);
        setSending(null);
        toast({ title: 'Sending', description: `“${a.subject}” is going out to ${audienceOf(a).toLowerCase()}.` });
      },
      onError: (err) => toast({ title: 'Not sent', description: apiErrorText(err) ?? '', variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="announcements-heading" className="catalogue-panel">
      <div className="catalogue-panel__head">
        <h2 id="announcements-heading" className="admin-section-title">
          Newsletter announcements
        </h2>
        <Button onPress={() => setWriting(true)}>New announcement</Button>
      </div>
      <p>
        Sent only to families who confirmed their subscription, each once, at the pace set for the school; every message
        carries a one-click unsubscribe.
      </p>
      {list.isPending && <Spinner label="Loading announcements…" showLabel />}
      {list.isError && (
        <div role="alert" className="admin-error">
          <p>The announcements could not be loaded.</p>
        </div>
      )}
      {list.data && list.data.length === 0 && <p>No announcements yet.</p>}
      {list.data && list.data.length > 0 && (
        <Table aria-label="Announcements">
          <TableHeader>
            <Column isRowHeader>Subject</Column>
            <Column>Audience</Column>
            <Column>Written</Column>
            <Column>Status</Column>
            <Column>Reached</Column>
            <Column>Actions</Column>
          </TableHeader>
          <TableBody items={list.data}>
            {(a) => (
              <Row id={a.id} textValue={a.subject}>
                <Cell label="Subject">{a.subject}</Cell>
                <Cell label="Audience">{audienceOf(a)}</Cell>
                <Cell label="Written">{day(a.writtenAt)}</Cell>
                <Cell label="Status">
                  <Badge variant={STATUS[a.status].badge}>{STATUS[a.status].label}</Badge>
                </Cell>
                <Cell label="Reached">
                  {a.sent} sent{a.skipped ? `, ${a.skipped} passed over` : ''}
                </Cell>
                <Cell label="Actions">
                  <div className="announcement-actions">
                    <Button
                      size="sm"
                      variant="outline"
                      onPress={() => sendTest(a)}
                      aria-label={`Send a test of ${a.subject} to me`}
                    >
                      Send test to me
                    </Button>
                    {a.status === 'draft' && (
                      <Button size="sm" onPress={() => setSending(a)} aria-label={`Send ${a.subject}`}>
                        Send…
                      </Button>
                    )}
                  </div>
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <AnnouncementDialog
        isOpen={writing}
        onClose={() => setWriting(false)}
        onSaved={(position) => {
          setWriting(false);
          setReadAt(position);
        }}
      />
      <Dialog
        isOpen={sending !== null}
        onOpenChange={(open) => !open && setSending(null)}
        title="Send this announcement?"
        footer={
          <>
            <Button variant="ghost" onPress={() => setSending(null)}>
              Cancel
            </Button>
            <Button onPress={() => sending && confirmSend(sending)} isDisabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send now'}
            </Button>
          </>
        }
      >
        {sending && (
          <p>
            “{sending.subject}” goes to {audienceOf(sending).toLowerCase()} who confirmed their subscription. It cannot
            be called back once it has started.
          </p>
        )}
      </Dialog>
    </section>
  );
}
