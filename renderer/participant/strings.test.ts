import { describe, expect, it } from 'vitest';
import { claimTime, format, STRINGS } from './strings';

describe('the claimed-elsewhere warning', () => {
  it('names the time the name was picked, in both languages, and tells the holder what to do', () => {
    const at = new Date(2026, 11, 2, 9, 41, 7).toISOString();
    const today = new Date(2026, 11, 2, 12, 0, 0);
    const en = format(STRINGS.en.claimedElsewhere, { time: claimTime(at, 'en', today) });
    const zh = format(STRINGS['zh-CN'].claimedElsewhere, { time: claimTime(at, 'zh-CN', today) });
    expect(en).toMatch(/picked on another device at 09:41:07/);
    expect(en).toMatch(/If that was not you, tell the facilitator/);
    expect(zh).toContain('09:41:07');
    expect(zh).toContain('请告诉主持人');
    expect(zh).not.toMatch(/[A-Za-z]/);
    const link = format(STRINGS['zh-CN'].linkElsewhere, { time: claimTime(at, 'zh-CN', today) });
    expect(link).toContain('个人链接');
    expect(link).not.toMatch(/[A-Za-z]/);
    // Another day: the date too.
    expect(claimTime(at, 'en', new Date(2026, 11, 3, 8, 0, 0))).toMatch(/2026.*09:41:07/);
  });
});
