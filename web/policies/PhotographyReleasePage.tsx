import { SCHOOL } from '../../contracts/core/school.js';
import { CURRENT_WAIVERS, waiverDateLabel, waiverVersionLabel } from '../../contracts/policies/waivers.js';
import { PolicyPage, type PolicySection } from './PolicyPage.js';

const VERSION = CURRENT_WAIVERS['photography-release'];

const SECTIONS: PolicySection[] = [
  {
    id: 'consent',
    title: 'Consent',
    body: (
      <p>
        By giving photography consent on the enrollment form, you allow {SCHOOL.fullName} to photograph and film the
        student during classes and events, and to use those images on our website, in social media, in printed materials
        and in other promotion of the school.
      </p>
    ),
  },
  {
    id: 'first-name-only',
    title: 'First Name Only',
    body: (
      <p>
        We never publish a student’s surname. If you also tick “first name with photo”, we may show the student’s first
        name next to their picture; otherwise images are published without any name.
      </p>
    ),
  },
  {
    id: 'duration',
    title: 'Duration of Use',
    body: (
      <p>Consent has no end date: images published while consent was given may continue to be used indefinitely.</p>
    ),
  },
  {
    id: 'compensation',
    title: 'No Compensation',
    body: <p>No payment, royalty or other compensation is due for the use of photographs or recordings.</p>,
  },
  {
    id: 'withdrawal',
    title: 'Withdrawing Consent',
    body: (
      <p>
        You may withdraw consent at any time <strong>in writing</strong>, by letter to our studio or by e-mail to{' '}
        {SCHOOL.email}. We will stop using the student’s images in new materials from the date we receive your request;
        printed materials already distributed cannot be recalled.
      </p>
    ),
  },
  {
    id: 'opt-out',
    title: 'Complete Opt-Out',
    body: (
      <p>
        You may choose a complete opt-out on the enrollment form. Your child will then not be photographed for school
        use at all, and we will take care to keep them out of group pictures.
      </p>
    ),
  },
];

export function PhotographyReleasePage() {
  return (
    <PolicyPage
      title="Photography Release"
      intro="How we photograph classes, how images are used, and the choices you have."
      sections={SECTIONS}
      updated={waiverDateLabel(VERSION)}
      version={`${waiverVersionLabel(VERSION)}. Parents sign it for each child once a school year; a new version is signed again.`}
    />
  );
}
