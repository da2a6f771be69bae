import { describe, expect, it } from 'vitest';
import { openCitedSource } from './sourceLink';

describe('openCitedSource: where a click on a cited source goes', () => {
  const url = 'https://www.nvidia.com/en-us/data-center/h100/';
  it('in the desktop app, to the bridge (the system browser), and the page does not follow the link', () => {
    const asked: string[] = [];
    expect(openCitedSource(url, { openExternal: (u) => (asked.push(u), true) })).toBe(true);
    expect(asked).toEqual([url]);
  });
  it('in the desktop app without the bridge method, nowhere: the page still does not follow it (the shell denies new windows)', () => {
    expect(openCitedSource(url, {})).toBe(true);
  });
  it('in a browser (no bridge), the browser’s own way: a new tab without an opener', () => {
    expect(openCitedSource(url, undefined)).toBe(false);
  });
});
