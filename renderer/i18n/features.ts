import type { Lang } from '../../shared/framework';
import { exportLocale } from '../features/export/locales';

/** A feature's strings: `{ en: { feature: {...} }, 'zh-CN': { feature: {...} } }`, one top-level key per feature. */
export type FeatureLocale = Record<Lang, Record<string, unknown>>;

// The features the library screen needs at start-up register their strings here (one line per
// feature). The features inside a workshop register theirs with the workshop's chunk
// (features/workshop/locales.ts), so the start-up bundle does not carry them.
export const startupLocales: FeatureLocale[] = [exportLocale];
