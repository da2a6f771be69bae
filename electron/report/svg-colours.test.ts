import { describe, expect, it } from 'vitest';
import { SERIES_COLOURS } from '../../shared/charts/colours';
import { linesSvg, radarSvg } from './svg';

describe('report chart colours', () => {
  it('report charts colour each series by its slot, not by its position (rank) in the chart', () => {
    const radar = radarSvg({
      title: 'r',
      axes: ['a', 'b', 'c'],
      series: [
        { name: 'ranked first', colour: 3, values: [1, 0.5, 0.2] },
        { name: 'ranked second', colour: 0, values: [0.2, 0.4, 0.9] },
      ],
    });
    const strokes = [...radar.matchAll(/<path d="[^"]*" fill="(#[0-9a-f]{6})" fill-opacity/g)].map((m) => m[1]);
    expect(strokes).toEqual([SERIES_COLOURS[3], SERIES_COLOURS[0]]);
    const lines = linesSvg('l', [
      {
        id: '0',
        name: 'b',
        colour: 4,
        points: [
          [0, 1],
          [1, 2],
        ],
      },
      {
        id: '1',
        name: 'a',
        colour: 1,
        points: [
          [0, 2],
          [1, 1],
        ],
      },
    ]);
    expect([...lines.matchAll(/stroke="(#[0-9a-f]{6})" stroke-width="1.8"/g)].map((m) => m[1])).toEqual([SERIES_COLOURS[4], SERIES_COLOURS[1]]);
  });
});
