/**
 * The standard-fare meter (標準的運賃, issue 45, decision 091): `@logi/contract/standard-fare`,
 * its own entry so that only the code that shows a fare loads its tables.
 */
export * from './table';
export * from './vehicle-class';
export * from './distance-fare';
export * from './drive-time';
export * from './fees';
export * from './breakdown';
export * from './quote';
export * from './route-distance';
export * from '../texts/standard-fare';
