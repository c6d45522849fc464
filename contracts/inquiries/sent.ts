/**
 * The `?sent=` value each inquiry page shows its thank-you panel for, after the form was posted
 * without JavaScript (service/inquiries/form-routes.ts answers 303 to the page with it).
 */
export const INQUIRY_SENT = { contact: 'contact', consultation: 'consultation' } as const;
