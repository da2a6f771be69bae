import { describe, expect, it } from 'vitest';
import { formatDelta, parseDraft } from './text';

describe('parseDraft (what a number field accepts)', () => {
  it('reads plain, decimal-comma and thousands-separated numbers', () => {
    expect(parseDraft('40')).toBe(40);
    expect(parseDraft(' 2.5 ')).toBe(2.5);
    expect(parseDraft('2,5')).toBe(2.5);
    expect(parseDraft('1,000,000')).toBe(1_000_000);
    expect(parseDraft('1 000')).toBe(1000);
    expect(parseDraft('-3')).toBe(-3);
    expect(parseDraft('1e3')).toBe(1000);
  });
  it('empty is null, anything else is invalid', () => {
    expect(parseDraft('')).toBeNull();
    expect(parseDraft('   ')).toBeNull();
    expect(parseDraft('forty')).toBe('invalid');
    expect(parseDraft('12x')).toBe('invalid');
    expect(parseDraft('0x10')).toBe('invalid');
    expect(parseDraft('1.2.3')).toBe('invalid');
    expect(parseDraft('Infinity')).toBe('invalid');
  });
});

describe('formatDelta', () => {
  it('signs weight changes with a real minus', () => {
    expect(formatDelta(5)).toBe('+5');
    expect(formatDelta(-3)).toBe('−3');
    expect(formatDelta(0)).toBe('±0');
  });
});
