import { useTranslation } from 'react-i18next';
import { displayName, disputedCells, type CellRef, type WorkshopDoc } from '../../../shared/model';
import { useDocJudged } from '../../api/hierarchy-judged';
import { currentLang } from '../../i18n';
import { Check } from '../../ui/Check';
import type { RevoteChoice } from './revote';

/** How many disputed cells the form offers to ask again; the first three are the "talk about these first" list. */
const OFFERED = 12;
const TALK_FIRST = 3;

const ref = (c: CellRef): CellRef => ({ candidateId: c.candidateId, criterionId: c.criterionId });
const same = (a: CellRef, b: CellRef) => a.candidateId === b.candidateId && a.criterionId === b.criterionId;

/** The new round's re-vote choices (Delphi): start from previous answers, show the group's median and spread, only the disputed cells. */
export function RevoteFields({ doc, choice, onChange }: { doc: WorkshopDoc; choice: RevoteChoice; onChange: (c: RevoteChoice) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { judged } = useDocJudged(doc);
  const disputed = disputedCells(doc, OFFERED, judged);
  const cand = (id: string) =>
    displayName(
      doc.candidates.find((c) => c.id === id)!,
      lang,
      'candidate',
      doc.candidates.findIndex((c) => c.id === id),
    );
  const crit = (id: string) =>
    displayName(
      doc.criteria.find((c) => c.id === id)!,
      lang,
      'criterion',
      doc.criteria.findIndex((c) => c.id === id),
    );
  const set = (patch: Partial<RevoteChoice>) => onChange({ ...choice, ...patch });
  return (
    <fieldset data-testid="revote">
      <legend>{t('roomVote.revote.legend')}</legend>
      <Check checked={choice.fromPrevious} onChange={(on) => set({ fromPrevious: on })}>
        {t('roomVote.revote.fromPrevious')}
      </Check>
      <Check checked={choice.showPrevious} onChange={(on) => set({ showPrevious: on })}>
        {t('roomVote.revote.showPrevious')}
      </Check>
      <Check
        checked={choice.onlyCells}
        disabled={disputed.length === 0}
        onChange={(on) => set({ onlyCells: on, picked: on && choice.picked.length === 0 ? disputed.slice(0, TALK_FIRST).map(ref) : choice.picked })}
      >
        {t('roomVote.revote.onlyCells')}
      </Check>
      {disputed.length === 0 && <p className="hint">{t('roomVote.revote.noDisputed')}</p>}
      {choice.onlyCells && disputed.length > 0 && (
        <fieldset className="revote-cells">
          <legend>{t('roomVote.revote.pickCells')}</legend>
          <button type="button" className="btn btn-small" onClick={() => set({ picked: disputed.slice(0, TALK_FIRST).map(ref) })}>
            {t('roomVote.revote.takeDiscuss')}
          </button>
          {disputed.map((d) => (
            <Check
              key={`${d.candidateId}|${d.criterionId}`}
              checked={choice.picked.some((p) => same(p, d))}
              onChange={(on) => set({ picked: on ? [...choice.picked, ref(d)] : choice.picked.filter((p) => !same(p, d)) })}
            >
              {t('roomVote.revote.cell', { candidate: cand(d.candidateId), criterion: crit(d.criterionId), spread: d.spread.toFixed(1) })}
            </Check>
          ))}
          {choice.picked.length === 0 && <p className="hint">{t('roomVote.revote.nonePicked')}</p>}
        </fieldset>
      )}
    </fieldset>
  );
}
