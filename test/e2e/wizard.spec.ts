import path from 'node:path';
import { test, expect } from './fixtures';
import { LibraryPage } from './pages/LibraryPage';
import { WizardPage } from './pages/WizardPage';
import { ALL_QUESTIONS } from '../../shared/framework/needs';

/** The needs questionnaire's length (it grows as the framework asks more). */
const QUESTIONS = ALL_QUESTIONS.length;

const PILOT_CSV = path.resolve('test/fixtures/pilot-metrics.csv');
const PROBLEMS_CSV = path.resolve('test/fixtures/pilot-metrics-problems.csv');
const GROWTH = /growing fast/;
const CODE = /mostly code generation/;

test('a facilitator walks steps 1–4, 6 and 7 of a fresh workshop, reloads, and finds everything as left', async ({ app }) => {
  test.setTimeout(240_000); // one long meeting in one test
  const lib = new LibraryPage(app);
  const w = new WizardPage(app);
  await lib.create('Pilot selection');
  await w.gotoStep('Needs confirmation');

  // 1 · Needs: structured answers, with an inline error that keeps what was typed.
  await expect(app.getByText(`0 of ${QUESTIONS} questions answered`)).toBeVisible();
  await w.choose('Main task type', 'Code generation and repair');
  await w.choose('Business stage', 'Rapid growth');
  await w.choose('Does the team have experience tuning RL algorithms?', 'Limited');
  await w.choose('Do you need online learning or continuous iteration?', 'No');
  const rollout = w.numberAnswer(/Expected rollout length/);
  await rollout.fill('forty');
  await expect(app.getByText('Enter a number, e.g. 40 or 2.5.')).toBeVisible();
  await expect(rollout).toHaveValue('forty');
  await rollout.fill('0');
  await expect(app.getByText('Enter a number from 1 to 10,000.')).toBeVisible();
  await rollout.fill('40');
  await expect(rollout).not.toHaveAttribute('aria-invalid', 'true');
  await w.answerText(/explicit KPIs/, 'Long-horizon success ≥ 35 %');
  await expect(app.getByText(`6 of ${QUESTIONS} questions answered`)).toBeVisible();
  // Why it matters: each question names the criteria it feeds.
  await expect(w.question('Business stage')).toContainText('Throughput efficiency');
  await expect(w.question('Business stage')).toContainText('Scalability');
  expect(await w.stepProgress('Needs confirmation')).toBe(Math.round((6 / QUESTIONS) * 100));

  // 2 · Screening: proposals from the answers; accept one, reject one.
  await w.gotoStep('Screening');
  await expect(w.proposals.getByRole('listitem', { name: /./ })).toHaveCount(4); // growth, RL experience, code, ≥30 steps
  await expect(w.startingWeight('Throughput efficiency')).toHaveText('12');
  await w.accept(GROWTH);
  await expect(w.startingWeight('Throughput efficiency')).toHaveText('17');
  await expect(w.startingWeight('Scalability')).toHaveText('16');
  await w.reject(CODE);
  await expect(w.startingWeight('Context management')).toHaveText('11');
  // Undo the rejection and redo it: the weight never moved, the decision did.
  await app.getByRole('button', { name: /Undo/ }).click();
  await expect(w.proposal(CODE)).toContainText('Undecided');
  await app.getByRole('button', { name: /Redo/ }).click();
  await expect(w.proposal(CODE)).toContainText('Rejected');
  await w.renameCandidate('Managed cloud training platform', 'Vendor X managed RL');
  await w.describeCandidate('Vendor X managed RL', 'Managed GRPO with async rollouts');

  // 3 · Validation plan.
  await w.gotoStep('Small-scale validation');
  await w.fillValidation('Vendor X managed RL', 'Benchmark', { owner: 'Chen', status: 'Done', due: '2026-04-15', result: 'Long-horizon success 24 %' });
  await w.fillValidation('Vendor X managed RL', 'Throughput stress test', { owner: 'Wang', status: 'In progress' });
  await expect(w.plan('Vendor X managed RL')).toContainText('1 of 5 done');
  await expect(w.plan('Vendor X managed RL').getByRole('link', { name: 'Open cost simulator' })).toHaveAttribute(
    'href',
    /#\/w\/[^/]+\/validation\?sim=managed$/,
  );

  // 4 · Metrics: a CSV with problems shows row-level errors; the good file imports and charts.
  await w.gotoStep('Metrics comparison');
  await expect(app.getByText(/No pilot metrics yet/)).toBeVisible();
  await w.chooseMetricsFile(PROBLEMS_CSV);
  const problems = app.getByRole('list', { name: '3 rows have problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Row 3, column “reward”: “abc” is not a number',
    'Row 4, column “reward”: the cell is missing',
    'Row 5, column “candidate”: “unknown” is not a candidate — map it above',
  ]);
  await app.getByRole('button', { name: 'Cancel' }).click();
  await w.importMetrics(PILOT_CSV);
  await expect(w.chart('Reward convergence').locator('path.line')).toHaveCount(3);
  await expect(w.chart('Task success rate by horizon').locator('rect')).toHaveCount(9);
  await expect(w.figures.getByRole('row', { name: /Vendor X managed RL/ })).toContainText('142');
  await w.takeSuggestionsInto('A new participant “Pilot data”');
  await expect(app.getByText('Wrote 12 suggested scores for Pilot data.')).toBeVisible();
  expect(await w.stepProgress('Metrics comparison')).toBe(100);

  // 6 · Canary rollout.
  await w.gotoStep('Canary rollout');
  await w.fillChecklist('Monitoring', { owner: 'Wang', due: '2026-05-01', status: 'In progress', note: 'Grafana boards for rollouts' });
  await w.fillChecklist('Data isolation', { status: 'Done' });
  await w.addChecklistItem('Rollback drill');
  await w.fillChecklist('Rollback drill', { owner: 'Lin' });
  await w.answerText('Canary scope', '5 % of code-repair tasks for two weeks');
  await w.answerText('Go / no-go criteria', 'Success ≥ baseline; no reward anomalies for 7 days');
  await expect(app.getByText('1 of 7 done')).toBeVisible();

  // 7 · Iteration log and decision record.
  await w.gotoStep('Continuous iteration');
  await expect(app.getByText(/No reviews yet/)).toBeVisible();
  await w.addReview();
  const review = w.review(0);
  await review.getByLabel('Date').fill('2026-06-01');
  await review.getByRole('combobox', { name: 'Decision area' }).selectOption({ label: 'Reward design' });
  await review.getByRole('textbox', { name: 'Observation' }).fill('Reward hacking on flaky tests');
  await review.getByRole('textbox', { name: 'Decision', exact: true }).fill('Add hidden tests to the reward');
  await review.getByRole('textbox', { name: 'Owner' }).fill('Chen');
  await app.getByLabel('Next review').fill('2026-07-01');
  // The decision is recorded at the end of step 5 (after the evaluation); step 7 shows it.
  await w.gotoStep('Overall evaluation');
  await app.getByRole('combobox', { name: 'Chosen candidate' }).selectOption({ label: 'Vendor X managed RL' });
  await app.getByRole('textbox', { name: 'Rationale', exact: true }).fill('Best overall fit for a team with limited RL experience');
  await app.getByRole('textbox', { name: 'Dissent', exact: true }).fill('Finance prefers the hybrid for cost');
  await w.gotoStep('Continuous iteration');
  await expect(app.getByRole('region', { name: 'The decision', exact: true })).toContainText('Vendor X managed RL');
  await w.expectSaved();

  // Reload: everything is as left.
  await app.reload();
  await expect(app.getByRole('heading', { level: 1, name: /Continuous iteration/ })).toBeVisible();
  await expect(w.review(0).getByRole('textbox', { name: 'Observation' })).toHaveValue('Reward hacking on flaky tests');
  await expect(w.review(0).getByRole('combobox', { name: 'Decision area' })).toHaveValue('reward-design');
  await expect(app.getByLabel('Next review')).toHaveValue('2026-07-01');
  await expect(app.getByRole('region', { name: 'The decision', exact: true })).toContainText('Best overall fit for a team with limited RL experience');
  await w.gotoStep('Overall evaluation');
  await expect(app.getByRole('combobox', { name: 'Chosen candidate' })).toHaveValue('managed');
  await expect(app.getByRole('textbox', { name: 'Dissent', exact: true })).toHaveValue('Finance prefers the hybrid for cost');

  await w.gotoStep('Needs confirmation');
  await expect(w.question('Main task type').getByRole('radio', { name: 'Code generation and repair' })).toBeChecked();
  await expect(w.numberAnswer(/Expected rollout length/)).toHaveValue('40');
  await expect(app.getByRole('textbox', { name: /explicit KPIs/ })).toHaveValue('Long-horizon success ≥ 35 %');

  await w.gotoStep('Screening');
  await expect(w.proposal(GROWTH)).toContainText('Accepted');
  await expect(w.proposal(CODE)).toContainText('Rejected');
  await expect(w.startingWeight('Throughput efficiency')).toHaveText('17');
  await expect(w.candidateCard('Vendor X managed RL').getByRole('textbox', { name: 'Description' })).toHaveValue('Managed GRPO with async rollouts');

  await w.gotoStep('Small-scale validation');
  await expect(w.plan('Vendor X managed RL').getByRole('textbox', { name: 'Owner of “Benchmark”' })).toHaveValue('Chen');
  await expect(w.plan('Vendor X managed RL').getByLabel('Due date of “Benchmark”')).toHaveValue('2026-04-15');
  await expect(w.plan('Vendor X managed RL').getByRole('textbox', { name: 'Result of “Benchmark”' })).toHaveValue('Long-horizon success 24 %');

  await w.gotoStep('Metrics comparison');
  await expect(w.chart('Reward convergence').locator('path.line')).toHaveCount(3);
  await expect(w.figures.getByRole('row')).toHaveCount(4);

  await w.gotoStep('Canary rollout');
  await expect(app.getByRole('textbox', { name: 'Owner of “Monitoring”' })).toHaveValue('Wang');
  await expect(app.getByRole('combobox', { name: 'Status of “Monitoring”' })).toHaveValue('in-progress');
  await expect(app.getByRole('textbox', { name: 'Owner of “Rollback drill”' })).toHaveValue('Lin');
  await expect(app.getByRole('textbox', { name: 'Canary scope' })).toHaveValue('5 % of code-repair tasks for two weeks');
});

