/** Largest request any host accepts: a 50 MB workshop file plus JSON overhead. */
export const MAX_REQUEST_BYTES = 60 * 1024 * 1024;
