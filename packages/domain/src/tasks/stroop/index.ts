export * from './config';
export * from './engine';
export * from './mock-run';
export * from './plausibility';
export * from './rng';
export * from './scoring';
export * from './stimuli';
export * from './trial';
