import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures';
import { ExportDialog, LibraryTransferBar } from './pages/ExportDialog';
import { languageLeaks, markdownTexts, screenTexts, type TextItem } from './pages/language';
import { fullWorkshop } from '../fixtures/fullWorkshop';
import { typedName } from '../../shared/model';

/**
 * One language at a time: in each language, one page walks the library, an invalid
 * file's import problems, every step of the decision path with every tab on it, the cost
 * simulator, the presenter's views and the export dialog, then the HTML report and the Markdown
 * decision record it exports — and fails on text of the other language and on raw keys or ids
 * (pages/language.ts says what is checked and what is left out). The workshop is a full one
 * (every field filled) whose typed text is in the workshop's language, as a team would type it.
 */
test.describe.configure({ timeout: 600_000 });
// The machine is shared: a screen may take a while to come up under load.
const expect = baseExpect.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1366, height: 900 } });

type Lang = 'en' | 'zh-CN';
const CJK = /[\u3400-\u9fff]/;
/** English the fixture types: a capitalised word alone ("Pending") or words with spaces (its ids, paths and option values have no spaces). */
const LATIN_WORDS = /^[A-Z][a-z]+$|[A-Za-z]{2,}\s+[A-Za-z]{2,}/;

const NAMES: Record<Lang, string[]> = {
  en: ['Self-built verl cluster', 'Managed cloud platform', 'Hybrid: own rollout fleet, cloud training'],
  'zh-CN': ['自建 verl 训练集群', '托管云训练平台', '混合架构：自有采样集群加云上训练'],
};

/** The full workshop with everything the team typed in `lang` (the fixture types English). */
function workshopIn(lang: Lang) {
  const doc = fullWorkshop({ lang, participants: 4, candidates: 3, criteria: 9, metricPoints: 12 }) as unknown as Record<string, unknown>;
  let n = 0;
  const typed = () => (lang === 'zh-CN' ? `团队填写的说明 ${++n}` : `What the team wrote, ${++n}`);
  const foreign = (s: string) => (lang === 'zh-CN' ? LATIN_WORDS.test(s) : CJK.test(s));
  // Text the team typed: every string with words of the other language, but not the built-in bilingual texts (keys en / zh-CN) or translations.
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [
          k,
          k === 'en' || k === 'zh-CN' || k === 'translation' || k === 'legacy' ? x : typeof x === 'string' && foreign(x) ? typed() : walk(x),
        ]),
      );
    return v;
  };
  const out = walk(doc) as { candidates: { name: unknown }[]; meta: { title: string } };
  out.candidates.forEach((c, i) => (c.name = typedName(NAMES[lang][i])));
  out.meta.title = lang === 'zh-CN' ? '语言检查工作坊' : 'Language check workshop';
  return out;
}

async function settle(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Reads what is on screen now and records its leaks (soft: the walk goes on and lists all of them). */
async function check(page: Page, lang: Lang, where: string, scope?: string) {
  await settle(page);
  const leaks = languageLeaks(await screenTexts(page, scope), lang);
  if (leaks.length && process.env.LEAKS_LOG) console.log(`${lang}: ${where}\n  ${leaks.join('\n  ')}`);
  expect.soft(leaks, `${lang}: ${where}`).toEqual([]);
}

/** Clicks every tab of every tab list on the page (tab lists that appear on the way are visited too), checking each view. */
async function walkTabs(page: Page, lang: Lang, where: string) {
  const lists = page.getByRole('tablist');
  for (let l = 0; l < (await lists.count()); l++) {
    const tabs = lists.nth(l).getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      const tab = tabs.nth(i);
      if (!(await tab.isVisible()) || (await tab.isDisabled())) continue;
      const name = (await tab.textContent())?.trim() ?? `tab ${i + 1}`;
      await tab.click();
      await check(page, lang, `${where} › ${name}`);
    }
  }
}

/** The open dialog (a native `dialog` or a `role=dialog`). */
const DIALOG = 'dialog[open], [role=dialog]';

const TEXT = {
  en: {
    lang: 'en',
    steps: 'Decision path',
    added: /Added/,
    validation: /Small-scale validation/,
    room: /Overall evaluation/,
    present: /Present/,
    sim: /Open cost simulator/,
  },
  'zh-CN': { lang: 'zh-CN', steps: '决策路径', added: /已将/, validation: /小规模验证/, room: /综合评估/, present: /演示/, sim: /打开成本模拟器/ },
} as const;

