import type { Lang } from '../framework';
import { roles as en } from './en/roles';
import { roles as zh } from './zh-CN/roles';

/** A participant role's name in `lang` (the room's list, the reports' participant table); an unknown role as it is. */
export function roleLabel(role: string, lang: Lang): string {
  const names: Readonly<Record<string, string>> = lang === 'zh-CN' ? zh : en;
  return names[role] ?? role;
}
