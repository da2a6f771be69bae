import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { layoutProblems } from './pages/layout';
import { LibraryTransferBar } from './pages/ExportDialog';
import { fullWorkshop } from '../fixtures/fullWorkshop';
import { typedName } from '../../shared/model';

/**
 * Projector-ready: on a 1920×1080 projector and a 1366×768 laptop, in zh-CN and en,
 * no chart text is clipped, cut short or overlapping, text is ≥ 18 px on the projector and
 * ≥ 12 px in the app, and contrast meets WCAG AA in light and dark. The candidates carry long
 * real-world names. One page per language; the sizes are changed by resizing, not reloading.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1366, height: 768 },
] as const;

const LONG_NAMES = {
  en: [
    'Self-built distributed training cluster (verl + Megatron-LM on 64× H800)',
    'Managed cloud training platform (Volcano Engine veMLP, reserved GPUs)',
    'Hybrid architecture: on-prem rollout fleet with elastic cloud training',
  ],
  'zh-CN': [
    '开源 verl 自建分布式训练集群（Megatron-LM，64 卡 H800）',
    '托管云训练平台（火山引擎机器学习平台，包年 GPU）',
    '混合架构：本地 rollout 集群 + 云上弹性训练',
  ],
} as const;

const TEXT = {
  en: {
    sample: /Sample/,
    screening: /Screening/,
    room: /Overall evaluation/,
    name: 'Name',
    present: /Present/,
    metrics: /Metrics comparison/,
    validation: /Small-scale validation/,
    sim: 'Open cost simulator',
  },
  'zh-CN': {
    sample: /示例/,
    screening: /初筛范围/,
    room: /综合评估/,
    name: '名称',
    present: /演示/,
    metrics: /指标对比/,
    validation: /小规模验证/,
    sim: '打开成本模拟器',
  },
} as const;

async function settle(page: Page) {
  // Charts lay themselves out after measuring their box: let a frame or two pass.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function shot(page: Page, path: string): Promise<string> {
  await page.screenshot({ path });
  return path;
}

async function expectFits(page: Page, where: string, options: Parameters<typeof layoutProblems>[1]) {
  await settle(page);
  expect.soft(await layoutProblems(page, options), where).toEqual([]);
}

/** The language switch at the top right, as a user changes it. */
async function switchLanguage(page: Page, lang: 'en' | 'zh-CN') {
  await page.getByRole('combobox', { name: /^(Language|语言)$/ }).selectOption(lang);
}

test.use({ viewport: SIZES[0] });

test('charts and presenter views fit at 1920×1080 and 1366×768 with long names, in en and zh-CN, light and dark', async ({ app }, testInfo) => {
  await app.getByRole('link', { name: TEXT.en.sample }).first().click();
  for (const lang of ['en', 'zh-CN'] as const) {
    const text = TEXT[lang];
    await switchLanguage(app, lang);
    await app.setViewportSize(SIZES[0]);

    // Long real-world candidate names, typed where the team names them.
    await app.getByRole('link', { name: text.screening }).click();
    const cards = app.getByRole('list', { name: lang === 'en' ? 'Candidates' : '候选方案' }).getByRole('listitem');
    for (const [i, name] of LONG_NAMES[lang].entries()) {
      const field = cards.nth(i).getByRole('textbox', { name: text.name, exact: true });
      await field.fill(name);
      await field.blur();
    }
    await expect(cards.nth(0).getByRole('textbox', { name: text.name, exact: true })).toHaveValue(LONG_NAMES[lang][0]);

    // Every view of the evaluation room, at both sizes.
    await app.getByRole('link', { name: text.room }).click();
    const tabs = app.getByRole('tablist').first().getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    for (const size of SIZES) {
      await app.setViewportSize(size);
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await expectFits(app, `${lang}: room tab ${i + 1} at ${size.width}×${size.height}`, { minFont: 12 });
      }
    }

    // Presenter: every view at both sizes in light, the tighter size in dark too; screenshots for review.
    await app.getByRole('button', { name: text.present }).click();
    const presenter = app.getByRole('dialog');
    await expect(presenter).toBeVisible();
    const views = presenter.getByRole('navigation').getByRole('button');
    for (const [theme, sizes] of [
      ['light', SIZES],
      ['dark', [SIZES[1]]],
    ] as const) {
      await app.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      for (const size of sizes) {
        await app.setViewportSize(size);
        for (let v = 0; v < (await views.count()); v++) {
          await views.nth(v).click();
          const name = `presenter-${lang}-${size.width}x${size.height}-${theme}-view${v + 1}`;
          await expectFits(app, name, { scope: '.presenter', minFont: 18, html: true, noScroll: true });
          await testInfo.attach(`${name}.png`, { path: await shot(app, testInfo.outputPath(`${name}.png`)), contentType: 'image/png' });
        }
      }
    }
    await app.keyboard.press('Escape');
    await expect(presenter).toBeHidden();
    // The room's charts in dark too (contrast of every label against its backdrop), then back to light.
    await expectFits(app, `${lang}: room in dark`, { minFont: 12 });
    await app.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  }
});

