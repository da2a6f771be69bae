import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pick } from '../../shared/framework';
import { reportStrings } from '../../shared/i18n/report';
import { type WorkshopDoc } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { printedText, squeeze } from '../../test/fixtures/printedPdf';
import { unzip } from '../../test/fixtures/unzip';
import { analyseWorkshop } from '../analysis/analysis';
import { ahpGroup } from '../engine/ahp';
import { dispatch } from '../service/dispatch';
import { findChromium } from '../service/pdf';
import { createInlineRunner } from '../service/tasks/runner';
import { buildContent, formatNumber, formatPercent } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * "Focus points: local and global weights" in every format: each expanded dimension's focus
 * points with their local and global weights, computed here from the document's points.
 */
const LANGS = ['en', 'zh-CN'] as const;

/** The fixture with a second expanded dimension whose focus point names are hostile. */
function workshop(): WorkshopDoc {
  const doc = fullWorkshop();
  const c = doc.criteria[2];
  return {
    ...doc,
    hierarchy: [
      ...doc.hierarchy,
      {
        criterionId: c.id,
        leaves: [
          { id: 'fp-1', name: { 'zh-CN': '<script>窗口</script>', en: '<script>window</script>' }, weight: 1 },
          { id: 'fp-2', name: { 'zh-CN': '**粗体**', en: '**bold** | pipe' }, weight: 3 },
        ],
      },
    ],
  };
}

/** What each format must carry, as plain text: names and percentages computed by hand. */
function expected(doc: WorkshopDoc, lang: (typeof LANGS)[number]) {
  const s = reportStrings(lang);
  const total = doc.criteria.reduce((a, c) => a + c.weight, 0);
  const leaves = doc.hierarchy.flatMap((node) => {
    const dim = doc.criteria.find((c) => c.id === node.criterionId)!.weight / total;
    const sum = node.leaves.reduce((a, l) => a + l.weight, 0);
    return node.leaves.map((l) => ({ name: pick(l.name, lang), local: formatPercent(l.weight / sum, 1), global: formatPercent((dim * l.weight) / sum, 1) }));
  });
  return { title: s.hierarchy, heads: [s.localWeight, s.globalWeight], leaves };
}

