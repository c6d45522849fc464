import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { OwnReview, ReviewLinkView } from '../../contracts/reviews/api.js';
import { DISPLAY_NAME_MAX, REVIEW_TEXT_MAX } from '../../contracts/reviews/api.js';
import { Button } from '../components/Button.js';
import { Card } from '../components/Card.js';
import { Link } from '../components/Link.js';
import { Radio, RadioGroup } from '../components/RadioGroup.js';
import { StarInput } from '../components/StarInput.js';
import { StarRating } from '../components/StarRating.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { apiErrorIssues, apiErrorText, isApiError } from '../core/api.js';
import { formatLongDate } from '../core/format.js';
import { PageLoading } from '../layout/PageLoading.js';
import { usePageTitle } from '../layout/usePageTitle.js';
import { useReviewChanges, useReviewLink } from './api.js';
import './ReviewPage.css';

/**
 * The family's review, opened from the e-mail sent after the last session (issue 40): a few
 * stars, words if it likes, and whether to publish and under which name, said back in full
 * before it is sent. One review per link; it can be withdrawn from here afterwards.
 */
export function ReviewPage() {
  usePageTitle('Your Review');
  const { token = '' } = useParams();
  const link = useReviewLink(token);
  if (link.isPending) return <PageLoading label="Loading your review…" />;
  if (!link.data) return <Unavailable notFound={isApiError(link.error, 404)} />;
  return (
    <div className="container container--narrow section review-page">
      <Heading view={link.data} />
      {link.data.review ? (
        <Given token={token} review={link.data.review} view={link.data} />
      ) : Date.parse(link.data.validUntil) < Date.now() ? (
        <p className="lead">This link worked until {formatLongDate(link.data.validUntil)}. Thank you all the same.</p>
      ) : (
        <ReviewForm token={token} view={link.data} />
      )}
    </div>
  );
}

function Heading({ view }: { view: ReviewLinkView }) {
  const first = view.sessions[0];
  const last = view.sessions.at(-1);
  const when =
    first && last
      ? first === last
        ? formatLongDate(first.startsAt)
        : `${formatLongDate(first.startsAt)} to ${formatLongDate(last.startsAt)}`
      : null;
  return (
    <header className="review-page__head">
      <h1>How was {view.workshop.title}?</h1>
      <p className="lead">
        {view.program ? `${view.program.title}, ` : ''}with {view.workshop.instructor}
        {when ? `, ${when}` : ''}.
      </p>
    </header>
  );
}

/** What the pages will show, said exactly, from the answers as they stand. */
function publishedSentence(o: { publish: boolean; name: string; text: string; program: string | null }) {
  if (!o.publish)
    return 'Nothing is published. Only the school reads your stars and words; they count in no figure on our website.';
  const where = o.program ? `on the page of ${o.program}` : 'on our website';
  const words = o.text.trim() ? 'your stars and your words' : 'your stars';
  return `Published ${where}: ${words}, under the name “${o.name}”, with the date. Your stars count in the program’s average. Nothing else: not your e-mail, not your child’s name.`;
}

