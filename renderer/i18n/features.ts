import type { Lang } from '../../shared/framework';
import { wizardLocale } from '../features/wizard/locales';
import { exportLocale } from '../features/export/locales';
import { simulatorLocale } from '../features/simulator/locales';
import { roomLocale } from '../features/room/locales';

/** A feature's strings: `{ en: { feature: {...} }, 'zh-CN': { feature: {...} } }`, one top-level key per feature. */
export type FeatureLocale = Record<Lang, Record<string, unknown>>;

// Each feature registers its strings here (one line per feature).
export const featureLocales: FeatureLocale[] = [wizardLocale, exportLocale, roomLocale, simulatorLocale];