test('typing in a field is one undo step; undo restores the text before the burst', async ({ app }) => {
  const lib = new LibraryPage(app);
  const w = new WizardPage(app);
  await lib.create('Undo check');
  await w.gotoStep('Canary rollout');
  const scope = app.getByRole('textbox', { name: 'Canary scope' });
  await scope.click();
  await scope.pressSequentially('five percent', { delay: 10 });
  await app.getByRole('textbox', { name: 'Go / no-go criteria' }).click(); // leaving the field ends the burst
  await app.getByRole('button', { name: /Undo/ }).click();
  await expect(scope).toHaveValue('');
  await app.getByRole('button', { name: /Redo/ }).click();
  await expect(scope).toHaveValue('five percent');
});

test('a dimension the team renamed keeps a translation of its name, editable like a candidate’s', async ({ app }) => {
  const lib = new LibraryPage(app);
  const w = new WizardPage(app);
  await lib.create('Criterion translation');
  await w.gotoStep('Screening');
  const nameBox = app.getByRole('textbox', { name: 'Name: Throughput efficiency', exact: true });
  await nameBox.fill('Rollout speed');
  const translation = app.getByRole('textbox', { name: 'Translation (optional): Rollout speed', exact: true });
  await translation.fill('推理吞吐');
  await app.getByRole('textbox', { name: 'Name: Rollout speed', exact: true }).click(); // leaving the field ends the burst
  await app.getByRole('button', { name: /Undo/ }).click();
  await expect(translation).toHaveValue('');
  await app.getByRole('button', { name: /Redo/ }).click();
  await expect(translation).toHaveValue('推理吞吐');
  await app.reload();
  await expect(app.getByRole('textbox', { name: 'Translation (optional): Rollout speed', exact: true })).toHaveValue('推理吞吐');
});

