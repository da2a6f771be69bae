import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { pick } from '../../shared/framework';
import { reportStrings } from '../../shared/i18n/report';
import { displayName, type WorkshopDoc } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { BOM, renderCsv } from './csv';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * A dimension scored at its focus points keeps its own dimension scores (with their rationales)
 * but does not use them: the exports must not show them as if they counted. The rationale list
 * leaves them out (saying so), and lists the focus point scores' own rationales; the CSV's
 * long-form scores list the focus point scores (with their rationales) instead.
 */
const LANGS = ['en', 'zh-CN'] as const;
const UNUSED = 'UNUSED-dimension-rationale';
/** A focus point score's own rationale, with markup that every export must escape. */
const LEAF_WHY = '<b>Leaf & why</b> 关注要点理由';
const CLEARED_WHY = 'Cleared focus point, rationale kept';

function workshop(scoreAt: 'leaves' | 'dimension', lang: 'en' | 'zh-CN' = 'en'): WorkshopDoc {
  const base = fullWorkshop({ lang });
  const node = base.hierarchy[0];
  const [p0, p1] = base.participants;
  const [c0, c1] = base.candidates;
  const leaf = (participantId: string, candidateId: string, j: number, value: number | null, rationale = '') => ({
    participantId,
    candidateId,
    criterionId: node.criterionId,
    leafId: node.leaves[j].id,
    value,
    rationale,
  });
  return {
    ...base,
    hierarchy: base.hierarchy.map((n, i) => (i === 0 ? { ...n, scoreAt } : n)),
    // Every dimension score of the expanded dimension carries a rationale of its own (kept, unused when scored at the leaves).
    scores: base.scores.map((s) => (s.criterionId === node.criterionId ? { ...s, rationale: `${UNUSED} ${s.participantId}/${s.candidateId}` } : s)),
    // Two focus point scores carry a rationale of their own, one of them without a score (cleared, its rationale kept).
    leafScores: [leaf(p0.id, c0.id, 0, 8, LEAF_WHY), leaf(p0.id, c0.id, 1, 4), leaf(p1.id, c1.id, 0, 6), leaf(p1.id, c1.id, 1, null, CLEARED_WHY)],
  };
}

const parse = (text: string) => Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: true }).data;

