import type { Lang } from '../framework';
import { formatMoney } from '../format';
import type { CurrencyCode, WorkshopDoc } from './schema';
import { HOURS_PER_MONTH } from '../cost/horizon';

/**
 * Money in the workshop's currency. The simulator prices everything in US dollars (its GPU
 * catalogue); the team states its budget in yuan or dollars and sets the exchange rate once
 * for the workshop (`doc.currency`). Every comparison of a cost with the budget goes through
 * here, so charts, the comparison table and the cost scores agree.
 */

/** Hours in a month, as the simulator bills (730 h). */
export { HOURS_PER_MONTH };

type Rate = Pick<WorkshopDoc['currency'], 'cnyPerUsd'>;

/** An amount in `code` → US dollars. */
export function toUsd(amount: number, code: CurrencyCode, rate: Rate): number {
  return code === 'USD' ? amount : amount / rate.cnyPerUsd;
}

/** US dollars → the workshop's currency. */
export function fromUsd(usd: number, currency: WorkshopDoc['currency']): number {
  return currency.code === 'USD' ? usd : usd * currency.cnyPerUsd;
}

/** The needs' monthly budget in the workshop's currency (null when not answered). */
export function monthlyBudget(doc: Pick<WorkshopDoc, 'needs' | 'currency'>): number | null {
  const budget = doc.needs.answers.budget;
  if (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0) return null;
  return fromUsd(toUsd(budget, budgetCurrencyCode(doc), doc.currency), doc.currency);
}

/** The currency the needs state their budget in (the `budgetCurrency` answer), else the workshop's. */
export function budgetCurrencyCode(doc: Pick<WorkshopDoc, 'needs' | 'currency'>): CurrencyCode {
  const raw = doc.needs.answers.budgetCurrency;
  return raw === 'CNY' || raw === 'USD' ? raw : doc.currency.code;
}

export interface BudgetCheck {
  /** The run's cost in the workshop's currency. */
  cost: number;
  /** The run's wall time in months (730 h). */
  months: number;
  /** Cost per month while the run goes: cost / months. */
  monthlyRate: number;
  /** The budget for the run's duration: monthly budget × months (null without a budget). */
  budgetForRun: number | null;
  /** cost / budgetForRun (= monthly rate / monthly budget); null without a budget. */
  share: number | null;
}

/** A simulated run's cost (USD) and wall time against the workshop's budget. */
export function budgetCheck(doc: Pick<WorkshopDoc, 'needs' | 'currency'>, costUsd: number, wallHours: number): BudgetCheck {
  const cost = fromUsd(costUsd, doc.currency);
  const months = wallHours / HOURS_PER_MONTH;
  const monthlyRate = months > 0 ? cost / months : 0;
  const perMonth = monthlyBudget(doc);
  const budgetForRun = perMonth === null ? null : perMonth * months;
  return { cost, months, monthlyRate, budgetForRun, share: budgetForRun ? cost / budgetForRun : null };
}

/** A simulator amount (US dollars) in the workshop's currency, formatted: every cost a workshop shows goes through here. */
export function formatCost(usd: number, currency: WorkshopDoc['currency'], lang: Lang): string {
  return formatMoney(fromUsd(usd, currency), currency.code, lang);
}

/**
 * The exchange rate the workshop's amounts use, as "US$1.00 = CN¥7.20"; null when nothing is
 * converted (a dollar workshop whose budget is in dollars too).
 */
export function rateText(doc: Pick<WorkshopDoc, 'needs' | 'currency'>, lang: Lang): string | null {
  if (doc.currency.code === 'USD' && budgetCurrencyCode(doc) === 'USD') return null;
  return `${formatMoney(1, 'USD', lang)} = ${formatMoney(doc.currency.cnyPerUsd, 'CNY', lang)}`;
}
