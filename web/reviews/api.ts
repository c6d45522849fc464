import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewLinkView, ReviewSubmission } from '../../contracts/reviews/api.js';
import { apiJson } from '../core/api.js';
import { queryKeys } from '../core/queryKeys.js';

const reviewUrl = (token: string) => `/api/reviews/${encodeURIComponent(token)}`;

/** What the review link is of, and the family's review once given. */
export function useReviewLink(token: string) {
  return useQuery<ReviewLinkView>({ queryKey: queryKeys.review(token), enabled: Boolean(token), retry: false });
}

/** The one answer, and its withdrawal; each reads the link again afterwards. */
export function useReviewChanges(token: string) {
  const client = useQueryClient();
  const again = () => client.invalidateQueries({ queryKey: queryKeys.review(token) });
  const submit = useMutation({
    mutationFn: (body: ReviewSubmission) =>
      apiJson<{ status: string; displayName: string }>('POST', reviewUrl(token), body),
    onSuccess: again,
  });
  const withdraw = useMutation({
    mutationFn: () => apiJson<{ status: string }>('POST', `${reviewUrl(token)}/withdraw`, {}),
    onSuccess: again,
  });
  return { submit, withdraw };
}
