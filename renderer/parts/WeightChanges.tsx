import { useTranslation } from 'react-i18next';
import { displayName, type WorkshopDoc } from '../../shared/model';
import { currentLang } from '../i18n';
import { formatPercent } from '../ui/format';

/** Weight changes below this (a share, 0.05 pp) are not listed. */
const LISTED_CHANGE = 0.0005;

/** The criteria whose normalised weight moves from `from` to `to`, largest change first ("Cost: 30 % → 41.2 %"). */
export function WeightChanges({ doc, from, to }: { doc: WorkshopDoc; from: readonly number[]; to: readonly number[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const crit = (i: number) => (doc.criteria[i] ? displayName(doc.criteria[i], lang, 'criterion', i) : '?');
  const pct = (x: number) => formatPercent(x, lang, 1);
  return (
    <ul className="small">
      {to
        .map((w, k) => ({ k, from: from[k] ?? 0, to: w }))
        .filter((x) => Math.abs(x.to - x.from) >= LISTED_CHANGE)
        .sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from))
        .map((x) => (
          <li key={x.k}>{t('room.robustness.smallestItem', { criterion: crit(x.k), from: pct(x.from), to: pct(x.to) })}</li>
        ))}
    </ul>
  );
}
