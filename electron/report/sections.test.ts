import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { unzip } from '../../test/fixtures/unzip';
import { analyseWorkshop } from '../analysis/analysis';
import type { ReportSection } from './blocks';
import { buildContent } from './content';
import { escapeHtml, escapeMarkdownInline, userHtml } from './escape';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { renderPptx } from './pptx';
import { buildSections } from './sections';

const doc = fullWorkshop();
const content = buildContent(doc, analyseWorkshop(doc), 'en');

/** A section no writer knows: every block kind, with hostile user text in it. */
const HOSTILE = '<script>alert(1)</script> **bold** | pipe';
const extra: ReportSection = {
  id: 'extra',
  title: 'Lessons learnt',
  blocks: [
    { kind: 'paragraph', text: ['Written by ', { user: HOSTILE }], style: 'muted' },
    { kind: 'heading', text: 'What went well' },
    { kind: 'list', items: ['Early pilots', { user: 'Fast <b>reviews</b>' }] },
    {
      kind: 'table',
      head: ['Lesson', 'Owner'],
      rows: [
        [{ text: 'Budget early' }, { text: { user: 'Ada' } }],
        [{ text: 'Pilot twice' }, { text: { user: HOSTILE } }],
      ],
      cls: 'lessons',
    },
    { kind: 'pairs', style: 'record', entries: [['Next review', { user: '2026-12-01' }]] },
    { kind: 'kpis', items: [['Pilots run', '7']] },
    { kind: 'callout', tone: 'bad', title: 'Watch out', items: ['Cluster quota expires'] },
    {
      kind: 'chart',
      svg: '<svg class="chart lessons"></svg>',
      caption: 'Pilots per month',
      data: { labels: ['Jan', 'Feb'], series: [{ name: 'Pilots', values: [3, 4] }] },
    },
  ],
};
const sections = [...buildSections(content), extra];
/** Our words, written once in the section above, in every format. */
const OWN = [
  'Lessons learnt',
  'What went well',
  'Early pilots',
  'Budget early',
  'Pilot twice',
  'Next review',
  'Pilots run',
  'Watch out',
  'Cluster quota expires',
];

describe('a report section written once', () => {
  it('appears in the HTML report, in the contents and with every block, user text escaped', () => {
    const html = renderHtml(content, sections);
    expect(html).toContain('<li><a href="#extra">Lessons learnt</a></li>');
    const part = html.slice(html.indexOf('<section id="extra">'));
    expect(part.length).toBeGreaterThan(0);
    for (const text of OWN) expect(part).toContain(escapeHtml(text));
    expect(part).toContain('<table class="lessons">');
    expect(part).toContain('<svg class="chart lessons"></svg><figcaption>Pilots per month</figcaption>');
    expect(part).toContain(`<p class="muted">Written by ${userHtml(HOSTILE)}</p>`);
    expect(part).not.toContain('<script>');
    expect(part).not.toContain('<b>reviews');
  });

  it('appears in the Markdown record after its ADR parts, user text escaped', () => {
    const md = renderMarkdown(content, sections);
    expect([...md.matchAll(/^## (.+)$/gm)].map((m) => m[1]).at(-1)).toBe('Lessons learnt');
    const part = md.slice(md.indexOf('## Lessons learnt'));
    for (const text of OWN) expect(part).toContain(text);
    expect(part).toContain('| Lesson | Owner |');
    expect(part).toContain(`| Pilot twice | ${escapeMarkdownInline(HOSTILE)} |`);
    expect(part).toContain('_Pilots per month_');
    expect(part).toContain(`_Written by ${escapeMarkdownInline(HOSTILE)}_`);
    expect(part).not.toMatch(/(?<!\\)<(script|b>)|(?<!\\)\*\*bold/);
  });

  it('appears in the slide deck on slides of its own, the chart drawn natively, user text as text', async () => {
    const files = unzip(Buffer.from(await renderPptx(content, sections)));
    const slides = [...files].filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).map(([, xml]) => xml);
    const own = slides.filter((xml) => xml.includes('>Lessons learnt'));
    expect(own.length).toBeGreaterThan(0);
    const text = own.join('\n');
    for (const t of OWN) expect(text).toContain(`>${t}<`);
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; **bold** | pipe');
    expect(text).not.toContain('<script>');
    const charts = [...files].filter(([name]) => /^ppt\/charts\/chart\d+\.xml$/.test(name)).map(([, xml]) => xml);
    expect(charts.some((xml) => xml.includes('Pilots') && xml.includes('>Feb<'))).toBe(true);
  });

  it('without it, the deck and the record are what they were: the added section is the only difference', async () => {
    const plain = renderMarkdown(content);
    const withExtra = renderMarkdown(content, sections);
    const footer = plain.indexOf('---\n');
    expect(withExtra.slice(0, footer)).toBe(plain.slice(0, footer));
    expect(renderHtml(content)).toBe(renderHtml(content, buildSections(content)));
  });
});
