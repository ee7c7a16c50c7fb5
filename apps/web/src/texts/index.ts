/**
 * The screen texts only the web shows (the catalogues both apps read stay in the contract:
 * messages, request items, payments, stop times). One module per area, as in the contract.
 */
export * from './account-recovery';
export * from './applied-items';
export * from './carrier-register';
export * from './dashboard';
export * from './manager-drivers';
export * from './my-items';
export * from './my-page';
export * from './notifications';
export * from './payments';
export * from './request-create';
export * from './request-items';
export * from './sign-in';
export * from './sign-up';
export * from './talkroom';
export * from './two-factor';
