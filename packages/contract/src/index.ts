// First: Zod's configuration applies to every schema below (see zod-config.ts).
import './zod-config';
export * from './enums/index';
export * as patterns from './patterns';
export * from './request-reference';
export * from './cold-chain';
export * from './charges';
export * from './fair-price';
export * from './consumption-tax';
export * from './invoices/index';
export * from './csv';
export * from './ssr-entry';
export * from './numbers';
export * from './messages';
export * from './texts/request-items';
export * from './texts/payments';
export * from './texts/stop-times';
export * from './texts/fair-price';
// Every exported schema is built on its first use (z.lazy, decision 077): derive one inside a
// lazy from another's unwrap().
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/locations';
export * from './schemas/files';
export * from './schemas/request-items';
export * from './schemas/notifications';
export * from './schemas/candidates';
export * from './schemas/request-lifecycle';
export * from './schemas/stop-times';
export * from './schemas/temperature-range';
export * from './schemas/carrier-register';
export * from './schemas/talkrooms';
export * from './schemas/admin';
export * from './schemas/payments';
export * from './schemas/company-drivers';
export * from './schemas/two-factor';
export * from './schemas/standard-fares';
export * from './routes/index';
export * from './texts/invoices';
