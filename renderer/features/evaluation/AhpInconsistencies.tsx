import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../shared/contract';
import { formatJudgment, judgmentOfStep, stepOfJudgment } from '../../../shared/model/edits/ahp-edit';

type AhpAnswer = ResponseOf<'engine.ahp'>;

/**
 * The engine's most inconsistent judgments, each with the value that fits the others best snapped
 * to Saaty's scale, and a button that applies it: the AHP panel's and every pairwise hierarchy node's.
 */
export function Inconsistencies({
  items,
  name,
  onApply,
  testId = 'ahp-inconsistencies',
}: {
  items: AhpAnswer['inconsistencies'];
  name: (i: number) => string;
  onApply: (i: number, j: number, v: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="ahp-worst" role="note" data-testid={testId}>
      <h3 className="small-h">{t('room.ahp.inconsistencies')}</h3>
      <ol>
        {items.map((x) => {
          const snapped = judgmentOfStep(stepOfJudgment(x.suggested));
          return (
            <li key={`${x.i}-${x.j}`}>
              {t('room.ahp.worst', { a: name(x.i), b: name(x.j), current: formatJudgment(x.current), suggested: formatJudgment(snapped) })}
              {x.crAfter !== null && ` ${t('room.ahp.crAfter', { cr: x.crAfter.toFixed(3) })}`}{' '}
              <button type="button" className="btn btn-small" onClick={() => onApply(x.i, x.j, snapped)}>
                {t('room.ahp.applySuggestion', { value: formatJudgment(snapped) })}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
