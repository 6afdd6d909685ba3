export * from './csv';
export * from './trial-columns';
