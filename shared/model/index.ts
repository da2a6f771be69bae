export * from './schema';
export * from './migrate';
export * from './create';
export * from './ids';
