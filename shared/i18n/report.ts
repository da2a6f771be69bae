import type { Lang } from '../framework';
import { report as en } from './en/report';
import type { ReportStrings } from './report-types';
import { report as zh } from './zh-CN/report';

export type { ReportStrings } from './report-types';

const TABLE: Record<Lang, ReportStrings> = { en, 'zh-CN': zh };

/** The reports' text in `lang` (HTML, PDF, pptx and Markdown all read it from here). */
export function reportStrings(lang: Lang): ReportStrings {
  return TABLE[lang];
}
