import type { CopyCall } from './library-copy';

/** The safety copy's contract calls from the page; the client loads on first use, so start-up does not wait for it. */
export const copyCall: CopyCall = async (method, payload) => (await import('./client')).api.call(method, payload);
