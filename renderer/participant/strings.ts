import { participant as en } from '../../shared/i18n/en/participant';
import { participant as zh } from '../../shared/i18n/zh-CN/participant';

/** The participant page's strings, zh-CN and en (a tiny page: no i18n library; the words live in shared/i18n). */
export type PLang = 'zh-CN' | 'en';

export const STRINGS = { en, 'zh-CN': zh } as const;
export type StringKey = keyof (typeof STRINGS)['en'];

export function format(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

/** The browser's language decides, unless the participant chose one. */
export function initialLang(stored: string | null, languages: readonly string[]): PLang {
  if (stored === 'zh-CN' || stored === 'en') return stored;
  for (const l of languages) {
    if (/^zh\b/i.test(l)) return 'zh-CN';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
}

/** When a name was picked elsewhere, as the participant reads it: the local time of day (and the date if not today). */
export function claimTime(at: string, lang: PLang, now: Date = new Date()): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const time = d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return d.toDateString() === now.toDateString() ? time : `${d.toLocaleDateString(lang)} ${time}`;
}
