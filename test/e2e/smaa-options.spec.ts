import { writeFileSync } from 'node:fs';
import { createSampleWorkshop } from '../../shared/model';
import { test, expect, SAMPLE_CRITERIA } from './fixtures';
import { LibraryTransferBar } from './pages/ExportDialog';
import { RoomPage } from './pages/RoomPage';

/**
 * The weights of the room's acceptability analysis, as a facilitator sets them in step 5: a
 * constraint ("cost matters at least twice as much as scalability") changes the
 * acceptabilities and is stated; a contradicting one is named; the weights drawn from the
 * room's own pairwise judgments change them again. One page, one import.
 */
test.describe.configure({ timeout: 120_000 });

const TITLE = 'SMAA options E2E';
const COST = SAMPLE_CRITERIA.indexOf('Cost structure');
const SCALE = SAMPLE_CRITERIA.indexOf('Scalability');

/** The sample workshop with two judges whose full (consistent) judgments pull apart: one for cost, one for scalability. */
function judgedSample(path: string) {
  const doc = createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w-smaa');
  doc.meta.title = TITLE;
  const ids = doc.criteria.map((c) => c.id);
  const priorities = (heavy: number) => ids.map((_, k) => (k === heavy ? 8 : 1));
  doc.weighting.ahp = [COST, SCALE].map((heavy, k) => {
    const p = priorities(heavy);
    return { participantId: doc.participants[k].id, criteria: ids, matrix: ids.map((_, i) => ids.map((__, j) => p[i] / p[j])), pairsTracked: true };
  });
  writeFileSync(path, JSON.stringify(doc));
}

test('a weight constraint and the room’s judgments change the acceptabilities, stated and named', async ({ app }, info) => {
  const file = info.outputPath('judged.workshop.json');
  judgedSample(file);
  const bar = new LibraryTransferBar(app);
  await bar.importFile(file);
  await expect(bar.toast).toContainText(TITLE);
  await app.getByRole('link', { name: TITLE }).click();
  const room = new RoomPage(app);
  await room.openStep();
  await room.view('Robustness');
  await room.analysisSettled();

  const first = app.getByTestId('smaa-first');
  const settings = app.getByTestId('smaa-settings');
  await expect(first.getByRole('listitem').first()).toHaveText(/: \d+\.\d% ± \d+\.\d%$/);
  await expect(settings).toContainText('around the team’s weights');
  const around = await first.textContent();

  // "Cost matters at least twice as much as scalability", by keyboard-usable form controls.
  await app.getByRole('radio', { name: 'Under weight constraints' }).check();
  await app.getByRole('button', { name: 'Add a constraint' }).click();
  const c1 = app.getByRole('group', { name: 'Constraint 1' });
  await c1.getByRole('combobox', { name: 'Matters more' }).selectOption({ label: 'Cost structure' });
  await c1.getByRole('combobox', { name: 'than' }).selectOption({ label: 'Scalability' });
  await c1.getByRole('spinbutton', { name: 'at least × (ratio)' }).fill('2');
  await expect(settings).toContainText('Cost structure ≥ 2 × Scalability');
  await expect(first).not.toHaveText(around ?? '');
  const constrained = await first.textContent();

  // A second constraint that contradicts the first is named, with the first.
  await app.getByRole('button', { name: 'Add a constraint' }).click();
  const c2 = app.getByRole('group', { name: 'Constraint 2' });
  await c2.getByRole('combobox', { name: 'Matters more' }).selectOption({ label: 'Scalability' });
  await c2.getByRole('combobox', { name: 'than' }).selectOption({ label: 'Cost structure' });
  await c2.getByRole('spinbutton', { name: 'at least × (ratio)' }).fill('1');
  await expect(app.getByTestId('smaa-problem')).toContainText('contradict each other');
  await expect(app.getByTestId('smaa-problem')).toContainText('Cost structure ≥ 2 × Scalability; Scalability ≥ 1 × Cost structure');
  await c2.getByRole('button', { name: 'Remove constraint 2' }).click();
  await expect(app.getByTestId('smaa-problem')).toHaveCount(0);

  // Weights from the room's own judgments: the two judges pull apart, and the figures move.
  await app.getByRole('radio', { name: 'From the room’s judgments' }).check();
  await expect(settings).toContainText('the judges resampled');
  await expect(first).not.toHaveText(constrained ?? '');
  await app.getByRole('radio', { name: 'Each judgment within one scale step' }).check();
  await expect(settings).toContainText('within one step of the 1–9 scale');
  await app.screenshot({ path: info.outputPath('smaa-options.png'), fullPage: true });
});
