import type { Lang } from '../../shared/framework';

/** A feature's strings: `{ en: { feature: {...} }, 'zh-CN': { feature: {...} } }`, one top-level key per feature. */
export type FeatureLocale = Record<Lang, Record<string, unknown>>;
