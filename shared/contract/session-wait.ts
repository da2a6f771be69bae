/**
 * How long a waiting participant `status` request (a long poll) is held while the round stays
 * open. Its own module without zod, so the participant page's small bundle can import it.
 */
export const STATUS_WAIT_MS = 20_000;
