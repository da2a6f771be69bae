import pkg from '../../package.json' with { type: 'json' };

export const APP_NAME = 'Selection Workshop';
export const APP_VERSION: string = pkg.version;
