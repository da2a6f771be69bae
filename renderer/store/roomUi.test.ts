import { describe, expect, it } from 'vitest';
import { presenterKey } from './roomUi';

describe('presenter keys', () => {
  it('←/→ (and PageUp/PageDown, Space) step through the views and stop at the ends', () => {
    expect(presenterKey('ranking', 'ArrowRight')).toBe('disagreement');
    expect(presenterKey('disagreement', 'PageDown')).toBe('robustness');
    expect(presenterKey('robustness', ' ')).toBe('scenarios');
    expect(presenterKey('scenarios', 'ArrowRight')).toBe('scenarios');
    expect(presenterKey('disagreement', 'ArrowLeft')).toBe('ranking');
    expect(presenterKey('ranking', 'PageUp')).toBe('ranking');
  });
  it('1–4 jump to a view, Esc leaves, other keys are not the presenter’s', () => {
    expect(presenterKey('ranking', '3')).toBe('robustness');
    expect(presenterKey('robustness', '1')).toBe('ranking');
    expect(presenterKey('ranking', '5')).toBeNull();
    expect(presenterKey('ranking', '0')).toBeNull();
    expect(presenterKey('ranking', 'Escape')).toBe('leave');
    expect(presenterKey('ranking', 'a')).toBeNull();
  });
});
