import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { LibraryPage } from './pages/LibraryPage';
import { WizardPage } from './pages/WizardPage';

const KPI = /explicit KPIs/;

async function openNeeds(page: Page, url: string, workshopId: string) {
  await page.goto(url);
  await page.evaluate((id) => (location.hash = `#/w/${id}/needs`), workshopId);
  await expect(page.getByRole('textbox', { name: KPI })).toBeVisible();
}

test('two tabs on one workshop: live sync when one is idle, a clear choice on a conflict — never a silent overwrite', async ({ app, host, context }) => {
  const lib = new LibraryPage(app);
  await lib.create('Shared between tabs');
  const a = new WizardPage(app);
  await expect(a.nav).toBeVisible();
  const id = /#\/w\/([^/]+)/.exec(app.url())![1];
  await a.gotoStep('Needs confirmation');
  const pageB = await context.newPage();
  await openNeeds(pageB, host.url, id);
  const b = new WizardPage(pageB);

  // Live sync: B has nothing unsaved, so it follows A.
  await a.answerText(KPI, 'success rate ≥ 60% on long tasks');
  await a.expectSaved();
  await expect(pageB.getByRole('textbox', { name: KPI })).toHaveValue('success rate ≥ 60% on long tasks');
  await expect(pageB.getByText('Updated from another window')).toBeVisible();

  // Both edit at once: one save wins, the other window is asked — nothing is overwritten silently.
  await Promise.all([a.answerText(KPI, 'version from A'), b.answerText(KPI, 'version from B')]);
  const conflictA = app.getByRole('alertdialog');
  const conflictB = pageB.getByRole('alertdialog');
  await expect.poll(async () => (await conflictA.isVisible()) || (await conflictB.isVisible())).toBe(true);
  // Exactly one window was asked: the other's save went through.
  expect((await conflictA.isVisible()) && (await conflictB.isVisible())).toBe(false);
  const loser = (await conflictA.isVisible()) ? { page: app, text: 'version from A', other: pageB } : { page: pageB, text: 'version from B', other: app };
  // The winner's text is what is stored now; the loser still shows its own, unsaved.
  await expect(loser.page.getByRole('textbox', { name: KPI })).toHaveValue(loser.text);
  await loser.page.getByRole('button', { name: 'Keep this window’s version' }).click();
  await expect(loser.page.getByRole('alertdialog')).toHaveCount(0);
  // The other window follows the explicit choice, and a reload shows it was stored.
  await expect(loser.other.getByRole('textbox', { name: KPI })).toHaveValue(loser.text);
  await loser.other.reload();
  await expect(loser.other.getByRole('textbox', { name: KPI })).toHaveValue(loser.text);
});
