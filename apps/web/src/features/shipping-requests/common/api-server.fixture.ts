/** Kept for detail/request-detail-page.test.tsx until it imports ./test-kit directly. */
export { json, openApp, startApiServer } from './test-kit';
