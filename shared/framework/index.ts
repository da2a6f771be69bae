export * from './text';
export * from './criteria';
export * from './needs';
export * from './path';
export * from './rules';
export * from './candidates';

/** Version of the built-in framework template; recorded in each workshop made from it. */
export const FRAMEWORK_VERSION = '1.0.0';
