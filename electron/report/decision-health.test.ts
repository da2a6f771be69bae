import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { ASSUMPTION_LABELS, confirmDecision, importCanary, setWeightPoints, type WorkshopDoc } from '../../shared/model';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { renderPptx } from './pptx';

const AT = '2026-03-01T09:00:00.000Z';

/** The full workshop with its decision confirmed (snapshot taken), a canary whose throughput breaks the pilot's, and a weight changed since. */
function reviewed(lang: 'en' | 'zh-CN'): WorkshopDoc {
  let doc = confirmDecision(fullWorkshop({ lang }), AT);
  const id = doc.decision.candidateId!;
  const pilot = doc.decision.snapshot!.pilot.find((p) => p.candidateId === id)!;
  expect(pilot.iterationSpeed).not.toBeNull();
  doc = importCanary(doc, [{ candidateId: id, metric: 'iteration-speed', bucket: '', points: [[1, pilot.iterationSpeed! / 2]] }], {
    file: 'canary.csv',
    importedAt: AT,
    rows: 1,
  });
  return setWeightPoints(doc, doc.criteria[0].id, doc.criteria[0].weight + 5);
}

const content = (doc: WorkshopDoc, lang: 'en' | 'zh-CN') => buildContent(doc, analyseWorkshop(doc), lang);

describe('report: decision health', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    const L = ASSUMPTION_LABELS[lang];
    const doc = reviewed(lang);
    const r = content(doc, lang);

    it(`${lang}: the board with a broken throughput assumption, and the weight changed since the decision`, () => {
      const h = r.health!;
      expect(h.hasSnapshot).toBe(true);
      const throughput = h.rows.find((row) => row.assumption === L.ids.throughput)!;
      expect(throughput).toMatchObject({ status: 'broken', statusText: L.statuses.broken });
      expect(h.changes).toHaveLength(1);
      expect(h.changes[0]).toContain(r.criterionName(doc.criteria[0].id));
    });

    it(`${lang}: HTML (and so PDF), Markdown and the deck carry the section`, async () => {
      const html = renderHtml(r);
      expect(html).toContain('<section id="health"');
      expect(html).toContain(`<span class="status blocked">${L.statuses.broken}</span>`);
      const md = renderMarkdown(r);
      expect(md).toContain(`## ${L.title}`);
      expect(md).toContain(`**${L.statuses.broken}**`);
      const zip = await JSZip.loadAsync(await renderPptx(r));
      const slides = await Promise.all(
        Object.keys(zip.files)
          .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
          .map((f) => zip.file(f)!.async('string')),
      );
      const all = slides.join('\n');
      expect(all).toContain(L.title);
      expect(all).toContain(L.statuses.broken);
      expect(all).toContain(L.changes);
    });
  }

  it('a decision recorded before snapshots says how to make one; no decision, no section', () => {
    const full = fullWorkshop({ lang: 'en' });
    const old = { ...full, decision: { ...full.decision, snapshot: null } };
    const r = content(old, 'en');
    expect(r.health).toMatchObject({ hasSnapshot: false, snapshot: ASSUMPTION_LABELS.en.noSnapshot });
    expect(renderHtml(r)).toContain('Confirm it in step 5');
    const none = { ...old, decision: { ...old.decision, candidateId: null } };
    expect(content(none, 'en').health).toBeNull();
    expect(renderHtml(content(none, 'en'))).not.toContain('id="health"');
  });

  it('escapes user text in the diff', () => {
    let doc = reviewed('en');
    doc = { ...doc, criteria: doc.criteria.map((c, i) => (i === 0 ? { ...c, name: { ...c.name, text: '<img src=x onerror=alert(1)>' } } : c)) };
    const html = renderHtml(content(doc, 'en'));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
