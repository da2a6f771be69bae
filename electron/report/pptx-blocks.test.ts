import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { unzip } from '../../test/fixtures/unzip';
import { analyseWorkshop } from '../analysis/analysis';
import type { ReportSection } from './blocks';
import { buildContent } from './content';
import { renderPptx } from './pptx';
import { BODY_BOTTOM } from './pptx-deck';

const EMU = 914_400;

/** Every shape and table of a slide as its vertical extent in inches (top, bottom), top down. */
function extents(xml: string): Array<{ top: number; bottom: number; table: boolean }> {
  const frames = [...xml.matchAll(/<p:(sp|graphicFrame)>[\s\S]*?<\/p:\1>/g)];
  return frames
    .map((m) => {
      const off = /<a:off x="\d+" y="(\d+)"\/>/.exec(m[0]);
      const ext = /<a:ext cx="\d+" cy="(\d+)"\/>/.exec(m[0]);
      if (!off || !ext) return null;
      const top = Number(off[1]) / EMU;
      const table = m[1] === 'graphicFrame' && m[0].includes('<a:tbl>');
      // A table's height is the sum of its rows' heights.
      const rows = [...m[0].matchAll(/<a:tr h="(\d+)"/g)].reduce((a, r) => a + Number(r[1]), 0);
      return { top, bottom: top + (table ? rows : Number(ext[1])) / EMU, table };
    })
    .filter((x): x is NonNullable<typeof x> => x !== null)
    .sort((a, b) => a.top - b.top);
}

describe('report sections on slides', () => {
  it('a table of long, wrapping cells grows with its text and continues on further slides: nothing overlaps or runs into the footer', async () => {
    const long = (i: number, lang: 'en' | 'zh') =>
      lang === 'en'
        ? `Finding ${i}: ${'the canary ran slower than the pilot on long tasks, '.repeat(4)}`
        : `发现 ${i}：${'灰度在长任务上比试点更慢，'.repeat(14)}`;
    const section: ReportSection = {
      id: 'long',
      title: 'Findings',
      blocks: [
        { kind: 'paragraph', text: 'Intro.' },
        {
          kind: 'table',
          head: ['Finding', 'Owner'],
          rows: Array.from({ length: 14 }, (_, i) => [{ text: long(i, i % 2 ? 'zh' : 'en') }, { text: 'Ada' }]),
          cls: 'findings',
          widths: [4, 1],
        },
        { kind: 'pairs', style: 'record', entries: [['After', 'the table']], widths: [1, 3] },
      ],
    };
    const doc = fullWorkshop();
    const files = unzip(Buffer.from(await renderPptx(buildContent(doc, analyseWorkshop(doc), 'en'), [section])));
    const slides = [...files].filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).map(([, xml]) => xml);
    const own = slides.filter((xml) => xml.includes('>Findings'));
    // 14 rows of three or four lines each do not fit one slide.
    expect(own.length).toBeGreaterThan(1);
    const text = own.join('\n');
    for (let i = 0; i < 14; i++) expect(text).toMatch(new RegExp(i % 2 ? `>发现 ${i}：` : `>Finding ${i}:`));
    for (const xml of own) {
      const boxes = extents(xml).slice(1); // the slide's title above
      for (const b of boxes.filter((x) => x.table)) expect(b.bottom).toBeLessThanOrEqual(BODY_BOTTOM + 1e-6);
      for (let i = 1; i < boxes.length; i++) expect(boxes[i].top).toBeGreaterThanOrEqual(boxes[i - 1].bottom - 1e-6);
      // A row of a long finding is at least three lines of 12-point text tall.
      for (const row of xml.matchAll(/<a:tr h="(\d+)">[\s\S]*?<\/a:tr>/g))
        if (/Finding \d|发现 \d/.test(row[0])) expect(Number(row[1]) / EMU).toBeGreaterThanOrEqual((3 * 12 * 1.2) / 72);
    }
  });
});
