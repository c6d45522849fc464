import { SCHOOL } from '../../contracts/core/school.js';
import { CURRENT_WAIVERS, waiverDateLabel, waiverVersionLabel } from '../../contracts/policies/waivers.js';
import { PolicyPage, type PolicySection } from './PolicyPage.js';

const VERSION = CURRENT_WAIVERS['code-of-conduct'];

const SECTIONS: PolicySection[] = [
  {
    id: 'respect',
    title: 'Respect',
    body: (
      <p>
        Students treat instructors, classmates, guests and our facility with courtesy and kindness. We listen when
        others speak, use polite words, and keep our hands, comments and belongings to ourselves.
      </p>
    ),
  },
  {
    id: 'participation',
    title: 'Participation',
    body: (
      <p>
        Etiquette is learned by doing. Students are expected to join in role-play, table practice and group activities,
        to try new skills with a good attitude, and to encourage others as they learn.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Conduct',
    body: (
      <ul>
        <li>Bullying, teasing, unkind language and physical roughness are not allowed.</li>
        <li>Follow the instructor’s directions promptly and stay with the group.</li>
        <li>Phones and devices stay put away during class unless the lesson uses them.</li>
      </ul>
    ),
  },
  {
    id: 'dress-code',
    title: 'Dress Code',
    body: (
      <p>
        Each workshop lists its attire (for example “Dressy but not formal” or “Business casual”). Dressing for the
        occasion is part of the lesson: please follow the attire shown on the enrollment and confirmation pages.
      </p>
    ),
  },
  {
    id: 'classroom-etiquette',
    title: 'Classroom Etiquette',
    body: (
      <ul>
        <li>Arrive 15 minutes early; late arrivals join quietly.</li>
        <li>Raise a hand to speak and wait to be called on.</li>
        <li>Treat place settings, china and materials with care.</li>
      </ul>
    ),
  },
  {
    id: 'consequences',
    title: 'Consequences',
    body: (
      <>
        <p>
          A student who breaks this code first receives a gentle reminder, then a private conversation with the
          instructor, and then a conversation with a parent or guardian.
        </p>
        <p>
          <strong>Repeated or serious misconduct may lead to dismissal from the program without refund.</strong>
        </p>
      </>
    ),
  },
  {
    id: 'parent-support',
    title: 'Parent Support',
    body: (
      <p>
        We ask parents and guardians to review this code with their child before class, to reinforce at home what is
        practiced here, and to tell us about anything that helps your child do well. Reach us any time at {SCHOOL.phone}{' '}
        or {SCHOOL.email}.
      </p>
    ),
  },
];

export function CodeOfConductPage() {
  return (
    <PolicyPage
      title="Code of Conduct"
      intro={`What we expect of every student at ${SCHOOL.name}, so that each class is gracious, safe and fun.`}
      sections={SECTIONS}
      updated={waiverDateLabel(VERSION)}
      version={`${waiverVersionLabel(VERSION)}. Parents sign it for each child once a school year; a new version is signed again.`}
    />
  );
}
