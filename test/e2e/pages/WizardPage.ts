import { expect, type Locator, type Page } from '@playwright/test';

/** The decision-path wizard (steps 1–4, 6, 7), in a facilitator's terms. English UI. */
export class WizardPage {
  readonly nav: Locator;
  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Decision path' });
  }

  async gotoStep(
    name:
      'Needs confirmation' | 'Screening' | 'Small-scale validation' | 'Metrics comparison' | 'Overall evaluation' | 'Canary rollout' | 'Continuous iteration',
  ) {
    await this.nav.getByRole('link', { name: new RegExp(name) }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  }

  /** The progress bar of a step in the navigation, 0..100. */
  async stepProgress(name: string): Promise<number> {
    const label = await this.nav
      .getByRole('link', { name: new RegExp(name) })
      .locator('.step-progress')
      .getAttribute('aria-label');
    return Number(label?.replace('%', ''));
  }

  // Step 1 — needs
  question(label: string | RegExp): Locator {
    return this.page.getByRole('group', { name: label });
  }
  async choose(question: string | RegExp, option: string) {
    await this.question(question).getByRole('radio', { name: option, exact: true }).check();
  }
  numberAnswer(label: string | RegExp): Locator {
    return this.page.getByRole('textbox', { name: label });
  }
  async answerText(label: string | RegExp, text: string) {
    await this.page.getByRole('textbox', { name: label }).fill(text);
  }

  // Step 2 — screening
  get proposals(): Locator {
    return this.page.getByRole('list', { name: 'Weight proposals from your needs' });
  }
  proposal(reason: RegExp): Locator {
    return this.proposals.getByRole('listitem', { name: reason });
  }
  async accept(reason: RegExp) {
    await this.proposal(reason)
      .getByRole('button', { name: /Accept/ })
      .click();
    await expect(this.proposal(reason)).toContainText('Accepted');
  }
  async reject(reason: RegExp) {
    await this.proposal(reason)
      .getByRole('button', { name: /Reject/ })
      .click();
    await expect(this.proposal(reason)).toContainText('Rejected');
  }
  /** The "Starting weight" cell of a criterion. */
  startingWeight(criterion: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('textbox', { name: `Base weight of ${criterion}`, exact: true }) })
      .getByRole('cell')
      .nth(3);
  }
  candidateCard(name: string): Locator {
    return this.page.getByRole('list', { name: 'Candidates' }).getByRole('listitem', { name, exact: true });
  }
  async renameCandidate(from: string, to: string) {
    await this.candidateCard(from).getByRole('textbox', { name: 'Name' }).fill(to);
    await expect(this.candidateCard(to)).toBeVisible();
  }
  async describeCandidate(name: string, text: string) {
    await this.candidateCard(name).getByRole('textbox', { name: 'Description' }).fill(text);
  }

  // Step 3 — validation
  plan(candidate: string): Locator {
    return this.page.getByRole('region', { name: `Plan for ${candidate}` });
  }
  async fillValidation(candidate: string, item: string, v: { owner?: string; status?: string; due?: string; result?: string }) {
    const plan = this.plan(candidate);
    if (v.owner !== undefined) await plan.getByRole('textbox', { name: `Owner of “${item}”` }).fill(v.owner);
    if (v.status !== undefined) await plan.getByRole('combobox', { name: `Status of “${item}”` }).selectOption({ label: v.status });
    if (v.due !== undefined) await plan.getByLabel(`Due date of “${item}”`).fill(v.due);
    if (v.result !== undefined) await plan.getByRole('textbox', { name: `Result of “${item}”` }).fill(v.result);
  }

  // Step 4 — metrics
  async chooseMetricsFile(path: string) {
    await this.page.getByLabel('Choose a metrics file (CSV or JSON)').setInputFiles(path);
  }
  async importMetrics(path: string) {
    await this.chooseMetricsFile(path);
    await this.page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(this.page.getByRole('status').filter({ hasText: /Imported \d+ series/ })).toBeVisible();
  }
  chart(title: string): Locator {
    return this.page.getByRole('figure').filter({ has: this.page.getByText(title, { exact: true }) });
  }
  get figures(): Locator {
    return this.page.getByRole('table', { name: 'Figures' });
  }
  async takeSuggestionsInto(participant: string) {
    await this.page.getByRole('combobox', { name: 'Take into the evaluation as' }).selectOption({ label: participant });
    await this.page.getByRole('button', { name: /^Write \d+ scores$/ }).click();
  }

  // Step 6 — canary
  async fillChecklist(item: string, v: { owner?: string; due?: string; status?: string; note?: string }) {
    if (v.owner !== undefined) await this.page.getByRole('textbox', { name: `Owner of “${item}”` }).fill(v.owner);
    if (v.due !== undefined) await this.page.getByLabel(`Due date of “${item}”`).fill(v.due);
    if (v.status !== undefined) await this.page.getByRole('combobox', { name: `Status of “${item}”` }).selectOption({ label: v.status });
    if (v.note !== undefined) await this.page.getByRole('textbox', { name: `Note on “${item}”` }).fill(v.note);
  }
  async addChecklistItem(title: string) {
    await this.page.getByRole('textbox', { name: 'New checklist item' }).fill(title);
    await this.page.getByRole('button', { name: '+ Add item' }).click();
  }

  // Step 7 — iteration
  async addReview() {
    await this.page.getByRole('button', { name: '+ Add review' }).click();
  }
  review(index = 0): Locator {
    return this.page.getByRole('list', { name: 'Review log' }).getByRole('listitem').nth(index);
  }

  /** Waits until every edit is written to IndexedDB. */
  async expectSaved() {
    await expect(this.page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  }
}
