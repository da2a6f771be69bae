import { writeFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { LibraryTransferBar } from './pages/ExportDialog';
import { fullWorkshop } from '../fixtures/fullWorkshop';
import { importMetrics } from '../../shared/model/edits/metrics';

test.describe.configure({ timeout: 300_000 });
const OUT = '/work/wt/provenance/.tmp/shots';

for (const lang of ['en', 'zh-CN'] as const) {
  test(`shots ${lang}`, async ({ app }) => {
    const lib = new LibraryPage(app);
    if (lang === 'zh-CN') await lib.switchLanguage('zh-CN');
    // A crafted workshop: metrics changed since scores were taken, a stale decision, a kept older result.
    let doc = fullWorkshop({ participants: 5, candidates: 4, criteria: 9 });
    const w = doc.metrics.written[0];
    doc = { ...doc, id: `shots-${lang}`, meta: { ...doc.meta, title: `Shots ${lang}` } };
    doc = { ...doc, metrics: { ...doc.metrics, written: [{ ...w, candidateId: doc.candidates[0].id, criterionId: 'throughput-efficiency', value: 10, basis: 10 }] } };
    doc = { ...doc, scores: doc.scores.map((s) => (s.participantId === w.participantId && s.candidateId === doc.candidates[0].id && s.criterionId === 'throughput-efficiency' ? { ...s, value: 10 } : s)) };
    doc = importMetrics(doc, [{ candidateId: doc.candidates[1].id, metric: 'iteration-speed', bucket: '', points: [[1, 500], [2, 500]] }], { file: 'y.csv', importedAt: doc.createdAt, rows: 2 });
    doc = { ...doc, decision: { ...doc.decision, basis: 'deadbeef' } };
    doc = { ...doc, simulations: doc.simulations.map((s, i) => (i === 0 ? { ...s, result: null, resultScenario: null, ranAt: '', legacy: '{"result":{"totals":{"costTotal":4321,"gpuHours":77},"step":{"meanSeconds":95}},"ranAt":"2026-01-02T03:04:05.000Z"}' } : s)) };
    const file = `${OUT}-${lang}.workshop.json`;
    writeFileSync(file, JSON.stringify(doc));
    const bar = new LibraryTransferBar(app);
    await bar.importFile(file);
    await lib.expectWorkshop(`Shots ${lang}`);
    // Re-import: asks.
    await bar.importFile(file);
    await expect(app.getByRole('dialog')).toBeVisible();
    await app.screenshot({ path: `${OUT}/${lang}-reimport.png` });
    await app.getByRole('dialog').getByRole('button').nth(2).click();
    await expect(lib.card(`Shots ${lang} (2)`)).toBeVisible();
    await app.screenshot({ path: `${OUT}/${lang}-reimport-after.png` });

    const base = app.url().split('#')[0];
    await app.goto(`${base}#/w/shots-${lang}/metrics`);
    await app.waitForTimeout(1500);
    await app.locator('.metrics-proposal').scrollIntoViewIfNeeded();
    await app.screenshot({ path: `${OUT}/${lang}-metrics-proposal.png` });
    await app.goto(`${base}#/w/shots-${lang}/iteration`);
    await app.waitForTimeout(1500);
    await app.locator('.decision-stale').scrollIntoViewIfNeeded();
    await app.screenshot({ path: `${OUT}/${lang}-decision-stale.png` });
    await app.goto(`${base}#/w/shots-${lang}/validation?sim=${doc.candidates[0].id}`);
    await app.waitForTimeout(2500);
    await app.getByRole('button', { name: /Workshop details|工作坊信息/ }).click();
    await app.screenshot({ path: `${OUT}/${lang}-sim-outdated-meta.png` });
    const steps = app.getByRole('textbox', { name: /^(Training steps|训练步数)/ });
    await steps.fill('99999');
    await steps.press('Tab');
    await app.waitForTimeout(500);
    await steps.scrollIntoViewIfNeeded();
    await app.screenshot({ path: `${OUT}/${lang}-sim-refused.png` });
    await app.locator('.sim-compare').scrollIntoViewIfNeeded();
    await app.screenshot({ path: `${OUT}/${lang}-sim-compare.png` });
    await app.goto(`${base}#/w/shots-${lang}/screening`);
    await app.getByRole('button', { name: /Remove candidate|删除候选方案/ }).first().click();
    await app.screenshot({ path: `${OUT}/${lang}-remove-confirm.png` });
  });
}
