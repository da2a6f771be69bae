import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLang, LANGS, type Lang } from '../../shared/framework';
import { common } from './common';
import type { FeatureLocale } from './features';

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
  const resources: Record<Lang, Record<string, unknown>> = { en: { ...common.en }, 'zh-CN': { ...common['zh-CN'] } };
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
