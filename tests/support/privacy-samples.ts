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
  born: '2016-04-02',
  medical: 'Uses a Ventolin inhaler before sport',
  secondEmail: 'ambrose.quennell@example.com',
} as const;

/** An organization's contact and the attendees its coordinator names (issue 39): erased with the organization's key. */
export const ORGANIZATION = {
  id: 'org-1',
  contactName: 'Perpetua Ravenscroft',
  contactEmail: 'perpetua.ravenscroft@example.com',
  contactPhone: '2145559911',
  attendee: 'Cornelius Featherstonehaugh',
  attendeeEmail: 'cornelius.f@example.com',
  replaced: 'Millicent Osgood',
  replacedEmail: 'millicent.osgood@example.com',
  diet: 'Coeliac, no gluten at all',
} as const;

const organizationRecord = {
  organizationId: ORGANIZATION.id,
  name: 'Acme Corp',
  contactName: ORGANIZATION.contactName,
  contactEmail: ORGANIZATION.contactEmail,
  contactPhone: ORGANIZATION.contactPhone,
  billingAddress: { line1: '1 Main St', line2: '', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' },
  taxId: '12-3456789',
};

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

/** The first child as a family account saves them (enrolled with `childIds`): a date of birth and medical notes too. */
const savedChild = {
  childId: 'child-1',
  dateOfBirth: FAMILY.born,
  medicalNotes: FAMILY.medical,
};
const withSavedChild = (details: ReturnType<typeof familyForm>['participantDetails']) =>
  details.map((p, i) => (i === 0 ? { ...p, ...savedChild } : p));

export function familySubmitted(enrollmentId: string) {
  const base = submitted(enrollmentId, { participants: 2 });
  const form = familyForm();
  return {
    type: 'EnrollmentSubmitted' as const,
    data: {
      ...base.data,
      form: { ...form, participantDetails: withSavedChild(form.participantDetails) },
      attendees: [FAMILY.child, FAMILY.sibling],
      householdId: 'h-1',
      waivers: [
        {
          participant: 0,
          childId: 'child-1',
          document: 'code-of-conduct' as const,
          version: '1',
          signedName: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
          signedAt: '2025-06-01T10:00:00.000Z',
        },
      ],
    },
  };
}

const AT = '2025-06-01T10:00:00.000Z';
const child = {
  name: FAMILY.child,
  dateOfBirth: FAMILY.born,
  grade: '4th',
  school: FAMILY.school,
  hasDietaryRestrictions: true,
  dietaryRestrictions: FAMILY.allergy,
  medicalNotes: FAMILY.medical,
  photographyConsent: true,
  allowNameWithPhoto: false,
  photographyOptOut: false,
};

/** A family account's events (issue 26), each on its stream (`sampleStream`). */
const householdSamples = {
  HouseholdCreated: { householdId: 'h-1', parentId: 'p-1', email: FAMILY.email, createdAt: AT },
  ParentInvited: { householdId: 'h-1', parentId: 'p-2', email: FAMILY.secondEmail, invitedBy: 'p-1', invitedAt: AT },
  ParentJoined: { householdId: 'h-1', parentId: 'p-2', email: FAMILY.secondEmail, joinedAt: AT },
  HouseholdDetailsUpdated: {
    householdId: 'h-1',
    details: {
      firstName: FAMILY.parentFirst,
      lastName: FAMILY.parentLast,
      phone: FAMILY.phone,
      parent2Name: `Ambrose ${FAMILY.parentLast}`,
      parent2Email: FAMILY.secondEmail,
      parent2Phone: '9725551122',
      emergencyContact1Name: FAMILY.emergencyName,
      emergencyContact1Phone: FAMILY.emergencyPhone,
      emergencyContact1Relationship: 'Aunt',
      emergencyContact2Name: 'Cornelius Abernethy',
      emergencyContact2Phone: '9725556655',
      emergencyContact2Relationship: 'Neighbour',
      pickupAdults: [{ name: FAMILY.emergencyName, relationship: 'Aunt', phone: FAMILY.emergencyPhone }],
    },
    changed: ['firstName'],
    by: 'p-1',
    updatedAt: AT,
  },
  ChildAdded: { householdId: 'h-1', childId: 'child-1', child, addedAt: AT },
  ChildUpdated: { householdId: 'h-1', childId: 'child-1', child, changed: ['medicalNotes'], updatedAt: AT },
  WaiverSigned: {
    householdId: 'h-1',
    childId: 'child-1',
    document: 'code-of-conduct',
    version: '1',
    signedName: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
    at: AT,
    parentId: 'p-1',
    clientKey: 'c'.repeat(22),
  },
  SignInLinkRequested: {
    requestId: 'r-1',
    email: FAMILY.email,
    secretHash: 'a'.repeat(64),
    expiresAt: '2025-06-01T10:20:00.000Z',
    requestedAt: AT,
    clientKey: 'c'.repeat(22),
  },
};

const movedItem = {
  kind: 'workshop' as const,
  id: '7',
  title: 'Summer Camp',
  date: '2025-07-21T09:00:00-05:00',
  time: '9:00 AM - 10:30 AM',
  location: 'Plano, TX',
  instructor: '',
  duration: '',
  category: 'summer',
  attire: '',
  unitPriceCents: 25000,
};
const placeMoved = (enrollmentId: string) => ({
  enrollmentId,
  transferId: 'pt-1',
  participant: 1,
  name: FAMILY.sibling,
  fromWorkshopId: '6',
  toWorkshopId: '7',
  newEnrollmentId: `${enrollmentId}-split`,
  item: movedItem,
  participants: 1,
  amountCents: 15000,
  carriedCents: 25000,
  refundCents: 0,
});

/** Samples by type; the enrollment ones belong on the stream `enrollment-<id>` after its submission. */
export const personalSamples = (enrollmentId: string): Record<string, unknown> => ({
  EnrollmentSubmitted: familySubmitted(enrollmentId).data,
  ParticipantDetailsCorrected: {
    enrollmentId,
    participantDetails: withSavedChild(familyForm().participantDetails),
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
  ChildCollected: {
    enrollmentId,
    workshopId: '6',
    participant: 0,
    name: FAMILY.child,
    collectedBy: FAMILY.emergencyName,
    relationship: 'Aunt',
    onList: true,
    collectedAt: '2025-07-19T20:35:00.000Z',
    session: 1,
  },
  EnrollmentCancelled: {
    enrollmentId,
    reason: 'cancelled-by-visitor',
    cancelledAt: '2025-06-03T10:00:00.000Z',
    note: `${FAMILY.child} has the flu`,
  },
  ParticipantCancelled: {
    enrollmentId,
    participant: 1,
    name: FAMILY.sibling,
    reason: 'cancelled-by-admin',
    note: `${FAMILY.sibling} broke an arm`,
    notify: true,
    participants: 2,
    amountCents: 15000,
    refundCents: 10000,
    cancelledAt: '2025-06-03T10:00:00.000Z',
  },
  ParticipantTransferRequested: { ...placeMoved(enrollmentId), requestedAt: '2025-06-03T10:00:00.000Z' },
  ParticipantTransferred: { ...placeMoved(enrollmentId), transferredAt: '2025-06-03T10:00:01.000Z' },
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
  InstructorAdded: {
    instructorId: 'ins-1',
    name: 'Margaret Ellison',
    email: FAMILY.email,
    bio: FAMILY.medical,
    addedAt: AT,
  },
  InstructorUpdated: {
    instructorId: 'ins-1',
    name: 'Margaret Ellison',
    email: FAMILY.email,
    bio: FAMILY.medical,
    updatedAt: AT,
  },
  AppointmentRequested: {
    appointmentId: 'appt-1',
    typeId: 'type-1',
    kind: 'lesson',
    instructorId: 'ins-1',
    startsAt: '2025-06-10T10:00:00-05:00',
    endsAt: '2025-06-10T11:00:00-05:00',
    firstName: FAMILY.parentFirst,
    lastName: FAMILY.parentLast,
    email: FAMILY.email,
    phone: FAMILY.phone,
    participantName: FAMILY.child,
    participantAge: 12,
    notes: FAMILY.medical,
    amountCents: 25_000,
    dueNowCents: 25_000,
    holdExpiresAt: null,
    requestedAt: AT,
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
  ...householdSamples,
  // A review and a certificate name the booking's data subject (here the family's household, whose key the tests destroy).
  ReviewSubmitted: {
    enrollmentId,
    programId: '1',
    workshopId: '11',
    instructor: 'Tracy Wood',
    rating: 5,
    text: `${FAMILY.child} loved every minute`,
    displayName: `${FAMILY.parentFirst} Q.`,
    publish: true,
    subjectId: 'household:h-1',
    submittedAt: '2025-08-24T10:00:00.000Z',
  },
  CertificateIssued: {
    number: 'GL-C-2025-00001',
    workshopId: '11',
    enrollmentId,
    participant: 0,
    programId: '1',
    programTitle: 'Manners & Me',
    title: 'Certificate of Completion',
    wording: 'has completed the course',
    signerName: 'Tracy Wood',
    participantName: FAMILY.child,
    holder: `${FAMILY.child.split(' ')[0]} Q.`,
    completedOn: '2025-08-23',
    firstSessionOn: '2025-08-02',
    hours: 8,
    sessionsPresent: 4,
    subjectId: 'household:h-1',
    issuedAt: '2025-08-24T10:00:00.000Z',
    issuedBy: 'Owner',
  },
  CertificateReissued: {
    number: 'GL-C-2025-00001',
    participantName: FAMILY.child,
    holder: `${FAMILY.child.split(' ')[0]} Q.`,
    subjectId: 'household:h-1',
    reissuedAt: '2025-08-25T10:00:00.000Z',
  },
  // The family's parent buys a card for the children's aunt (issue 27).
  GiftCardOrdered: {
    giftCardId: 'g'.repeat(22),
    code: '7QXM3KPD9HRT2WVB',
    amountCents: 5_000,
    currency: 'usd',
    purchaserName: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
    purchaserEmail: FAMILY.email,
    recipientName: FAMILY.emergencyName,
    recipientEmail: FAMILY.secondEmail,
    message: `For ${FAMILY.child}'s tea party`,
    sendOn: '2025-06-07',
    orderedAt: '2025-06-01T10:00:00.000Z',
  },
  LessonPackOrdered: {
    lessonPackId: 'l'.repeat(22),
    code: '7QXM3KPD9HRT2WVB',
    typeId: 'lesson-1',
    count: 3,
    amountCents: 60_000,
    validDays: 90,
    paymentIntentId: 'pi_pack',
    purchaserName: `${FAMILY.parentFirst} ${FAMILY.parentLast}`,
    purchaserEmail: FAMILY.email,
    orderedAt: '2025-06-01T10:00:00.000Z',
  },
  NewsletterSubscriptionRequested: {
    subscriberKey: 'n'.repeat(22),
    email: FAMILY.email,
    source: 'footer',
    consentWording: 'Send me news of new classes',
    requestedAt: '2025-06-01T10:00:00.000Z',
  },
  OrganizationRegistered: { ...organizationRecord, source: 'office', registeredAt: '2025-06-01T10:00:00.000Z' },
  OrganizationUpdated: { ...organizationRecord, updatedAt: '2025-06-02T10:00:00.000Z' },
  GroupAttendeesNamed: {
    invoiceId: 'inv-1',
    organizationId: ORGANIZATION.id,
    organizationName: 'Acme Corp',
    line: 0,
    workshopId: '6',
    attendees: [
      {
        attendeeId: 'att-1',
        name: ORGANIZATION.attendee,
        email: ORGANIZATION.attendeeEmail,
        dietaryRestrictions: ORGANIZATION.diet,
      },
    ],
    added: ['att-1'],
    removed: [{ name: ORGANIZATION.replaced, email: ORGANIZATION.replacedEmail }],
    namedAt: '2025-06-03T10:00:00.000Z',
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
  FAMILY.medical,
  FAMILY.secondEmail,
  ORGANIZATION.contactName,
  ORGANIZATION.contactEmail,
  ORGANIZATION.contactPhone,
  ORGANIZATION.attendee,
  ORGANIZATION.attendeeEmail,
  ORGANIZATION.replaced,
  ORGANIZATION.replacedEmail,
  ORGANIZATION.diet,
];

/** The stream each sample is appended to (the enrollment ones after the submission). */
export const sampleStream = (type: string, enrollmentId: string) =>
  (
    ({
      ContactMessageReceived: 'inquiry-inq-1',
      ConsultationRequested: 'inquiry-inq-2',
      AdministratorAdded: 'administrators',
      InstructorAdded: 'instructors',
      InstructorUpdated: 'instructors',
      AppointmentRequested: 'appointment-appt-1',
      WaitlistJoined: 'waitlist-6',
      ...Object.fromEntries(Object.keys(householdSamples).map((type) => [type, 'household-h-1'])),
      SignInLinkRequested: 'sign-in-r-1',
      GiftCardOrdered: `gift-card-${'g'.repeat(22)}`,
      LessonPackOrdered: `lesson-pack-${'l'.repeat(22)}`,
      NewsletterSubscriptionRequested: `newsletter-subscriber-${'n'.repeat(22)}`,
      OrganizationRegistered: `organization-${ORGANIZATION.id}`,
      OrganizationUpdated: `organization-${ORGANIZATION.id}`,
      GroupAttendeesNamed: 'invoice-inv-1',
      ReviewSubmitted: `review-${enrollmentId}`,
      CertificateIssued: 'certificates-2025',
      CertificateReissued: 'certificates-2025',
    }) as Record<string, string>
  )[type] ?? `enrollment-${enrollmentId}`;
