export * from './constants';
export * from './messages';
export * from './permissions';
export * from './schemas/api-error';
export * from './schemas/error-log';
export * from './schemas/user';
export * from './tasks/stroop';
export * from './test-types';
