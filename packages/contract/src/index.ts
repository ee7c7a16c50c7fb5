export * from './enums';
export * as patterns from './patterns';
export * from './messages';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/locations';
export * from './routes';