for (const lang of ['en', 'zh-CN'] as const) {
  test(`every screen and report speaks ${lang} only, with no raw keys`, async ({ app, context }, info) => {
    const text = TEXT[lang];
    await app.getByRole('combobox', { name: /^(Language|语言)$/ }).selectOption(lang);
    await expect(app.locator('html')).toHaveAttribute('lang', lang);
    await check(app, lang, 'library');

    // A broken workshop file: its problems in the app's language only (English validator messages in zh once leaked here).
    const bar = new LibraryTransferBar(app);
    const broken = workshopIn(lang) as unknown as { meta: { title: string; colour?: string }; scores: { value: unknown }[]; aggregation: string };
    broken.meta.title = '';
    broken.scores[0].value = 'high';
    broken.aggregation = 'mode';
    broken.meta.colour = 'red';
    const brokenFile = info.outputPath('broken.workshop.json');
    writeFileSync(brokenFile, JSON.stringify(broken));
    await bar.importFile(brokenFile);
    await expect(bar.problems).toBeVisible();
    await expect(bar.problems.getByRole('alert')).toContainText(
      lang === 'en' ? 'The workshop is not valid: 4 problems found.' : '工作坊文件无效：发现 4 个问题。',
    );
    await expect(bar.problems.getByRole('listitem').first()).toHaveText(lang === 'en' ? 'meta.title: must not be empty' : 'meta.title: 不能为空');
    await check(app, lang, 'import problems', DIALOG);
    await app.screenshot({ path: info.outputPath(`import-problems-${lang}.png`) });
    await bar.problems.getByRole('button', { name: /^(Close|关闭)$/ }).click();

    // The full workshop, imported as a team would.
    const file = info.outputPath('language.workshop.json');
    writeFileSync(file, JSON.stringify(workshopIn(lang)));
    await bar.importFile(file);
    await expect(bar.toast).toContainText(text.added);
    await app
      .getByRole('link', { name: lang === 'zh-CN' ? /语言检查工作坊/ : /Language check workshop/ })
      .first()
      .click();

    // Every step of the decision path, and every tab on it.
    const steps = app.getByRole('navigation', { name: text.steps }).locator('a[href^="#/w/"]');
    await expect(steps.first()).toBeVisible();
    for (let s = 0; s < (await steps.count()); s++) {
      const name = (await steps.nth(s).textContent())?.trim() ?? `step ${s + 1}`;
      await steps.nth(s).click();
      await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
      await check(app, lang, name);
      await walkTabs(app, lang, name);
    }

    // The cost simulator of the first candidate.
    await steps.filter({ hasText: text.validation }).click();
    await app.getByRole('link', { name: text.sim }).first().click();
    await expect(app.getByRole('heading', { level: 2, name: /^(Cost simulator|成本模拟) · / })).toBeVisible();
    await check(app, lang, 'simulator');
    await walkTabs(app, lang, 'simulator');

    // The presenter, every view.
    await steps.filter({ hasText: text.room }).click();
    await app.getByRole('button', { name: text.present }).click();
    const presenter = app.getByRole('dialog');
    await expect(presenter).toBeVisible();
    const views = presenter.getByRole('navigation').getByRole('button');
    for (let v = 0; v < (await views.count()); v++) {
      await views.nth(v).click();
      await check(app, lang, `presenter view ${v + 1}`, DIALOG);
    }
    await app.keyboard.press('Escape');
    await expect(presenter).toBeHidden();

    // The export dialog, and the human-readable exports it writes.
    const dialog = new ExportDialog(app);
    await dialog.open();
    await check(app, lang, 'export dialog', DIALOG);
    const html = info.outputPath(`report-${lang}.html`);
    await (await dialog.export(/^(HTML report|HTML 报告)/)).saveAs(html);
    const md = info.outputPath(`decision-${lang}.md`);
    await (await dialog.export(/Markdown/)).saveAs(md);
    const pdf = info.outputPath(`report-${lang}.pdf`);
    await (await dialog.export(/^(PDF report|PDF 报告)/, 180_000)).saveAs(pdf);
    await dialog.close();

    // The PDF as a reader gets it: its text (pdftotext, poppler-utils; the test fails without it, never skips).
    const pdfText = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    baseExpect(pdfText.error, 'pdftotext is needed to read the PDF report (apt-get install poppler-utils)').toBeUndefined();
    baseExpect(pdfText.status, pdfText.stderr).toBe(0);
    // One item per text block (a paragraph, a table cell), its lines joined: a phrase wrapped over two lines is read as one.
    const pdfLines = pdfText.stdout
      .split(/\n\s*\n|\f/)
      .map((block, i) => ({
        text: block
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(' '),
        where: `PDF report block ${i + 1}`,
      }))
      .filter((x) => x.text);
    baseExpect(pdfLines.length, 'the PDF report has text').toBeGreaterThan(20);
    expect.soft(languageLeaks(pdfLines, lang), `${lang}: PDF report`).toEqual([]);

    expect.soft(languageLeaks(markdownTexts(readFileSync(md, 'utf8'), 'decision record'), lang), `${lang}: Markdown decision record`).toEqual([]);
    const report = await context.newPage();
    await report.goto(`file://${html}`);
    const items: TextItem[] = await screenTexts(report);
    expect.soft(languageLeaks(items, lang), `${lang}: HTML report`).toEqual([]);
    await report.close();
  });
}
