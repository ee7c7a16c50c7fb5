/**
 * The route table: one entry per API call with its method, path (under /api/v1),
 * schemas and who may call it. The server registers its handlers against these
 * entries and the web client types and validates its calls with them, so the two
 * sides cannot drift apart.
 *
 * One module per API area, so that a web bundle holds only the groups its pages call
 * (a bundler keeps a module whole: one table file put every schema in the entry chunk).
 */
export * from './route-def';
export * from './auth';
export * from './locations';
export * from './files';
export * from './request-items';
export * from './candidates';
export * from './request-lifecycle';
export * from './talkrooms';
export * from './notifications';
export * from './admin';
export * from './payments';
export * from './subscription-documents';
export * from './company-drivers';
export * from './two-factor';
export * from './stop-times';
export * from './carrier-register';
export * from './transport-conditions';
export * from './standard-fares';
export * from './billing-profile';
export * from './places';
export * from './invoices';
export * from './carrier-verification';
export * from './webhooks';
export * from './reviews';
export * from './request-templates';
