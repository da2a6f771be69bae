import { expect, type Locator, type Page } from '@playwright/test';
import { LibraryPage } from './LibraryPage';

/** The cost simulator of step 3 (one scenario per candidate), in a platform engineer's terms. English UI. */
export class SimulatorPage {
  readonly figures: Locator;
  constructor(readonly page: Page) {
    this.figures = page.getByRole('table', { name: 'Key figures' });
  }

  /** Library → the sample workshop → step 3 → "Open cost simulator" in the candidate's validation plan. */
  async openFromValidation(candidate: RegExp) {
    await new LibraryPage(this.page)
      .card(/Sample/)
      .getByRole('link')
      .first()
      .click();
    await this.page
      .getByRole('navigation', { name: 'Decision path' })
      .getByRole('link', { name: /Small-scale validation/ })
      .click();
    await this.page
      .getByRole('region', { name: new RegExp(`Plan for ${candidate.source}`) })
      .getByRole('link', { name: 'Open cost simulator' })
      .click();
    await expect(this.heading).toBeVisible();
    await expect(this.heading).toContainText(candidate);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: /^Cost simulator · / });
  }
  slider(label: string): Locator {
    return this.page.getByRole('slider', { name: label, exact: true });
  }
  /** The number box of a field (its label carries the unit, e.g. "Training steps (steps)"). */
  field(label: string): Locator {
    return this.page.getByRole('textbox', { name: new RegExp(`^${label}( \\(|$)`) });
  }
  /** Types a value into a field and leaves it (one undo step). */
  async set(label: string, value: string) {
    await this.field(label).fill(value);
    await this.field(label).press('Tab');
  }
  private cell(row: string, column: 1 | 2): Locator {
    return this.figures
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: row, exact: true }) })
      .getByRole('cell')
      .nth(column - 1);
  }
  /** The live estimate of a key figure (e.g. "Step time (mean)"). */
  estimate(row: string): Locator {
    return this.cell(row, 1);
  }
  /** The full simulation's value of a key figure ("—" when none is attached). */
  full(row: string): Locator {
    return this.cell(row, 2);
  }
  get runButton(): Locator {
    return this.page.getByRole('button', { name: 'Run full simulation' });
  }
  get runProgress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Simulation progress' });
  }
  get attached(): Locator {
    return this.page.getByRole('status').filter({ hasText: /^Result attached to the workshop/ });
  }
  get cancelled(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Cancelled. Nothing was attached.' });
  }
  async cancel() {
    await this.page
      .getByRole('group', { name: /progress/ })
      .getByRole('button', { name: 'Cancel' })
      .click();
  }
  chart(title: string): Locator {
    return this.page.getByRole('img', { name: new RegExp(`^${title}`) });
  }
  get sweepButton(): Locator {
    return this.page.getByRole('button', { name: 'Sweep rollout length' });
  }
  get sweepProgress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Sweep progress' });
  }
  get comparison(): Locator {
    return this.page.getByRole('table', { name: 'Candidates compared' });
  }
}
