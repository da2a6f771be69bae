import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ContractError, Issue } from '../../shared/contract/errors';
import { issueText } from '../../shared/i18n/issues';
import { simFieldLabel } from '../../shared/i18n/simLabels';
import { currentLang } from '../i18n';

/**
 * A simulator refusal in the team's language, each problem with its fix one click away: the
 * tensor-parallel degree that fits (the engine names it, `fitTp`) and the field to change.
 * Used by the simulator screen and the pilot calibration (step 4).
 */

/** The scenario field an issue is about (a calibration request's `pilot.`/`target.` prefix, a sweep's `values[i]` one dropped). */
export function issueField(issue: Pick<Issue, 'path'>): string {
  return issue.path.replace(/^(pilot|target)\./, '').replace(/^values\[\d+\](?: \([^)]*\): |\.)/, '');
}

/** The tensor-parallel degree an issue says fits (0 or absent: none). */
export function fittingTp(issue: Issue): number {
  const v = issue.params?.fitTp;
  return typeof v === 'number' && v > 0 ? v : 0;
}

/** One refusal's text in the team's language (an error without issues: a generic sentence in Chinese, the engine's own in English). */
export function simErrorTexts(error: ContractError, t: TFunction): string[] {
  const lang = currentLang();
  if (!error.issues?.length) return [lang === 'en' ? error.message : t('simulator.engineFailed')];
  return error.issues.map((i) => {
    const field = issueField(i);
    const label = simFieldLabel(field, lang) ?? (field === 'rows' ? t('simulator.pilotRows') : field);
    return `${label}: ${issueText(i, lang)}`;
  });
}

/** Focuses a scenario field of the simulator's editor (opening its group's "more" section). */
export function openSimField(path: string): boolean {
  const el = document.querySelector<HTMLElement>(`[data-sim-field="${CSS.escape(path)}"]`);
  if (!el) return false;
  const details = el.closest('details');
  if (details && !details.open) details.open = true;
  const input = el.querySelector<HTMLElement>('input:not([type="range"]), select');
  el.scrollIntoView({ block: 'center' });
  (input ?? el).focus();
  return true;
}

export function SimIssues({
  error,
  lead,
  onSetTp,
  onOpen,
  testId,
}: {
  error: ContractError;
  lead: string;
  /** Sets the tensor-parallel degree that fits; absent: no such button. */
  onSetTp?: (tp: number) => void;
  /** Opens the field an issue is about; absent: no such button. */
  onOpen?: (issue: Issue) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const texts = simErrorTexts(error, t);
  const issues = error.issues ?? [];
  return (
    <div className="alert" role="alert" data-testid={testId}>
      <p>{lead}</p>
      <ul className="issues">
        {texts.map((text, k) => {
          const issue = issues[k];
          const tp = issue ? fittingTp(issue) : 0;
          return (
            <li key={k}>
              {text}{' '}
              {tp > 0 && onSetTp && (
                <button type="button" className="btn btn-small" onClick={() => onSetTp(tp)}>
                  {t('simulator.fix.setTp', { tp })}
                </button>
              )}{' '}
              {issue && onOpen && (
                <button type="button" className="btn btn-ghost btn-small" onClick={() => onOpen(issue)}>
                  {t('simulator.fix.open')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