/** A workshop with pilot metrics, value functions, simulations and a budget, its candidates under long real-world names, imported and opened. */
async function openLongNamedWorkshop(app: Page, testInfo: { outputPath: (name: string) => string }) {
  const doc = fullWorkshop({ participants: 4, candidates: 3, criteria: 9, metricPoints: 40 });
  doc.candidates.forEach((c, i) => (c.name = typedName(LONG_NAMES.en[i], LONG_NAMES['zh-CN'][i])));
  doc.meta.title = 'Charts at projector size';
  const file = testInfo.outputPath('charts.workshop.json');
  writeFileSync(file, JSON.stringify(doc));
  await new LibraryTransferBar(app).importFile(file);
  await app
    .getByRole('link', { name: /Charts at projector size/ })
    .first()
    .click();
  return app.locator('nav.steps-nav');
}

/** The screen on show, at both sizes, light and dark (resized and re-themed, never reloaded). */
async function measureScreen(app: Page, where: string) {
  for (const theme of ['light', 'dark'] as const) {
    await app.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    for (const size of SIZES) {
      await app.setViewportSize(size);
      await expectFits(app, `${where} at ${size.width}×${size.height}, ${theme}`, { minFont: 12 });
    }
  }
  await app.evaluate(() => (document.documentElement.dataset.theme = 'light'));
}

test('step 4 metrics and value-function charts fit at both sizes, in en and zh-CN, light and dark', async ({ app }, testInfo) => {
  const steps = await openLongNamedWorkshop(app, testInfo);
  for (const lang of ['en', 'zh-CN'] as const) {
    const text = TEXT[lang];
    await switchLanguage(app, lang);
    const measure = (screen: string) => measureScreen(app, `${lang}: ${screen}`);
    await steps.getByRole('link', { name: text.metrics }).click();
    await expect(app.locator('svg.chart-svg.value-curve').first()).toBeVisible();
    // The pilot's charts (reward, success by horizon…: one per compared metric) and the value functions' curves.
    await expect.poll(() => app.locator('.chart-card svg.chart-svg').count()).toBeGreaterThanOrEqual(2);
    await measure('step 4 metrics and value functions');
    await app.setViewportSize(SIZES[1]);
    await testInfo.attach(`metrics-${lang}.png`, { path: await shot(app, testInfo.outputPath(`metrics-${lang}.png`)), contentType: 'image/png' });
  }
});

test('the cost simulator’s charts fit after a run and after a sweep, at both sizes, in en and zh-CN, light and dark', async ({ app }, testInfo) => {
  const steps = await openLongNamedWorkshop(app, testInfo);
  await steps.getByRole('link', { name: TEXT.en.validation }).click();
  await app.getByRole('link', { name: TEXT.en.sim }).first().click();
  await expect(app.getByRole('heading', { level: 2, name: /^Cost simulator · / })).toBeVisible();
  // The workshop's full result is attached (the run), with the budget from its needs: the step-time, pool and cost charts.
  await expect(app.locator('.sim-charts svg.chart-svg')).toHaveCount(3);
  await expect(app.locator('.sim-charts').getByTestId('budget-line')).toHaveCount(1);
  for (const lang of ['en', 'zh-CN'] as const) {
    await switchLanguage(app, lang);
    await measureScreen(app, `${lang}: simulator after a run`);
  }
  // A sweep of rollout length (the analytic method: the layout, not the physics, is measured here).
  await switchLanguage(app, 'en');
  await app.getByRole('combobox', { name: 'Method' }).selectOption('analytic');
  await app.getByRole('button', { name: 'Sweep rollout length' }).click();
  const sweep = app.locator('.sim-sweep svg.chart-svg');
  await expect(sweep).toBeVisible({ timeout: 60_000 });
  await expect(sweep.getByTestId('budget-line')).toHaveCount(1);
  for (const lang of ['en', 'zh-CN'] as const) {
    await switchLanguage(app, lang);
    await measureScreen(app, `${lang}: simulator after a sweep`);
    await app.setViewportSize(SIZES[1]);
    await sweep.scrollIntoViewIfNeeded();
    await testInfo.attach(`simulator-sweep-${lang}.png`, {
      path: await shot(app, testInfo.outputPath(`simulator-sweep-${lang}.png`)),
      contentType: 'image/png',
    });
  }
});