describe('report: focus points with local and global weights', () => {
  const doc = workshop();

  it('a flat workshop has no such section', () => {
    const flat = { ...doc, hierarchy: [] };
    const html = renderHtml(buildContent(flat, analyseWorkshop(flat), 'en'));
    expect(html).not.toContain('id="hierarchy"');
    expect(html).not.toContain(reportStrings('en').hierarchy);
  });

  it('a pairwise dimension prints its eigenvector local shares and its CR, and no points', () => {
    // Two focus points judged 3 : 1 — the principal eigenvector of [[1, 3], [1/3, 1]] is (3/4, 1/4); two items have no CR (always consistent).
    const at = doc.hierarchy.length - 1;
    const a = 3;
    const judged: WorkshopDoc = {
      ...doc,
      hierarchy: doc.hierarchy.map((n, k) =>
        k === at
          ? {
              ...n,
              method: 'pairwise',
              matrix: [
                [1, a],
                [1 / a, 1],
              ],
            }
          : n,
      ),
    };
    const s = reportStrings('en');
    const total = judged.criteria.reduce((x, c) => x + c.weight, 0);
    const dim = judged.criteria.find((c) => c.id === judged.hierarchy[at].criterionId)!.weight / total;
    const html = renderHtml(buildContent(judged, analyseWorkshop(judged), 'en'));
    const section = html.slice(html.indexOf('id="hierarchy"'));
    expect(section).toContain(s.hierarchyPairwiseCr('—'));
    const row = section.slice(section.indexOf('**bold**'), section.indexOf('</tr>', section.indexOf('**bold**')));
    expect(row).toContain(formatPercent(1 / (1 + a), 1));
    expect(row).toContain(formatPercent(dim / (1 + a), 1));
    // An unanswered pairwise dimension says its shares are equal until judged.
    const open = {
      ...judged,
      hierarchy: judged.hierarchy.map((n, k) =>
        k === at
          ? {
              ...n,
              matrix: [
                [1, null],
                [null, 1],
              ],
            }
          : n,
      ),
    };
    expect(renderHtml(buildContent(open, analyseWorkshop(open), 'en'))).toContain(s.hierarchyPairwisePending);
  });

  it('a pairwise dimension of three prints Saaty’s CR of its judgments, computed here by power iteration', () => {
    const a = [
      [1, 3, 2],
      [1 / 3, 1, 4],
      [1 / 2, 1 / 4, 1],
    ];
    let w = [1 / 3, 1 / 3, 1 / 3];
    for (let it = 0; it < 1000; it++) {
      const next = a.map((row) => row.reduce((x, v, j) => x + v * w[j], 0));
      const sum = next.reduce((x, v) => x + v, 0);
      w = next.map((v) => v / sum);
    }
    const lambda = a.map((row, i) => row.reduce((x, v, j) => x + v * w[j], 0) / w[i]).reduce((x, v) => x + v, 0) / 3;
    const cr = (lambda - 3) / 2 / 0.58; // CI / RI(3), Saaty 1980
    const at = doc.hierarchy.findIndex((n) => n.leaves.length === 3);
    const judged: WorkshopDoc = { ...doc, hierarchy: doc.hierarchy.map((n, k) => (k === at ? { ...n, method: 'pairwise', matrix: a } : n)) };
    for (const lang of LANGS) {
      const md = renderMarkdown(buildContent(judged, analyseWorkshop(judged), lang)).replace(/\\(.)/g, '$1');
      const s = reportStrings(lang);
      expect(md).toContain(s.hierarchyPairwiseCr(formatNumber(cr, 3)));
      const first = pick(judged.hierarchy[at].leaves[0].name, lang);
      const line = md.split('\n').find((l) => l.includes(first));
      expect(line).toContain(formatPercent(w[0], 1));
    }
  });

  it('a node judged by participants prints the group’s CR with its index, consensus S* with its label and the judge count, in both languages', () => {
    const at = doc.hierarchy.findIndex((n) => n.leaves.length === 3);
    const [p, q] = doc.participants.map((x) => x.id);
    const full = (u: number[]) => [
      [1, u[0], u[1]],
      [1 / u[0], 1, u[2]],
      [1 / u[1], 1 / u[2], 1],
    ];
    const mine = full([3, 5, 2]);
    const theirs = full([1 / 2, 2, 4]);
    const base: WorkshopDoc = {
      ...doc,
      participants: doc.participants.map((x) => ({ ...x, influence: 1 })),
      hierarchy: doc.hierarchy.map((n, k) => (k === at ? { ...n, method: 'pairwise', matrix: full([1, 1, 1]) } : n)),
    };
    const withJudges = (judgments: Array<{ participantId: string; matrix: number[][] }>): WorkshopDoc => ({
      ...base,
      hierarchy: base.hierarchy.map((n, k) => (k === at ? { ...n, judgments } : n)),
    });
    const two = withJudges([
      { participantId: p, matrix: mine },
      { participantId: q, matrix: theirs },
    ]);
    const one = withJudges([{ participantId: p, matrix: mine }]);
    // The group's figures from the engine's group AHP on the same two matrices (AIJ, equal influence).
    const g = ahpGroup([mine, theirs], [1, 1], 'aij');
    expect(g.consensus).not.toBeNull();
    for (const lang of LANGS) {
      const s = reportStrings(lang);
      const md = renderMarkdown(buildContent(two, analyseWorkshop(two), lang)).replace(/\\(.)/g, '$1');
      const section = md.slice(md.indexOf(`## ${s.hierarchy}`));
      expect(section).toContain(s.hierarchyPairwiseCr(formatNumber(g.cr!, 3)));
      expect(section).toContain(s.hierarchyCrIndex(formatNumber(g.crAlonsoLamata!, 3)));
      expect(section).toContain(s.hierarchyGroup(2, formatNumber(g.consensus!.sStar, 2), s.consensusLabel[g.consensus!.label]));
      const first = pick(two.hierarchy[at].leaves[0].name, lang);
      expect(section.split('\n').find((l) => l.includes(first))).toContain(formatPercent(g.weights[0], 1));
      const solo = renderMarkdown(buildContent(one, analyseWorkshop(one), lang)).replace(/\\(.)/g, '$1');
      expect(solo).toContain(s.hierarchyGroupNa(1));
      expect(solo).not.toContain(s.hierarchyGroup(2, formatNumber(g.consensus!.sStar, 2), s.consensusLabel[g.consensus!.label]));
    }
  });

  for (const lang of LANGS) {
    it(`${lang}: HTML carries every focus point with its local and global weight, user text escaped`, () => {
      const html = renderHtml(buildContent(doc, analyseWorkshop(doc), lang));
      const x = expected(doc, lang);
      const section = html.slice(html.indexOf('id="hierarchy"'));
      expect(section.length).toBeLessThan(html.length);
      for (const t of [x.title, ...x.heads]) expect(section).toContain(t);
      for (const leaf of x.leaves) {
        const escaped = leaf.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        const at = section.indexOf(escaped);
        expect(at, leaf.name).toBeGreaterThan(0);
        const row = section.slice(at, section.indexOf('</tr>', at));
        expect(row).toContain(leaf.local);
        expect(row).toContain(leaf.global);
      }
      expect(html).not.toContain('<script>window');
      expect(html).not.toContain('<script>窗口');
    });

    it(`${lang}: Markdown carries the same, escaped`, () => {
      const md = renderMarkdown(buildContent(doc, analyseWorkshop(doc), lang));
      const x = expected(doc, lang);
      const section = md.slice(md.indexOf(`## ${x.title}`));
      expect(section.length).toBeLessThan(md.length);
      expect(section).not.toMatch(/(?<!\\)<script/);
      const plain = section.replace(/\\(.)/g, '$1');
      for (const leaf of x.leaves) {
        const line = plain.split('\n').find((l) => l.includes(leaf.name));
        expect(line, leaf.name).toBeDefined();
        expect(line).toContain(leaf.local);
        expect(line).toContain(leaf.global);
      }
    });

    it(`${lang}: the slide deck carries the same`, async () => {
      const out = await dispatch('report.render', { workshop: doc, format: 'pptx', lang }, { host: 'test', tasks: createInlineRunner(), checkResponse: true });
      if (!out.ok) throw new Error(JSON.stringify(out));
      const files = unzip(Buffer.from((out.result as { content: string }).content, 'base64'));
      const xml = [...files]
        .filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map(([, x]) => x)
        .join('\n');
      expect(xml).not.toContain('<script>');
      const text = xml.replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
      const x = expected(doc, lang);
      for (const t of [x.title, ...x.heads, ...x.leaves.flatMap((l) => [l.name, l.local, l.global])]) expect(text).toContain(t);
    });
  }

  const chromium = findChromium();
  it('PDF (through a local Chromium) carries the same in both languages', async () => {
    expect(chromium, 'a Chromium is needed to print the PDF (set CHROMIUM_PATH)').toBeTruthy();
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-pdf-hierarchy-'));
    for (const lang of LANGS) {
      const text = await printedText(doc, lang, dir);
      const x = expected(doc, lang);
      for (const t of [x.title, ...x.leaves.flatMap((l) => [l.name, l.global])]) expect(text).toContain(squeeze(t));
    }
  }, 180_000);
});