function ReviewForm({ token, view }: { token: string; view: ReviewLinkView }) {
  const { submit } = useReviewChanges(token);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [publish, setPublish] = useState<'yes' | 'no'>('yes');
  const [name, setName] = useState(view.suggestedName);
  const [missing, setMissing] = useState(false);
  const issues = apiErrorIssues(submit.error);
  const shownName = name.trim() || view.suggestedName;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (rating === null) return setMissing(true);
    submit.mutate({
      rating,
      publish: publish === 'yes',
      ...(text.trim() ? { text } : {}),
      ...(publish === 'yes' && name.trim() ? { displayName: name } : {}),
    });
  };

  return (
    <form className="review-form" onSubmit={onSubmit} noValidate>
      <StarInput
        label="Your stars"
        isRequired
        value={rating}
        onChange={(r) => {
          setRating(r);
          setMissing(false);
        }}
        errorMessage={missing ? 'Choose from 1 to 5 stars.' : issues.rating}
      />
      <TextArea
        label="Your words (optional)"
        value={text}
        onChange={setText}
        maxLength={REVIEW_TEXT_MAX}
        rows={5}
        description="What went well, what could be better. Please leave out children’s names."
        errorMessage={issues.text}
      />
      <RadioGroup
        label="Publish it?"
        value={publish}
        onChange={(v) => setPublish(v as 'yes' | 'no')}
        errorMessage={issues.publish}
      >
        <Radio value="yes">Yes, publish it on our website</Radio>
        <Radio value="no">No, keep it for the school only</Radio>
      </RadioGroup>
      {publish === 'yes' && (
        <TextField
          label="Name shown"
          value={name}
          onChange={setName}
          maxLength={DISPLAY_NAME_MAX}
          description="Your first name and last initial unless you write another."
          errorMessage={issues.displayName}
        />
      )}
      <Card className="review-form__summary" aria-live="polite">
        <h2 className="review-form__summary-title">What is published</h2>
        <p>
          {publishedSentence({
            publish: publish === 'yes',
            name: shownName,
            text,
            program: view.program?.title ?? null,
          })}
        </p>
      </Card>
      {submit.error && !Object.keys(issues).length && (
        <p className="review-form__error" role="alert">
          {apiErrorText(submit.error) ?? 'Your review could not be sent. Please try again.'}
        </p>
      )}
      <Button type="submit" isPending={submit.isPending} fullWidth>
        Send my review
      </Button>
      <p className="review-form__note">
        You can withdraw it from this link at any time. This link works until {formatLongDate(view.validUntil)}.
      </p>
    </form>
  );
}

const STATUS_WORDS: Record<OwnReview['status'], string> = {
  published: 'Published',
  private: 'Kept for the school only',
  hidden: 'Taken off our website by the school',
  withdrawn: 'Withdrawn',
};

function Given({ token, review, view }: { token: string; review: OwnReview; view: ReviewLinkView }) {
  const { withdraw } = useReviewChanges(token);
  const [asked, setAsked] = useState(false);
  const withdrawn = review.status === 'withdrawn';
  return (
    <section className="review-given" aria-labelledby="review-given-title">
      <h2 id="review-given-title">{withdrawn ? 'Your review was withdrawn' : 'Thank you for your review'}</h2>
      {!withdrawn && (
        <Card>
          <StarRating rating={review.rating} />
          {review.text && <p className="review-given__text">{review.text}</p>}
          <p className="review-given__status">
            {STATUS_WORDS[review.status]}
            {review.status === 'published' ? ` under the name “${review.displayName}”` : ''}.
          </p>
        </Card>
      )}
      {review.status === 'published' && view.program && (
        <p>
          <Link href={`/program/${view.program.slug}`}>See it on the page of {view.program.title}</Link>
        </p>
      )}
      {!withdrawn &&
        (asked ? (
          <div className="review-given__confirm" role="group" aria-label="Withdraw your review">
            <p>Withdraw it? It leaves our website and every figure, and cannot be given again.</p>
            <Button variant="secondary" onPress={() => withdraw.mutate()} isPending={withdraw.isPending}>
              Yes, withdraw it
            </Button>{' '}
            <Button variant="ghost" onPress={() => setAsked(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <Button variant="outline" onPress={() => setAsked(true)}>
            Withdraw my review
          </Button>
        ))}
    </section>
  );
}

function Unavailable({ notFound }: { notFound: boolean }) {
  return (
    <div className="container container--narrow section review-page">
      <h1>{notFound ? 'Review Link Not Recognized' : 'We Could Not Load Your Review'}</h1>
      <p className="lead">
        {notFound
          ? 'This link does not open a review. Please use the link from our e-mail asking for your review.'
          : 'Our system did not answer just now. Please try again in a moment.'}
      </p>
    </div>
  );
}
