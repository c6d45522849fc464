import { EMPTY_CONSULTATION_REQUEST } from '../../contracts/inquiries/inquiry.js';
import { INQUIRY_SENT } from '../../contracts/inquiries/sent.js';
import { Button } from '../components/Button.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { SentPanel } from './SentPanel.js';
import { useRequestConsultation } from './mutations.js';
import { useInquiryForm } from './useInquiryForm.js';
import './InquiryForm.css';

export function ConsultationForm() {
  const { field, formRef, sent, formProps, again, againHref, isPending } = useInquiryForm(
    EMPTY_CONSULTATION_REQUEST,
    useRequestConsultation(),
    {
      required: {
        name: 'Please enter your name.',
        email: 'Please enter your email address.',
        preferredDate: 'Please tell us a preferred date and time.',
        discussionTopic: 'Please tell us what you would like to discuss.',
      },
      success: { title: 'Request Sent', description: 'Your consultation request has been submitted successfully.' },
      answered: 'Failed to send consultation request',
      generic: 'There was a problem sending your consultation request. Please try again.',
      thrown: 'There was a problem submitting your request. Please try again.',
      native: { action: '/about#consultation', sent: INQUIRY_SENT.consultation },
    },
  );

  if (sent) {
    return (
      <SentPanel
        text="Your consultation request has been received. Our team will contact you shortly to confirm your consultation."
        againLabel="Request Another Consultation"
        headingLevel={3}
        onAgain={again}
        againHref={againHref}
      />
    );
  }

  return (
    <form ref={formRef} className="inquiry-form" {...formProps} aria-labelledby="consultation-form-title">
      <h3 id="consultation-form-title" className="inquiry-form__title">
        Consultation Request
      </h3>
      <p className="inquiry-form__hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">as required</span> are required.
      </p>
      <div className="inquiry-form__grid">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Company / Organization" autoComplete="organization" {...field('company')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <TextField
        label="Preferred date and time"
        placeholder="e.g., May 25, 2025 at 2:00pm"
        {...field('preferredDate')}
      />
      <TextArea label="What would you like to discuss?" rows={5} {...field('discussionTopic')} />
      <Button type="submit" size="lg" isPending={isPending} className="inquiry-form__submit">
        {isPending ? 'Sending...' : 'Request Consultation'}
      </Button>
    </form>
  );
}
