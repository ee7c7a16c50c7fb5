/**
 * Every enumeration of the product (spec §3) with its Japanese label.
 * A value list and a label map live side by side so that the server validates
 * with the list and the web renders with the labels: one definition for both.
 *
 * One module per area, so that a web bundle holds only the enumerations its pages use.
 */
export * from './accounts';
export * from './marketplace';
export * from './notifications';
export * from './admin';
export * from './billing';
export * from './invoices';
export * from './carrier-verification';
export * from './reviews';
