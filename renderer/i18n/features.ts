import type { ParseKeys } from 'i18next';
import type { Lang } from '../../shared/framework';
import type { common } from '../../shared/i18n/en/common';
import type { exportText } from '../../shared/i18n/en/export';
import type { room } from '../../shared/i18n/en/room';
import type { roomVote } from '../../shared/i18n/en/roomVote';
import type { simulator } from '../../shared/i18n/en/simulator';
import type { wizard } from '../../shared/i18n/en/wizard';

/** A feature's strings: `{ en: { feature: {...} }, 'zh-CN': { feature: {...} } }`, one top-level key per feature. */
export type FeatureLocale = Record<Lang, object>;

/** Every text the screens show (the English tree; zh-CN has exactly its keys, see shared/i18n). */
export type ScreenText = typeof common & typeof exportText & typeof room & typeof roomVote & typeof simulator & typeof wizard;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: ScreenText };
  }
}

/** Every key `t` accepts (a misspelt one does not compile). */
export type TextKey = ParseKeys;

/** The text keys directly inside a subtree `T` of ScreenText (a plural by its base name), for lookup tables. */
export type TextKeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer B}_${'one' | 'other'}` ? B : K) : never;
}[keyof T & string];

/** The prefixes `P` for which `${P}.${S}` is a key: e.g. the sections that have a `removeItem` text. */
export type PrefixesOf<S extends string> = TextKey extends infer K ? (K extends `${infer P}.${S}` ? P : never) : never;
