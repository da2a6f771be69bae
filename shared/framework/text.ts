/** The two first-class languages. */
export const LANGS = ['zh-CN', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** Text in both languages. Either may be empty for user-written text; `pick` falls back to the other. */
export interface LocalizedText {
  'zh-CN': string;
  en: string;
}

export const t = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, en });

/** The text in `lang`, or in the other language when that one is empty. */
export function pick(text: LocalizedText, lang: Lang): string {
  const own = text[lang];
  if (own && own.trim()) return own;
  return text[lang === 'en' ? 'zh-CN' : 'en'] ?? '';
}

export function isLang(value: unknown): value is Lang {
  return value === 'zh-CN' || value === 'en';
}
