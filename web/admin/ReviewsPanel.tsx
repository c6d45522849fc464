import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, AdminReviewList } from '../../contracts/reviews/api.js';
import { HIDE_REASON_LABELS, HIDE_REASONS, type HideReason } from '../../contracts/reviews/events.js';
import { Badge } from '../components/Badge.js';
import { Button } from '../components/Button.js';
import { Select } from '../components/Select.js';
import { Spinner } from '../components/Spinner.js';
import { StarRating } from '../components/StarRating.js';
import { TextArea } from '../components/TextArea.js';
import { apiErrorText } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';
import { adminJson, adminQueryFn } from './adminApi.js';
import { moment } from './adminFormat.js';
import { useAdminSession } from './adminSession.js';
import { InstructorReviewsSection } from './InstructorReviews.js';

const STATUS: Record<AdminReview['status'], string> = {
  published: 'Published',
  private: 'Private (the school only)',
  hidden: 'Hidden',
  withdrawn: 'Withdrawn',
};
const REASONS = HIDE_REASONS.map((id) => ({ id, label: HIDE_REASON_LABELS[id] }));

/**
 * Every review given, newest first, whatever its stars (issue 40): there is no filter and no
 * order by rating. A published review may be hidden only with one of the fixed reasons, and
 * replied to once, publicly; each step is in the review's history with who took it. The owner
 * also sees each instructor's reviews counted.
 */
export function ReviewsPanel() {
  const owner = useAdminSession()?.role === 'owner';
  const list = useQuery({
    queryKey: queryKeys.adminReviews(),
    queryFn: adminQueryFn as () => Promise<AdminReviewList>,
  });
  return (
    <section aria-labelledby="reviews-heading" className="catalogue-panel">
      <h2 id="reviews-heading" className="admin-section-title">
        Reviews
      </h2>
      <p>
        Every review families gave, newest first. Only a published review can be hidden, and only for one of the reasons
        below.
      </p>
      {owner && <InstructorReviewsSection />}
      {list.isPending && <Spinner label="Loading reviews…" showLabel />}
      {list.isError && (
        <div role="alert" className="admin-error">
          <p>The reviews could not be loaded.</p>
          <Button variant="outline" onPress={() => void list.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {list.data && list.data.total === 0 && <p>No reviews yet.</p>}
      {list.data && list.data.total > 0 && (
        <ol className="inbox" aria-label="Reviews, newest first">
          {list.data.reviews.map((review) => (
            <li key={review.id} className="inbox__item">
              <ReviewItem review={review} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  const client = useQueryClient();
  const [reason, setReason] = useState<HideReason | null>(null);
  const [reply, setReply] = useState('');
  const again = () => client.invalidateQueries({ queryKey: queryKeys.adminReviews() });
  const base = `/api/admin/reviews/${encodeURIComponent(review.enrollmentId)}`;
  const hide = useMutation({
    mutationFn: () => adminJson('POST', `${base}/hide`, { reason }),
    onSuccess: again,
  });
  const answer = useMutation({
    mutationFn: () => adminJson('POST', `${base}/reply`, { text: reply }),
    onSuccess: again,
  });
  const published = review.status === 'published';
  return (
    <article aria-label={`Review by ${review.displayName || 'a family'} of ${review.workshopTitle}`}>
      <header className="inbox__head">
        <StarRating rating={review.rating} size="sm" />
        <Badge variant={published ? 'accent' : 'outline'}>{STATUS[review.status]}</Badge>
        <time dateTime={review.submittedAt} className="inbox__time">
          {moment(review.submittedAt)}
        </time>
      </header>
      <p className="inbox__from">
        {review.displayName || '—'} on {review.workshopTitle}
        {review.programTitle ? ` (${review.programTitle})` : ''}, taught by {review.instructor}
      </p>
      {review.text && <p className="keep-lines">{review.text}</p>}
      {review.reply && (
        <p className="keep-lines">
          <strong>The school replied ({review.reply.repliedBy}):</strong> {review.reply.text}
        </p>
      )}
      <details>
        <summary>History</summary>
        <ul>
          {review.history.map((h) => (
            <li key={`${h.at}-${h.what}`}>
              {moment(h.at)}: {h.what}
              {h.by ? `, by ${h.by}` : ''}
            </li>
          ))}
        </ul>
      </details>
      {published && (
        <div className="button-row">
          <Select
            label="Reason to hide it"
            options={REASONS}
            selectedKey={reason}
            onSelectionChange={(key) => setReason(key as HideReason)}
          />
          <Button variant="outline" isDisabled={!reason} isPending={hide.isPending} onPress={() => hide.mutate()}>
            Hide
          </Button>
        </div>
      )}
      {published && !review.reply && (
        <div>
          <TextArea label="Reply publicly, as the school" value={reply} onChange={setReply} rows={2} />
          <Button
            variant="outline"
            isDisabled={!reply.trim()}
            isPending={answer.isPending}
            onPress={() => answer.mutate()}
          >
            Reply
          </Button>
        </div>
      )}
      {(hide.error || answer.error) && (
        <p role="alert" className="admin-error">
          {apiErrorText(hide.error ?? answer.error) ?? 'That did not go through. Please try again.'}
        </p>
      )}
    </article>
  );
}
