import { readFile } from 'node:fs/promises';
import { axeViolations, test, expect } from './fixtures';
import { SimulatorPage } from './pages/SimulatorPage';

// Full simulations and sweeps run real discrete-event jobs on the host's workers.
test.describe.configure({ timeout: 120_000 });

test('opens from step 3 seeded from the candidate and the needs; the estimate follows a slider', async ({ app }) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Self-built/);
  // Seeded: the sample's needs say 40-step rollouts; the candidate is a self-built cluster.
  await expect(sim.field('Turns per rollout — median')).toHaveValue('40');
  await expect(sim.field('Context window')).toHaveValue('65536');
  await expect(app.getByRole('combobox', { name: 'Archetype of the cost total' })).toHaveValue('self-built');
  await expect(sim.estimate('Step time (mean)')).not.toHaveText('—');
  const before = await sim.estimate('GPU-hours').textContent();

  // Keyboard on the slider (each arrow is 1 % of its log range): shorter rollouts, a cheaper run.
  const turns = sim.slider('Turns per rollout — median');
  await turns.focus();
  for (let i = 0; i < 12; i++) await turns.press('ArrowLeft');
  await expect(sim.field('Turns per rollout — median')).not.toHaveValue('40');
  await expect(sim.estimate('GPU-hours')).not.toHaveText(before!);
  const shorter = Number((await sim.estimate('GPU-hours').textContent())!.replace(/,/g, ''));
  expect(shorter).toBeLessThan(Number(before!.replace(/,/g, '')));

  // A value the contract refuses is explained at the field, is not committed, and nothing runs until it is fixed.
  await sim.set('Turns per rollout — p99', '2');
  await expect(app.getByText('Not applied: The p99 must be at least the median.')).toBeVisible();
  await expect(sim.runButton).toBeDisabled();
  await sim.set('Turns per rollout — p99', '200');
  await expect(sim.runButton).toBeEnabled();
});

test('a full simulation shows progress, draws its charts and stays attached after a reload', async ({ app }) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Managed/);
  await sim.set('Training steps', '60');
  await expect(sim.full('Step time (mean)')).toHaveText('—');
  await sim.runButton.click();
  await expect(sim.runProgress).toBeVisible();
  await expect(sim.attached).toBeVisible({ timeout: 45_000 });
  const step = await sim.full('Step time (mean)').textContent();
  expect(step).not.toBe('—');
  await expect(sim.full('GPU-hours')).not.toHaveText('—');
  for (const title of ['Where a training step’s time goes', 'Utilization and idle time per GPU pool', 'Cost of this run per archetype'])
    await expect(sim.chart(title)).toBeVisible();
  // The cost chart compares all three archetypes side by side.
  await expect(sim.chart('Cost of this run per archetype').locator('.column')).toHaveCount(3);
  // Each chart exports as a standalone file.
  const download = app.waitForEvent('download');
  await app.getByRole('button', { name: 'Export “Cost of this run per archetype” as SVG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/ – Cost of this run per archetype – \d{4}-\d{2}-\d{2}\.svg$/);
  expect(await readFile((await file.path())!, 'utf8')).toContain('<svg');
  await expect(sim.comparison.getByRole('row', { name: /Managed cloud training platform/ })).not.toContainText('No full result yet');

  await app.reload();
  await expect(sim.heading).toContainText('Managed');
  await expect(sim.attached).toBeVisible();
  await expect(sim.full('Step time (mean)')).toHaveText(step!);
  await expect(sim.field('Training steps')).toHaveValue('60');

  // Editing the scenario keeps the result, marked stale with what changed; undo makes it current again.
  await sim.set('Training steps', '61');
  await expect(app.getByTestId('sim-result-stale')).toContainText('steps');
  await expect(sim.full('Step time (mean)')).toHaveText(step!);
  await expect(sim.comparison.getByRole('row', { name: /Managed cloud training platform/ })).toContainText('stale');
  await app.getByRole('button', { name: 'Undo' }).click();
  await expect(app.getByTestId('sim-result-stale')).toBeHidden();
  await expect(sim.full('Step time (mean)')).toHaveText(step!);
});

test('a long run can be cancelled and attaches nothing', async ({ app }) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Hybrid/);
  // 2,000 steps × 256 prompts × 8 rollouts of ~40 turns: minutes of simulation.
  await sim.set('Training steps', '2000');
  await sim.set('Prompts per step', '256');
  await sim.runButton.click();
  await expect(sim.runProgress).toBeVisible();
  await expect(sim.runButton).toBeDisabled();
  await sim.cancel();
  await expect(sim.cancelled).toBeVisible();
  await expect(sim.runProgress).toHaveCount(0);
  await expect(sim.runButton).toBeEnabled();
  await expect(sim.full('Step time (mean)')).toHaveText('—');
  // A new run right after works and attaches.
  await sim.set('Training steps', '5');
  await sim.set('Prompts per step', '16');
  await sim.runButton.click();
  await expect(sim.attached).toBeVisible({ timeout: 30_000 });
});

test('sweeping rollout length draws cost and step time against turns', async ({ app }) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Self-built/);
  await expect(app.getByText(/No sweep yet/)).toBeVisible();
  await sim.set('Training steps', '5');
  await expect(app.getByRole('textbox', { name: /Median turns to try/ })).toHaveValue('1, 2, 4, 8, 16, 32, 64');
  await sim.sweepButton.click();
  await expect(sim.sweepProgress).toBeVisible();
  const curve = sim.chart('Cost and step time versus rollout length');
  await expect(curve).toBeVisible({ timeout: 50_000 });
  // One marker per swept value in each of the three panels (cost per step, the run's cost against the budget line, step time).
  await expect(curve.locator('circle')).toHaveCount(21);
  await expect(curve.getByTestId('budget-line')).toHaveCount(1);
  await expect(app.getByText(/The seed warns that long-chain rollouts consume compute non-linearly/)).toBeVisible();
  await expect(app.getByText(/64× longer rollouts cost/)).toBeVisible();

  // A value the tail does not allow (only the median moves) is refused inline.
  await app.getByRole('checkbox', { name: /Lengthen the tail with the median/ }).uncheck();
  await app.getByRole('textbox', { name: /Median turns to try/ }).fill('1, 500');
  await expect(app.getByText(/500 is above the scenario’s turns p99 or cap/)).toBeVisible();
  await expect(sim.sweepButton).toBeDisabled();
});

test('accessibility: no serious or critical axe violations on the simulator, light and dark', async ({ app }) => {
  const sim = new SimulatorPage(app);
  await sim.openFromValidation(/Hybrid/);
  await expect(sim.estimate('Step time (mean)')).not.toHaveText('—');
  await app.getByRole('combobox', { name: 'Method' }).selectOption('analytic');
  await sim.sweepButton.click();
  await expect(sim.chart('Cost and step time versus rollout length')).toBeVisible();
  await sim.set('Turns per rollout — p99', '2'); // an inline error on screen too
  await expect(app.getByText('The p99 must be at least the median.')).toBeVisible();
  for (const theme of ['light', 'dark']) {
    await app.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    expect(await axeViolations(app, '.simulator', theme)).toEqual([]);
  }
});
