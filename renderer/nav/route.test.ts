import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute } from './route';

describe('routes', () => {
  it('parses the library, a workshop, a step and the simulator of a candidate', () => {
    expect(parseRoute('')).toEqual({ name: 'library' });
    expect(parseRoute('#/')).toEqual({ name: 'library' });
    expect(parseRoute('#/w/abc-1')).toEqual({ name: 'workshop', id: 'abc-1', step: null });
    expect(parseRoute('#/w/abc-1/metrics')).toEqual({ name: 'workshop', id: 'abc-1', step: 'metrics' });
    expect(parseRoute('#/w/abc-1/nonsense')).toEqual({ name: 'workshop', id: 'abc-1', step: null });
    expect(parseRoute('#/w/abc-1/validation?sim=self-built')).toEqual({ name: 'workshop', id: 'abc-1', step: 'validation', sim: 'self-built' });
  });
  it('round-trips through hrefFor', () => {
    for (const h of ['#/', '#/w/x/needs', '#/w/x/validation?sim=a%20b']) expect(hrefFor(parseRoute(h))).toBe(h);
  });
});
