import { describe, expect, it } from 'vitest';
import { stripBidi } from './bidi';

describe('stripBidi', () => {
  it('removes embeddings, overrides and isolates, so "Eve\\u202Egnp.exe" reads as typed, and keeps everything else', () => {
    expect(stripBidi('Eve\u202Egnp.exe')).toBe('Evegnp.exe');
    expect(stripBidi('\u2067שלום\u2069 a\u202Ab\u202Cc')).toBe('שלום abc');
    expect(stripBidi('Lin\u200F 林')).toBe('Lin\u200F 林');
  });
});