test('keyboard only: the needs form is reachable and answerable without a mouse', async ({ app }) => {
  const lib = new LibraryPage(app);
  const w = new WizardPage(app);
  await lib.create('Keyboard pass');
  await w.gotoStep('Needs confirmation');
  const focusedName = () =>
    app.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el ? `${el.tagName}:${el.type ?? ''}:${el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? ''}` : '';
    });
  // Tab from the step heading to the first question's first option.
  await app.getByRole('heading', { level: 1 }).click();
  for (let i = 0; i < 40 && !(await focusedName()).startsWith('INPUT:radio:Yes'); i++) await app.keyboard.press('Tab');
  expect(await focusedName()).toBe('INPUT:radio:Yes');
  await app.keyboard.press('Space'); // Q1: yes
  await expect(w.question(/raise the agent’s success rate/).getByRole('radio', { name: 'Yes' })).toBeChecked();
  await app.keyboard.press('Tab'); // the Clear button of Q1
  await app.keyboard.press('Tab'); // Q2, first option
  await app.keyboard.press('ArrowRight'); // arrows move within a radio group and select
  await expect(w.question(/self-correct/).getByRole('radio', { name: 'No' })).toBeChecked();
  await app.keyboard.press('Tab'); // Clear
  await app.keyboard.press('Tab'); // KPIs
  await app.keyboard.type('Pass@1 on SWE tasks');
  await expect(app.getByRole('textbox', { name: /explicit KPIs/ })).toHaveValue('Pass@1 on SWE tasks');
  await app.keyboard.press('Tab'); // Main task type
  await app.keyboard.press('Space');
  await expect(w.question('Main task type').getByRole('radio', { name: 'Code generation and repair' })).toBeChecked();
  await app.keyboard.press('Tab'); // Clear
  await app.keyboard.press('Tab'); // Business stage
  await app.keyboard.press('ArrowRight');
  await expect(w.question('Business stage').getByRole('radio', { name: 'Rapid growth' })).toBeChecked();
  await app.keyboard.press('Tab');
  await app.keyboard.press('Tab'); // rollout length
  await app.keyboard.type('12x');
  await expect(app.getByRole('alert').filter({ hasText: 'Enter a number' })).toBeVisible();
  await app.keyboard.press('Backspace');
  await expect(app.getByRole('alert').filter({ hasText: 'Enter a number' })).toHaveCount(0);
  await expect(w.numberAnswer(/Expected rollout length/)).toHaveValue('12');
  await expect(app.getByText(`6 of ${QUESTIONS} questions answered`)).toBeVisible();
  // The proposals these answers raise are a keyboard step away.
  await w.nav.getByRole('link', { name: /Screening/ }).focus();
  await app.keyboard.press('Enter');
  await expect(w.proposal(GROWTH)).toBeVisible();
  await w
    .proposal(GROWTH)
    .getByRole('button', { name: /Accept/ })
    .focus();
  await app.keyboard.press('Enter');
  await expect(w.proposal(GROWTH)).toContainText('Accepted');
});

