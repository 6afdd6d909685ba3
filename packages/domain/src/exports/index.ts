export * from './csv';
export * from './research-columns';
export * from './trial-columns';
