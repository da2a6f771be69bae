import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A capability token: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A round's id (128 random bits). */
export const newRoundId = (): string => randomBytes(16).toString('base64url');

/** No 0/O, 1/I/L: read off a projector and typed on a phone. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/** A short join code (31^6 ≈ 8.9·10^8; guessing is rate-limited by the listener). */
export function newJoinCode(): string {
  const bytes = randomBytes(JOIN_CODE_LENGTH * 2);
  let out = '';
  // Rejection sampling keeps every letter equally likely.
  for (let i = 0; out.length < JOIN_CODE_LENGTH; i++) {
    const b = i < bytes.length ? bytes[i] : randomBytes(1)[0];
    if (b < 248) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  }
  return out;
}

/** Tokens are looked up by their hash, so lookups do not compare secrets byte by byte. */
export const tokenKey = (token: string): string => createHash('sha256').update(token).digest('base64url');

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
