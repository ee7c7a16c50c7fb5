/** The pure rules of the paperwork for the money (issue 46, decision 090). */
export * from './registration-number';
export * from './invoice-totals';
export * from './payment-terms';
export * from './retention';
export { addDays, daysBetween, isCalendarDay } from './days';
