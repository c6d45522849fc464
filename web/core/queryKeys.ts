/**
 * Every query key of the site, in one place. The first element is the URL the default
 * query function GETs; an optional second element is an object of search parameters
 * (e.g. `{ minPosition }` to wait for the projections to catch up after a write).
 */
export type SearchParams = Record<string, string | number | undefined>;

export type ApiQueryKey = readonly [url: string, params?: SearchParams];

const withParams = (url: string, params?: SearchParams): ApiQueryKey => (params ? [url, params] : [url]);

export const queryKeys = {
  programs: (params?: SearchParams) => withParams('/api/programs', params),
  program: (idOrSlug: string, params?: SearchParams) =>
    withParams(`/api/programs/${encodeURIComponent(idOrSlug)}`, params),
  workshops: (params?: SearchParams) => withParams('/api/workshops', params),
  workshop: (id: string, params?: SearchParams) => withParams(`/api/workshops/${encodeURIComponent(id)}`, params),
  enrollment: (id: string, params?: SearchParams) => withParams(`/api/enrollments/${encodeURIComponent(id)}`, params),
  waitlistOffer: (workshopId: string, token: string) =>
    withParams(`/api/workshops/${encodeURIComponent(workshopId)}/waitlist/offer`, { token }),
  adminWaitlist: (workshopId: string) => withParams(`/api/admin/workshops/${encodeURIComponent(workshopId)}/waitlist`),
  adminTransferOptions: (enrollmentId: string, participant?: number) =>
    withParams(
      `/api/admin/enrollments/${encodeURIComponent(enrollmentId)}/transfer-options`,
      participant === undefined ? undefined : { participant },
    ),
  adminMakeupCredits: (enrollmentId: string) =>
    withParams(`/api/admin/enrollments/${encodeURIComponent(enrollmentId)}/makeup-credits`),
  adminRoster: (workshopId: string, session?: number) =>
    withParams(
      `/api/admin/workshops/${encodeURIComponent(workshopId)}/roster`,
      session === undefined ? undefined : { session: String(session) },
    ),
  adminProgramCertificate: (programId: string) =>
    withParams(`/api/admin/programs/${encodeURIComponent(programId)}/certificate`),
  adminWorkshopCertificates: (workshopId: string) =>
    withParams(`/api/admin/workshops/${encodeURIComponent(workshopId)}/certificates`),
  adminWorkshopMessages: (workshopId: string, params?: SearchParams) =>
    withParams(`/api/admin/workshops/${encodeURIComponent(workshopId)}/messages`, params),
  adminMessageRecipients: (workshopId: string, audience: string) =>
    withParams(`/api/admin/workshops/${encodeURIComponent(workshopId)}/messages/recipients`, { audience }),
  adminWorkshopBookings: (workshopId: string) =>
    withParams(`/api/admin/workshops/${encodeURIComponent(workshopId)}/bookings`),
  stripeConfig: () => withParams('/api/stripe-config'),
  account: (params?: SearchParams) => withParams('/api/account', params),
  policies: () => withParams('/api/policies'),
  pricingSettings: () => withParams('/api/pricing-settings'),
  locations: () => withParams('/api/locations'),
  location: (slug: string) => withParams(`/api/locations/${encodeURIComponent(slug)}`),
  discountPreview: (code: string, workshopId: string, participants: number) =>
    withParams(`/api/discount-codes/${encodeURIComponent(code)}`, { workshopId, participants }),
  giftCardBalance: (code: string) => withParams(`/api/gift-cards/${encodeURIComponent(code)}`),
  adminDiscountCodes: (params?: SearchParams) => withParams('/api/admin/discount-codes', params),
  adminGiftCards: (params?: SearchParams) => withParams('/api/admin/gift-cards', params),
  adminSettings: (params?: SearchParams) => withParams('/api/admin/settings', params),
  adminAnnouncements: (params?: SearchParams) => withParams('/api/admin/announcements', params),
  adminAnnouncementAudiences: () => withParams('/api/admin/announcements/audiences'),
  booking: (token: string, params?: SearchParams) => withParams(`/api/bookings/${encodeURIComponent(token)}`, params),
  bookingCertificates: (token: string) => withParams(`/api/bookings/${encodeURIComponent(token)}/certificates`),
  accountCertificates: () => withParams('/api/account/certificates'),
  review: (token: string) => withParams(`/api/reviews/${encodeURIComponent(token)}`),
  programReviews: (id: string) => withParams(`/api/programs/${encodeURIComponent(id)}/reviews`),
  order: (orderId: string, params?: SearchParams) => withParams(`/api/orders/${encodeURIComponent(orderId)}`, params),
  stripeConnection: () => withParams('/api/test-stripe-connection'),
  adminEnrollments: (params?: SearchParams) => withParams('/api/admin/enrollments', params),
  adminMe: () => withParams('/api/admin/me'),
  adminDashboard: (params?: SearchParams) => withParams('/api/admin/dashboard', params),
  adminDashboardDay: (params?: SearchParams) => withParams('/api/admin/dashboard/day', params),
  adminEnrollment: (id: string, params?: SearchParams) =>
    withParams(`/api/admin/enrollments/${encodeURIComponent(id)}`, params),
  adminEnrollmentHistory: (id: string, params?: SearchParams) =>
    withParams(`/api/admin/enrollments/${encodeURIComponent(id)}/history`, params),
  adminInquiries: (params?: SearchParams) => withParams('/api/admin/inquiries', params),
  adminReviews: () => withParams('/api/admin/reviews'),
  adminReviewsByInstructor: () => withParams('/api/admin/reviews/instructors'),
  adminUnreadInquiries: (params?: SearchParams) => withParams('/api/admin/inquiries/unread', params),
  adminAdministrators: (params?: SearchParams) => withParams('/api/admin/administrators', params),
  adminInstructors: (params?: SearchParams) => withParams('/api/admin/instructors', params),
  adminAppointmentTypes: (params?: SearchParams) => withParams('/api/admin/appointment-types', params),
  adminAccessLog: (params?: SearchParams) => withParams('/api/admin/privacy/access-log', params),
  adminRevenue: (params?: SearchParams) => withParams('/api/admin/reports/revenue', params),
  adminLiabilities: (params?: SearchParams) => withParams('/api/admin/reports/liabilities', params),
  adminReport: (report: 'funnel' | 'attendance' | 'instructors', params?: SearchParams) =>
    withParams(`/api/admin/reports/${report}`, params),
} as const;

/** Builds the URL a query key stands for. */
export function urlOfQueryKey(queryKey: readonly unknown[]): string {
  const [url, params] = queryKey;
  if (typeof url !== 'string') throw new Error('A query key must start with its URL.');
  if (!params || typeof params !== 'object') return url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params as SearchParams)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}
