import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { common as en } from '../../shared/i18n/en/common';
import { common as zh } from '../../shared/i18n/zh-CN/common';
import { relativeTime, type TimeKey } from './format';

async function translator(lng: 'en' | 'zh-CN') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, 'zh-CN': { translation: zh } }, interpolation: { escapeValue: false } });
  return (key: TimeKey, values?: Record<string, unknown>) => i18n.t(key, values ?? {}) as string;
}

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const MIN = 60_000;

describe('relativeTime (library "changed …")', () => {
  it('says how long ago in English, with plurals', async () => {
    const t = await translator('en');
    expect(relativeTime(NOW - 10_000, t, NOW)).toBe('just now');
    expect(relativeTime(NOW + 5 * MIN, t, NOW)).toBe('just now'); // a clock a little ahead
    expect(relativeTime(NOW - 50_000, t, NOW)).toBe('1 minute ago');
    expect(relativeTime(NOW - 17 * MIN, t, NOW)).toBe('17 minutes ago');
    expect(relativeTime(NOW - 60 * MIN, t, NOW)).toBe('1 hour ago');
    expect(relativeTime(NOW - 5 * 60 * MIN, t, NOW)).toBe('5 hours ago');
    expect(relativeTime(NOW - 30 * 60 * MIN, t, NOW)).toBe('yesterday');
    expect(relativeTime(NOW - 12 * 24 * 60 * MIN, t, NOW)).toBe('12 days ago');
    const old = new Date(2026, 0, 5, 9, 30).getTime();
    expect(relativeTime(old, t, NOW)).toBe('on Jan 5, 2026');
  });
  it('says it in Chinese', async () => {
    const t = await translator('zh-CN');
    expect(relativeTime(NOW - 10_000, t, NOW)).toBe('刚刚');
    expect(relativeTime(NOW - 17 * MIN, t, NOW)).toBe('17 分钟前');
    expect(relativeTime(NOW - 3 * 60 * MIN, t, NOW)).toBe('3 小时前');
    expect(relativeTime(NOW - 30 * 60 * MIN, t, NOW)).toBe('昨天');
    expect(relativeTime(NOW - 3 * 24 * 60 * MIN, t, NOW)).toBe('3 天前');
    expect(relativeTime(new Date(2025, 11, 31, 23, 0).getTime(), t, NOW)).toBe('2025年12月31日');
  });
});
