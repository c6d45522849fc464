import { StrictEnrollmentFormSchema } from '../../contracts/enrollment/form.js';
import { strictForm } from './enrollment-forms.js';
import { submitted } from './enrollment-events.js';

/**
 * One event of every type that holds personal data, with values distinctive enough to be searched
 * for byte by byte in a file (`PERSONAL_VALUES`). A type added to the privacy registry with
 * personal fields needs its sample here: the registry test asks for it.
 */
export const FAMILY = {
  parentFirst: 'Wilhelmina',
  parentLast: 'Quennell',
  email: 'wilhelmina.quennell@example.com',
  phone: '9725557788',
  child: 'Octavia Quennell',
  sibling: 'Barnaby Quennell',
  allergy: 'Severe tree-nut allergy, carries an EpiPen',
  emergencyName: 'Theodora Marchbanks',
  emergencyPhone: '9725553344',
  school: 'Brinkerhoff Elementary',
} as const;

export const familyForm = () =>
  StrictEnrollmentFormSchema.parse(
    strictForm({
      firstName: FAMILY.parentFirst,
      lastName: FAMILY.parentLast,
      email: FAMILY.email,
      phone: FAMILY.phone,
      participants: 2,
      specialRequirements: 'Please seat near the door',
      participantDetails: [
        {
          name: FAMILY.child,
          age: 9,
          grade: '4th',
          school: FAMILY.school,
          hasDietaryRestrictions: true,
          dietaryRestrictions: FAMILY.allergy,
          photographyConsent: true,
          allowNameWithPhoto: true,
        },
        { name: FAMILY.sibling, age: 7, grade: '2nd', school: FAMILY.school },
      ],
      emergencyContact1Name: FAMILY.emergencyName,
      emergencyContact1Phone: FAMILY.emergencyPhone,
    }),
  );

export function familySubmitted(enrollmentId: string) {
  const base = submitted(enrollmentId, { participants: 2 });
  return {
    type: 'EnrollmentSubmitted' as const,
    data: { ...base.data, form: familyForm(), attendees: [FAMILY.child, FAMILY.sibling] },
  };
}

/** Samples by type; the enrollment ones belong on the stream `enrollment-<id>` after its submission. */
export const personalSamples = (enrollmentId: string): Record<string, unknown> => ({
  EnrollmentSubmitted: familySubmitted(enrollmentId).data,
  ParticipantDetailsCorrected: {
    enrollmentId,
    participantDetails: familyForm().participantDetails,
    attendees: [FAMILY.child, FAMILY.sibling],
    changed: ['0.dietaryRestrictions'],
    correctedAt: '2025-06-02T10:00:00.000Z',
  },
  AttendanceMarked: {
    enrollmentId,
    workshopId: '6',
    participant: 0,
    name: FAMILY.child,
    present: true,
    markedAt: '2025-07-19T19:05:00.000Z',
  },
  EnrollmentCancelled: {
    enrollmentId,
    reason: 'cancelled-by-visitor',
    cancelledAt: '2025-06-03T10:00:00.000Z',
    note: `${FAMILY.child} has the flu`,
  },
  ContactMessageReceived: {
    inquiryId: 'inq-1',
    message: {
      fullname: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
      company: '',
      email: FAMILY.email,
      phone: FAMILY.phone,
      message: `About ${FAMILY.child}: ${FAMILY.allergy}`,
    },
  },
  ConsultationRequested: {
    inquiryId: 'inq-2',
    request: {
      name: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
      company: 'Quennell Holdings',
      email: FAMILY.email,
      phone: FAMILY.phone,
      preferredDate: 'Tuesday mornings',
      discussionTopic: `Manners for ${FAMILY.child}`,
    },
  },
  AdministratorAdded: {
    administratorId: 'adm-1',
    name: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
    email: FAMILY.email,
    keyHash: 'a'.repeat(64),
    role: 'manager',
  },
  WaitlistJoined: {
    entryId: 'entry-1',
    workshopId: '6',
    firstName: FAMILY.parentFirst,
    lastName: FAMILY.parentLast,
    email: FAMILY.email,
    phone: FAMILY.phone,
    participants: 2,
    emailKey: 'k'.repeat(22),
    joinedAt: '2025-06-01T10:00:00.000Z',
  },
});

/** What must never be found in clear at rest. */
export const PERSONAL_VALUES = [
  FAMILY.parentFirst,
  FAMILY.parentLast,
  FAMILY.email,
  FAMILY.phone,
  FAMILY.child,
  FAMILY.sibling,
  FAMILY.allergy,
  FAMILY.emergencyName,
  FAMILY.emergencyPhone,
  FAMILY.school,
];

/** The stream each sample is appended to (the enrollment ones after the submission). */
export const sampleStream = (type: string, enrollmentId: string) =>
  (
    ({
      ContactMessageReceived: 'inquiry-inq-1',
      ConsultationRequested: 'inquiry-inq-2',
      AdministratorAdded: 'administrators',
      WaitlistJoined: 'waitlist-6',
    }) as Record<string, string>
  )[type] ?? `enrollment-${enrollmentId}`;
