import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDuration, formatMoney, formatPercent, parseDateText } from './format';

describe('formatters for people (screens and reports)', () => {
  it('says durations in at most two units, never thousands of seconds', () => {
    expect(formatDuration(21_566, 'en')).toBe('5 h 59 min');
    expect(formatDuration(21_600, 'en')).toBe('6 h 0 min');
    expect(formatDuration(21_600, 'zh-CN')).toBe('6 小时');
    expect(formatDuration(21_900, 'zh-CN')).toBe('6 小时 5 分钟');
    expect(formatDuration(330, 'en')).toBe('5 min 30 s');
    expect(formatDuration(198, 'zh-CN')).toBe('3 分钟 18 秒');
    expect(formatDuration(2.345, 'en')).toBe('2.35 s');
    expect(formatDuration(45, 'zh-CN')).toBe('45 秒');
    expect(formatDuration(3 * 86_400 + 4 * 3600, 'en')).toBe('3 d 4 h');
    expect(formatDuration(-90, 'en')).toBe('−1 min 30 s');
  });
  it('carries rounding into the larger unit (59.97 s is a minute, 3599.7 s an hour)', () => {
    expect(formatDuration(59.97, 'en')).toBe('1 min 0 s');
    expect(formatDuration(3599.7, 'en')).toBe('1 h 0 min');
    expect(formatDuration(172_799, 'en')).toBe('2 d 0 h');
  });
  it('writes money with its currency, cents only below 10', () => {
    expect(formatMoney(8.4, 'USD', 'en')).toBe('$8.40');
    expect(formatMoney(12_300.4, 'USD', 'en')).toBe('$12,300');
    expect(formatMoney(12_300.4, 'USD', 'zh-CN')).toBe('US$12,300');
    expect(formatMoney(950, 'CNY', 'zh-CN')).toBe('¥950');
  });
  it('writes sizes with decimal units and shares as percentages', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1_500, 'en')).toBe('1.5 KB');
    expect(formatBytes(80e9, 'en')).toBe('80 GB');
    expect(formatBytes(999_960, 'en')).toBe('1 MB');
    expect(formatPercent(0.4167, 'en', 1)).toBe('41.7%');
    expect(formatPercent(0.5, 'zh-CN')).toBe('50%');
    expect(formatPercent(Number.NaN, 'en')).toBe('—');
  });
});

describe('dates for people', () => {
  it('formats a calendar date in the reader’s language, and leaves what is no date as given', () => {
    expect(formatDate('2026-12-01', 'en')).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01', 'zh-CN')).toBe('2026年12月1日');
    expect(formatDate('2026-02-30', 'en')).toBe('2026-02-30');
    expect(formatDate('', 'en')).toBe('');
  });
  it('reads the ways people type a date, and refuses days that do not exist', () => {
    for (const typed of ['2026-05-01', '2026/5/1', '2026.5.1', '2026年5月1日', '２０２６-０５-０１', ' 2026 - 5 - 1 '])
      expect(parseDateText(typed)).toBe('2026-05-01');
    expect(parseDateText('')).toBe('');
    expect(parseDateText('2026-02-29')).toBeNull();
    expect(parseDateText('2028-02-29')).toBe('2028-02-29');
    expect(parseDateText('5/1/2026')).toBeNull();
    expect(parseDateText('2026-13-01')).toBeNull();
    expect(parseDateText('soon')).toBeNull();
  });
});
