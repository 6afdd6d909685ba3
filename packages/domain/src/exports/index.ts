export * from './csv';
export * from './research-columns';
export * from './task-export-columns';
export * from './trial-columns';
