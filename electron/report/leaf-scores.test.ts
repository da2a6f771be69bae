import { describe, expect, it } from 'vitest';
import { pick } from '../../shared/framework';
import { reportStrings } from '../../shared/i18n/report';
import { displayName, type WorkshopDoc } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { unzip } from '../../test/fixtures/unzip';
import { analyseWorkshop } from '../analysis/analysis';
import { dispatch } from '../service/dispatch';
import { createInlineRunner } from '../service/tasks/runner';
import { buildContent, formatNumber } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * A dimension scored at its focus points, in the reports: which one, every participant's focus
 * point scores, and the values derived from them (computed here by hand), in both languages.
 */
const LANGS = ['en', 'zh-CN'] as const;

function workshop(): { doc: WorkshopDoc; derived: number } {
  const base = fullWorkshop();
  const node = base.hierarchy[0];
  const [p] = base.participants;
  const [c] = base.candidates;
  const doc: WorkshopDoc = {
    ...base,
    hierarchy: base.hierarchy.map((n, i) => (i === 0 ? { ...n, scoreAt: 'leaves' } : n)),
    leafScores: [
      { participantId: p.id, candidateId: c.id, criterionId: node.criterionId, leafId: node.leaves[0].id, value: 8, rationale: '' },
      { participantId: p.id, candidateId: c.id, criterionId: node.criterionId, leafId: node.leaves[1].id, value: 4, rationale: '' },
    ],
  };
  // Only the first two focus points scored: their points renormalised over themselves.
  const [w0, w1] = [node.leaves[0].weight, node.leaves[1].weight];
  return { doc, derived: (w0 * 8 + w1 * 4) / (w0 + w1) };
}

describe('report: a dimension scored at its focus points', () => {
  const { doc, derived } = workshop();
  const node = doc.hierarchy[0];
  const k = doc.criteria.findIndex((c) => c.id === node.criterionId);

  it('the analysis ranks on the derived value', () => {
    const a = analyseWorkshop(doc);
    // The derived value is the first participant's; one participant of four with no other scores on this dimension.
    expect(a.evaluation!.aggregated[0][k]).toBeCloseTo(derived, 12);
    expect(a.evaluation!.aggregated[1][k]).toBeNull();
  });

  for (const lang of LANGS) {
    it(`${lang}: HTML and Markdown name the dimension, carry the focus point scores and the derived value`, () => {
      const s = reportStrings(lang);
      const dimension = displayName(doc.criteria[k], lang, 'criterion', k);
      const content = buildContent(doc, analyseWorkshop(doc), lang);
      const html = renderHtml(content);
      const section = html.slice(html.indexOf('id="hierarchy"'));
      expect(section).toContain(s.leafScoredRow);
      const derivedAt = section.indexOf(s.leafScoredDerived(dimension));
      expect(derivedAt).toBeGreaterThan(0);
      expect(section.slice(derivedAt, section.indexOf('</tr>', derivedAt))).toContain(formatNumber(derived, 2));
      const leafAt = section.indexOf(pick(node.leaves[0].name, lang));
      const leafRow = section.slice(section.indexOf(pick(node.leaves[0].name, lang), section.indexOf(s.leafScoredRow)));
      expect(leafAt).toBeGreaterThan(0);
      expect(leafRow.slice(0, leafRow.indexOf('</tr>'))).toContain(formatNumber(8, 2));
      expect(html).toContain(s.leafScoredInScores(dimension));

      const md = renderMarkdown(content).replace(/\\(.)/g, '$1');
      const line = md.split('\n').find((l) => l.includes(s.leafScoredDerived(dimension)));
      expect(line).toContain(formatNumber(derived, 2));
    });
  }

  it('the slide deck carries the same (zh-CN)', async () => {
    const lang = 'zh-CN';
    const out = await dispatch('report.render', { workshop: doc, format: 'pptx', lang }, { host: 'test', tasks: createInlineRunner(), checkResponse: true });
    if (!out.ok) throw new Error(JSON.stringify(out));
    const files = unzip(Buffer.from((out.result as { content: string }).content, 'base64'));
    const text = [...files]
      .filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
      .map(([, x]) => x)
      .join('\n')
      .replace(/&gt;/g, '>')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
    const dimension = displayName(doc.criteria[k], lang, 'criterion', k);
    expect(text).toContain(reportStrings(lang).leafScoredDerived(dimension));
    expect(text).toContain(formatNumber(derived, 2));
  });
});
