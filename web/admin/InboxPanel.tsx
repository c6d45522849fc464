import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Inquiry, InquiryMarkedRead, UnreadInquiries } from '../../contracts/inquiries/inquiry.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Spinner } from '../components/Spinner.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminPageQueryFn, adminQueryFn, type Page } from './adminApi.js';
import { moment } from './adminFormat.js';
import { Pager } from './Pager.js';

const PAGE_SIZE = 20;

/** How many inquiries nobody has read yet: the Inbox tab's count. */
export function useUnreadInquiries(enabled: boolean): number {
  const unread = useQuery({
    queryKey: queryKeys.adminUnreadInquiries(),
    queryFn: adminQueryFn as () => Promise<UnreadInquiries>,
    enabled,
  });
  return unread.data?.unread ?? 0;
}

/** Contact messages and consultation requests, newest first; the unread ones marked, each with its "Mark as read". */
export function InboxPanel() {
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const markRead = useMutation({
    mutationFn: (id: string) =>
      adminJson<InquiryMarkedRead>('POST', `/api/admin/inquiries/${encodeURIComponent(id)}/read`, {}),
    onSuccess: async ({ id, position }) => {
      setRead((ids) => new Set([...ids, id]));
      // The count as it stands once the read is in the read model.
      const fresh = await client.fetchQuery({
        queryKey: queryKeys.adminUnreadInquiries({ minPosition: position }),
        queryFn: adminQueryFn as () => Promise<UnreadInquiries>,
      });
      client.setQueryData(queryKeys.adminUnreadInquiries(), fresh);
    },
  });
  const inbox = useQuery({
    queryKey: queryKeys.adminInquiries({ page, pageSize: PAGE_SIZE }),
    queryFn: adminPageQueryFn as () => Promise<Page<Inquiry>>,
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="inbox-heading" className="catalogue-panel">
      <h2 id="inbox-heading" className="admin-section-title">
        Inbox
      </h2>
      {inbox.isPending && <Spinner label="Loading messages…" showLabel />}
      {inbox.isError && (
        <div role="alert" className="admin-error">
          <p>The messages could not be loaded.</p>
          <Button variant="outline" onPress={() => void inbox.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {inbox.data && inbox.data.total === 0 && <p>No messages yet.</p>}
      {inbox.data && inbox.data.total > 0 && (
        <>
          <ol className="inbox" aria-label="Messages, newest first">
            {inbox.data.rows.map((m) => {
              const unread = m.unread === true && !read.has(m.id);
              return (
                <li key={m.id} className={unread ? 'inbox__item inbox__item--unread' : 'inbox__item'}>
                  <article aria-label={`${m.kind === 'contact' ? 'Message' : 'Consultation request'} from ${m.name}`}>
                    <header className="inbox__head">
                      <Badge variant={m.kind === 'contact' ? 'outline' : 'accent'}>
                        {m.kind === 'contact' ? 'Contact message' : 'Consultation'}
                      </Badge>
                      {unread && <Badge variant="accent">New</Badge>}
                      <time dateTime={m.receivedAt} className="inbox__time">
                        {moment(m.receivedAt)}
                      </time>
                    </header>
                    <p className="inbox__from">
                      <strong>{m.name}</strong>
                      {m.company && <> · {m.company}</>} · <a href={`mailto:${m.email}`}>{m.email}</a>
                      {m.phone && (
                        <>
                          {' '}
                          · <a href={`tel:${m.phone}`}>{m.phone}</a>
                        </>
                      )}
                    </p>
                    {m.preferredDate && <p className="inbox__meta">Preferred date: {m.preferredDate}</p>}
                    <p className="inbox__message">{m.message}</p>
                    {unread && (
                      <Button
                        variant="outline"
                        size="sm"
                        isDisabled={markRead.isPending && markRead.variables === m.id}
                        onPress={() => markRead.mutate(m.id)}
                      >
                        Mark as read
                      </Button>
                    )}
                  </article>
                </li>
              );
            })}
          </ol>
          <Pager page={page} pageSize={PAGE_SIZE} total={inbox.data.total} onPage={setPage} label="Inbox pages" />
        </>
      )}
    </section>
  );
}