describe('exports of a dimension scored at its focus points', () => {
  for (const lang of LANGS) {
    const doc = workshop('leaves', lang);
    const node = doc.hierarchy[0];
    const k = doc.criteria.findIndex((c) => c.id === node.criterionId);
    const dimension = displayName(doc.criteria[k], lang, 'criterion', k);
    const s = reportStrings(lang);
    const content = buildContent(doc, analyseWorkshop(doc), lang);

    it(`${lang}: the rationale list leaves out the unused dimension scores, lists the focus points' own and keeps every other`, () => {
      expect(content.rationales.some((x) => x.criterion === dimension)).toBe(false);
      expect(content.rationales.some((x) => x.text.includes(UNUSED))).toBe(false);
      const others = doc.scores.filter((x) => x.criterionId !== node.criterionId && x.rationale.trim() !== '');
      expect(others.length).toBeGreaterThan(0);
      expect(content.rationales).toHaveLength(others.length + 2);
      const [p0, p1] = doc.participants;
      const [c0, c1] = doc.candidates.map((c, i) => displayName(c, lang, 'candidate', i));
      const leaves = content.rationales.filter((x) => x.criterion.startsWith(`${dimension} › `));
      expect(leaves).toEqual([
        { participant: p0.name, candidate: c0, criterion: `${dimension} › ${pick(node.leaves[0].name, lang)}`, score: 8, text: LEAF_WHY },
        { participant: p1.name, candidate: c1, criterion: `${dimension} › ${pick(node.leaves[1].name, lang)}`, score: null, text: CLEARED_WHY },
      ]);
      // In document order: the first participant's rows before the second's.
      const byWhom = content.rationales.map((x) => x.participant);
      expect(byWhom.lastIndexOf(p0.name)).toBeLessThan(byWhom.indexOf(p1.name));
    });

    it(`${lang}: the HTML report lists a focus point's rationale, escaped`, () => {
      const html = renderHtml(content);
      const section = html.slice(html.indexOf('id="rationales"'));
      expect(section).toContain('&lt;b&gt;Leaf &amp; why&lt;/b&gt; 关注要点理由');
      expect(html).not.toContain(LEAF_WHY);
      expect(section).toContain(CLEARED_WHY);
    });

    // The Markdown record and the slide deck leave the rationales to the full report (sections.ts OUTLINED_SECTIONS).
    it(`${lang}: the HTML says why the dimension's rationales are not listed; neither it nor the Markdown has an unused one`, () => {
      const note = s.rationalesLeafScored(dimension);
      const html = renderHtml(content);
      expect(html).not.toContain(UNUSED);
      const section = html.slice(html.indexOf('id="rationales"'));
      expect(html.indexOf('id="rationales"')).toBeGreaterThan(0);
      expect(section).toContain(note);
      const md = renderMarkdown(content).replace(/\\(.)/g, '$1');
      expect(md).not.toContain(UNUSED);
    });

    it(`${lang}: the CSV lists the focus point scores, each naming its focus point, and not the unused dimension scores`, () => {
      const rows = parse(renderCsv(content, 'scores'));
      expect(rows[0]).toEqual(['participant', 'candidate', 'criterion', 'score', 'rationale', 'focus_point']);
      const body = rows.slice(1);
      // Every row has the same six columns; the dimension-scored criteria name no focus point.
      expect(body.every((r) => r.length === 6)).toBe(true);
      const ofDimension = body.filter((r) => r[2] === dimension);
      expect(ofDimension.every((r) => r[5] !== '')).toBe(true);
      expect(body.some((r) => r[4].includes(UNUSED))).toBe(false);
      const leafName = (j: number) => pick(node.leaves[j].name, lang);
      const [p0, p1] = doc.participants;
      const [c0, c1] = doc.candidates.map((c, i) => displayName(c, lang, 'candidate', i));
      expect(ofDimension).toEqual([
        [p0.name, c0, dimension, '8', LEAF_WHY, leafName(0)],
        [p0.name, c0, dimension, '4', '', leafName(1)],
        [p1.name, c1, dimension, '6', '', leafName(0)],
        [p1.name, c1, dimension, '', CLEARED_WHY, leafName(1)],
      ]);
      expect(body).toHaveLength(doc.scores.filter((x) => x.criterionId !== node.criterionId).length + doc.leafScores.length);
      expect(body.filter((r) => r[2] !== dimension).every((r) => r[5] === '')).toBe(true);
    });
  }

  it('only unused rationales of a dimension scored at its focus points: the section is there to say so', () => {
    const lang = 'en';
    const full = workshop('leaves', lang);
    const doc = {
      ...full,
      scores: full.scores.map((x) => (x.criterionId === full.hierarchy[0].criterionId ? x : { ...x, rationale: '' })),
      leafScores: full.leafScores.map((x) => ({ ...x, rationale: '' })),
    };
    const content = buildContent(doc, analyseWorkshop(doc), lang);
    expect(content.rationales).toEqual([]);
    const html = renderHtml(content);
    expect(html).toContain('id="rationales"');
    expect(html).not.toContain(UNUSED);
  });

  it('scored at the dimension: its rationales and scores are listed, its kept focus point scores are not', () => {
    const lang = 'en';
    const doc = workshop('dimension', lang);
    const node = doc.hierarchy[0];
    const k = doc.criteria.findIndex((c) => c.id === node.criterionId);
    const dimension = displayName(doc.criteria[k], lang, 'criterion', k);
    const content = buildContent(doc, analyseWorkshop(doc), lang);
    expect(content.rationales.filter((x) => x.criterion === dimension)).toHaveLength(doc.scores.filter((x) => x.criterionId === node.criterionId).length);
    expect(content.rationales.some((x) => x.text === LEAF_WHY || x.text === CLEARED_WHY)).toBe(false);
    expect(renderHtml(content)).not.toContain(reportStrings(lang).rationalesLeafScored(dimension));
    const body = parse(renderCsv(content, 'scores')).slice(1);
    expect(body).toHaveLength(doc.scores.length);
    expect(body.every((r) => r[5] === '')).toBe(true);
    expect(body.filter((r) => r[2] === dimension && r[4].includes(UNUSED))).toHaveLength(doc.scores.filter((x) => x.criterionId === node.criterionId).length);
  });
});
