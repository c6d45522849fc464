import { EMPTY_CONTACT_MESSAGE } from '../../contracts/inquiries/inquiry.js';
import { INQUIRY_SENT } from '../../contracts/inquiries/sent.js';
import { Button } from '../components/Button.js';
import { TextArea } from '../components/TextArea.js';
import { TextField } from '../components/TextField.js';
import { SentPanel } from './SentPanel.js';
import { useSendContactMessage } from './mutations.js';
import { useInquiryForm } from './useInquiryForm.js';
import './InquiryForm.css';

export function ContactForm() {
  const { field, formRef, sent, formProps, again, againHref, isPending } = useInquiryForm(
    EMPTY_CONTACT_MESSAGE,
    useSendContactMessage(),
    {
      required: {
        fullname: 'Please enter your name.',
        email: 'Please enter your email address.',
        message: 'Please enter a message.',
      },
      success: { title: 'Message Sent', description: 'Your message has been submitted successfully.' },
      answered: 'Failed to send message',
      generic: 'There was a problem sending your message. Please try again.',
      thrown: 'There was a problem submitting your form. Please try again.',
      native: { action: '/contact', sent: INQUIRY_SENT.contact },
    },
  );

  if (sent) {
    return (
      <SentPanel
        text="Thank you for reaching out. We have received your message and will reply within one business day."
        againLabel="Send Another Message"
        onAgain={again}
        againHref={againHref}
      />
    );
  }

  return (
    <form ref={formRef} className="inquiry-form" {...formProps} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="inquiry-form__title">
        Send Us a Message
      </h2>
      <p className="inquiry-form__hint">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">as required</span> are required.
      </p>
      <div className="inquiry-form__grid">
        <TextField label="Full name" autoComplete="name" {...field('fullname')} />
        <TextField label="Company" autoComplete="organization" {...field('company')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      </div>
      <TextArea label="Message" rows={5} {...field('message')} />
      <Button type="submit" size="lg" isPending={isPending} className="inquiry-form__submit">
        {isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
