import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** React.lazy for modules with named exports: one chunk per page. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const EnrollPage = page(() => import('./EnrollPage.js'), 'EnrollPage');
const CheckoutPage = page(() => import('./CheckoutPage.js'), 'CheckoutPage');
const PaymentSuccessPage = page(() => import('./PaymentSuccessPage.js'), 'PaymentSuccessPage');
const OrderConfirmationPage = page(() => import('./OrderConfirmationPage.js'), 'OrderConfirmationPage');
const PaymentTestPage = page(() => import('./testing/PaymentTestPage.js'), 'PaymentTestPage');
const TestChargePage = page(() => import('./testing/TestChargePage.js'), 'TestChargePage');
const EnrollmentTestPage = page(() => import('./testing/EnrollmentTestPage.js'), 'EnrollmentTestPage');
const FreeEnrollmentTestPage = page(() => import('./testing/FreeEnrollmentTestPage.js'), 'FreeEnrollmentTestPage');
const CodeOfConductPage = page(() => import('../policies/CodeOfConductPage.js'), 'CodeOfConductPage');
const PhotographyReleasePage = page(() => import('../policies/PhotographyReleasePage.js'), 'PhotographyReleasePage');

/** Enrollment, checkout, payment, test and policy routes. */
export const enrollmentRoutes: RouteObject[] = [
  { path: 'enroll/:id', element: <EnrollPage /> },
  { path: 'checkout/:id', element: <CheckoutPage /> },
  { path: 'payment-success', element: <PaymentSuccessPage /> },
  { path: 'order-confirmation', element: <OrderConfirmationPage /> },
  { path: 'payment-test', element: <PaymentTestPage /> },
  { path: 'test-charge', element: <TestChargePage /> },
  { path: 'enrollment-test', element: <EnrollmentTestPage /> },
  { path: 'free-enrollment-test', element: <FreeEnrollmentTestPage /> },
  { path: 'code-of-conduct', element: <CodeOfConductPage /> },
  { path: 'photography-release', element: <PhotographyReleasePage /> },
];
