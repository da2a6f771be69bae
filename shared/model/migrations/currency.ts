import type { Migration } from './types';

/**
 * Workshop currency.
 * - `currency`: the workshop's currency (`code`) and the team's exchange rate (`cnyPerUsd`; the
 *   simulator's catalogue prices are USD): CNY for a zh-CN workshop, USD otherwise, 7.1 CNY per
 *   USD until the team sets its own rate.
 * - `needs.answers.budgetCurrency`: the budget was asked as 元/月 in zh-CN and "per month" (the
 *   workshop's currency) in en, so an answered budget keeps that meaning.
 * Pure on plain JSON (no schema imports); anything of an unexpected shape is left for the
 * schema to report.
 */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export const DEFAULT_CNY_PER_USD = 7.1;

export const currency: Migration = {
  summary: 'A workshop currency with the team’s exchange rate; the needs budget records its currency.',
  up(doc) {
    const out: Record<string, unknown> = { ...doc };
    const meta = isObject(doc.meta) ? doc.meta : {};
    const code = meta.lang === 'zh-CN' ? 'CNY' : 'USD';
    if (!('currency' in doc)) out.currency = { code, cnyPerUsd: DEFAULT_CNY_PER_USD };
    if (isObject(doc.needs) && isObject(doc.needs.answers)) {
      const answers = doc.needs.answers;
      if (typeof answers.budget === 'number' && !('budgetCurrency' in answers)) out.needs = { ...doc.needs, answers: { ...answers, budgetCurrency: code } };
    }
    return out;
  },
};