test('the team writes a rule of its own: condition, reason, proposal, accept, remove and undo', async ({ app }) => {
  const lib = new LibraryPage(app);
  const w = new WizardPage(app);
  await lib.create('Own rule');
  await w.gotoStep('Screening');
  await app.getByText(/^All adaptation rules \(\d+\)$/).click();
  await app.getByRole('button', { name: 'Add a rule' }).click();
  const rule = app.locator('.all-rules li.rule').last();
  await expect(rule.getByText('New rule: set its conditions')).toBeVisible();
  await rule
    .getByRole('combobox', { name: 'Question of condition 1' })
    .selectOption({ label: 'Staff for long-term maintenance and model version iteration (people)' });
  await rule.getByRole('combobox', { name: 'Comparison of condition 1' }).selectOption({ label: 'is at most' });
  await rule.getByRole('textbox', { name: 'Value of condition 1' }).fill('2');
  await rule.getByRole('textbox', { name: /^Reason/ }).fill('Few maintainers: weigh mismatch control up');
  await rule.getByRole('textbox', { name: 'Change for Mismatch control' }).fill('4');
  await expect(rule).toContainText('Staff for long-term maintenance and model version iteration (people) ≤ 2');
  await expect(rule).toContainText('does not apply');
  const before = Number(await w.startingWeight('Mismatch control').textContent());

  await w.gotoStep('Needs confirmation');
  await w.numberAnswer(/Staff for long-term maintenance/).fill('1');
  await w.gotoStep('Screening');
  const mine = /Few maintainers/;
  await w.accept(mine);
  await expect(w.startingWeight('Mismatch control')).toHaveText(String(before + 4));
  // Removing the accepted rule takes its change back out; undo brings both back.
  await app.getByText(/^All adaptation rules \(\d+\)$/).click();
  await app.locator('.all-rules li.rule').last().getByText('Edit this rule').click();
  await app.getByRole('button', { name: 'Remove this rule' }).click();
  await expect(w.proposal(mine)).toHaveCount(0);
  await expect(w.startingWeight('Mismatch control')).toHaveText(String(before));
  await app.getByRole('button', { name: /Undo/ }).click();
  await expect(w.proposal(mine)).toContainText('Accepted');
  await expect(w.startingWeight('Mismatch control')).toHaveText(String(before + 4));
  await app.reload();
  await expect(w.proposal(mine)).toContainText('Accepted');
});
