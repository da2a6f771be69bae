export * from './schema';
export * from './migrate';
export * from './create';
export * from './ids';
export * from './adaptation';
export * from './progress';
export * from './analysis';
