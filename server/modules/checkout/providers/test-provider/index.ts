// The built-in test provider: sessions point at our own hosted payment page (routes.ts, with its service, page
// template, texts in English and Arabic, cross-site guard and card checks), so the whole card flow works with no
// network and no third party. The rest of checkout uses it through this file.
export { createTestProvider, type TestProvider, type TestRefund } from './provider';
export { hostedPages, pageLanguage, pageReplies } from './replies';
export { testPaymentPageRoutes } from './routes';
export { findSession } from './service';
