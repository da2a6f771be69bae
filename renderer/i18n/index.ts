import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLang, LANGS, type Lang } from '../../shared/framework';
import { common as enCommon } from '../../shared/i18n/en/common';
import { common as zhCommon } from '../../shared/i18n/zh-CN/common';
import type { FeatureLocale, TextKey } from './features';

export type { FeatureLocale, PrefixesOf, ScreenText, TextKey, TextKeysOf } from './features';

const LANG_KEY = 'sw.lang';

/** Saved choice, else the system locale: any Chinese locale → zh-CN, everything else → en. */
export function initialLang(): Lang {
  const saved = localStorage.getItem(LANG_KEY);
  if (isLang(saved)) return saved;
  const sys = navigator.languages?.[0] ?? navigator.language ?? 'en';
  return sys.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function setLang(lang: Lang) {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}

/**
 * Starts i18next with the common strings and those of the features the library screen needs
 * at start-up (`startup`, listed by the app). The features inside a workshop register theirs
 * with the workshop's chunk (`registerFeatureLocales`), so the start-up bundle does not carry them.
 */
export function initI18n(startup: readonly FeatureLocale[] = [], lang: Lang = initialLang()) {
  const resources: Record<Lang, Record<string, unknown>> = { en: { ...enCommon }, 'zh-CN': { ...zhCommon } };
  for (const loc of startup) {
    Object.assign(resources.en, loc.en);
    Object.assign(resources['zh-CN'], loc['zh-CN']);
  }
  document.documentElement.lang = lang;
  void i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: { en: { translation: resources.en }, 'zh-CN': { translation: resources['zh-CN'] } },
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return i18next;
}

export const currentLang = (): Lang => (isLang(i18next.language) ? i18next.language : 'en');

/** Calls `listener` with the app's language now and after every change; returns an unsubscribe. */
export function followLang(listener: (lang: Lang) => void): () => void {
  listener(currentLang());
  const onChange = (lng: string) => {
    if (isLang(lng)) listener(lng);
  };
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** Adds features' strings (both languages) when their chunk loads (see initI18n). */
export function registerFeatureLocales(locales: FeatureLocale[]) {
  for (const loc of locales) for (const lang of LANGS) i18next.addResourceBundle(lang, 'translation', loc[lang], true, false);
}

/**
 * The text at a key built at run time from data that the types cannot follow (a scenario
 * field's dotted path, a seed note's path), or `fallback` when the catalogue has none — so a
 * raw key never reaches the screen. Every other key is a typed literal; this is the one place a
 * built key meets `t` (tests check that each such data path has its text in both languages).
 */
export function textAt(key: string, values: Record<string, unknown> = {}, fallback = ''): string {
  // Cast: `exists` has just checked the key at run time; the result of a string key is a string.
  return i18next.exists(key) ? String(i18next.t(key as TextKey, values)) : fallback;
}
