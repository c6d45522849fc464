import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../core/lazyPage.js';

const EnrollPage = lazyPage(() => import('./EnrollPage.js'), 'EnrollPage');
const CheckoutPage = lazyPage(() => import('./CheckoutPage.js'), 'CheckoutPage');
const PaymentSuccessPage = lazyPage(() => import('./PaymentSuccessPage.js'), 'PaymentSuccessPage');
const OrderConfirmationPage = lazyPage(() => import('./OrderConfirmationPage.js'), 'OrderConfirmationPage');
const PaymentTestPage = lazyPage(() => import('./testing/PaymentTestPage.js'), 'PaymentTestPage');
const TestChargePage = lazyPage(() => import('./testing/TestChargePage.js'), 'TestChargePage');
const EnrollmentTestPage = lazyPage(() => import('./testing/EnrollmentTestPage.js'), 'EnrollmentTestPage');
const FreeEnrollmentTestPage = lazyPage(() => import('./testing/FreeEnrollmentTestPage.js'), 'FreeEnrollmentTestPage');
const CodeOfConductPage = lazyPage(() => import('../policies/CodeOfConductPage.js'), 'CodeOfConductPage');
const PhotographyReleasePage = lazyPage(
  () => import('../policies/PhotographyReleasePage.js'),
  'PhotographyReleasePage',
);

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
