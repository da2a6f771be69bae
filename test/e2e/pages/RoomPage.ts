import { expect, type Locator, type Page } from '@playwright/test';
import { LibraryPage } from './LibraryPage';

/** The evaluation room (step 5), in the facilitator's terms. */
export class RoomPage {
  readonly root: Locator;
  readonly live: Locator;
  constructor(readonly page: Page) {
    this.root = page.locator('.room');
    this.live = page.getByRole('complementary', { name: /Live result|实时结果/ });
  }

  /** Opens the sample workshop from the library, at step 5. */
  static async openSample(page: Page): Promise<RoomPage> {
    await new LibraryPage(page)
      .card(/Sample/)
      .getByRole('link', { name: /Sample/ })
      .click();
    const room = new RoomPage(page);
    await room.openStep();
    return room;
  }

  /** Opens step 5 of the workshop that is open now. */
  async openStep() {
    // From the sidebar (the step before also ends with a "next" link naming step 5).
    await this.page
      .getByRole('navigation', { name: /^(Decision path|决策路径)$/ })
      .getByRole('link', { name: /Overall evaluation|综合评估/ })
      .click();
    await expect(this.page.getByRole('tab', { name: /Scoring|评分/ })).toBeVisible();
  }

  async view(name: 'Scoring' | 'Weights' | 'What-if & scenarios' | 'Robustness') {
    await this.page.getByRole('tab', { name }).click();
  }

  async weightsPart(
    name: 'Sliders & points' | 'AHP pairwise' | 'Rank order (ROC)' | 'Focus points (hierarchy)' | 'Participants & influence' | 'Proposals from needs',
  ) {
    await this.view('Weights');
    await this.page.getByRole('button', { name, exact: true }).click();
  }

  // ---------------------------------------------------------------- scoring

  participant(name: string): Locator {
    return this.page.getByRole('group', { name: 'Whose scores' }).getByRole('button', { name: new RegExp(`^${escape(name)}`) });
  }

  async addParticipant(name: string, role: string) {
    const picker = this.page.getByRole('group', { name: 'Whose scores' });
    if (await picker.count()) await picker.getByRole('button', { name: /Add participant/ }).click();
    const form = this.page.locator('form.add-participant');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: role });
    await form.getByRole('button', { name: 'Add participant' }).click();
    await expect(this.participant(name)).toHaveAttribute('aria-pressed', 'true');
  }

  cell(criterion: string, candidate: string): Locator {
    return this.page.getByRole('table').getByRole('textbox', { name: new RegExp(`^${escape(criterion)} · ${escape(candidate)}`) });
  }

  /** Types a participant's scores row by row (criteria down, candidates across) with Tab, as a facilitator would. */
  async typeScores(rows: ReadonlyArray<ReadonlyArray<number | string>>) {
    await this.page.locator('input.score-input').first().focus();
    for (const row of rows) {
      for (const v of row) {
        await this.page.keyboard.type(String(v));
        await this.page.keyboard.press('Tab');
      }
    }
  }

  // ---------------------------------------------------------------- results

  /** Name of the candidate leading the live ranking. */
  async leader(): Promise<string> {
    return (await this.live.locator('.leader-name').textContent()) ?? '';
  }

  async expectLeader(name: string) {
    await expect(this.live.locator('.leader-name')).toHaveText(name);
  }

  /** Waits until the robustness analysis describes the document on screen. */
  async analysisSettled() {
    await expect(this.root).toHaveAttribute('data-analysis', 'done', { timeout: 15_000 });
  }

  // ---------------------------------------------------------------- weights

  weightSlider(criterion: string): Locator {
    return this.page.getByRole('slider', { name: criterion, exact: true });
  }

  async setWeight(criterion: string, percent: number) {
    await this.weightSlider(criterion).fill(percent.toFixed(1));
  }

  async weightShare(criterion: string): Promise<number> {
    return Number(await this.weightSlider(criterion).inputValue());
  }

  async total(): Promise<string> {
    return (await this.page.getByTestId('weights-total').textContent()) ?? '';
  }

  /** The stability interval shown for a criterion's weight, in percent. */
  async stability(criterion: string): Promise<{ from: number; to: number }> {
    const row = this.page.getByRole('row').filter({ has: this.weightSlider(criterion) });
    const text = (await row.locator('td.stability').textContent()) ?? '';
    const m = /([\d.]+)\s*–\s*([\d.]+)/.exec(text);
    if (!m) throw new Error(`no stability interval shown for ${criterion}: "${text}"`);
    return { from: Number(m[1]), to: Number(m[2]) };
  }

  // ---------------------------------------------------------------- scenarios and presenter

  async saveScenario(name: string) {
    await this.view('What-if & scenarios');
    await this.page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await this.page.getByRole('button', { name: 'Save current weights as scenario' }).click();
    await expect(this.page.getByRole('textbox', { name: `Name of scenario ${name}` })).toBeVisible();
  }

  comparison(): Locator {
    return this.page.getByRole('table', { name: 'Scenarios side by side' });
  }

  /** The cells (one per scenario) of a row of the comparison, named by its header: 'Winner', /Margin/… */
  comparisonCells(row: string | RegExp): Locator {
    return this.comparison()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: row }) })
      .getByRole('cell');
  }

  presenter(): Locator {
    return this.page.getByRole('dialog', { name: 'Presenter' });
  }

  async undoAll() {
    const undo = this.page.getByRole('button', { name: /Undo/ }).first();
    for (let i = 0; i < 600 && (await undo.isEnabled()); i++) await this.page.keyboard.press('Control+z');
    await expect(undo).toBeDisabled();
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
