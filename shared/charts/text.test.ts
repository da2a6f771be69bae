import { describe, expect, it } from 'vitest';
import { estimateWidth, widest, wrapText } from './text';

// One unit per character: line widths can be checked by counting.
const count = (s: string) => [...s].length;

describe('wrapText', () => {
  it('breaks English at spaces, never wider than the line, losing no word', () => {
    const name = 'Managed cloud training platform (Volcano Engine veMLP, reserved GPUs)';
    const lines = wrapText(name, 20, count);
    expect(lines).toEqual(['Managed cloud', 'training platform', '(Volcano Engine', 'veMLP, reserved', 'GPUs)']);
    for (const l of lines) expect(count(l)).toBeLessThanOrEqual(20);
    expect(lines.join(' ')).toBe(name);
  });

  it('breaks Chinese between characters, keeping closing punctuation on the line before and opening brackets with what follows', () => {
    const lines = wrapText('开源 verl 自建集群（64 卡），托管', 9, count);
    for (const l of lines) expect(count(l)).toBeLessThanOrEqual(9);
    expect(lines.join('').replace(/\s/g, '')).toBe('开源verl自建集群（64卡），托管');
    for (const l of lines) {
      expect(l).not.toMatch(/^[，。）]/);
      expect(l).not.toMatch(/（$/);
    }
  });

  it('breaks a word longer than the line between its characters instead of cutting it', () => {
    expect(wrapText('Megatron-LM-with-a-very-long-suffix', 10, count)).toEqual(['Megatron-L', 'M-with-a-v', 'ery-long-s', 'uffix']);
  });

  it('keeps a short label on one line', () => {
    expect(wrapText('Scalability', 40, count)).toEqual(['Scalability']);
    expect(wrapText('', 40, count)).toEqual(['']);
  });

  it('widest and the estimate measure CJK about one em and Latin about 0.58 em', () => {
    const m = estimateWidth(20);
    expect(m('运维')).toBe(40);
    expect(m('ab')).toBeCloseTo(23.2, 6);
    expect(widest(['ab', '运维'], m)).toBe(40);
  });
});
