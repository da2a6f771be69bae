import { useTranslation } from 'react-i18next';
import { DECISION_STEPS, pick } from '../../../shared/framework';
import type { StepId } from '../../../shared/model';
import { useWorkshop } from '../../store/workshop';
import { currentLang } from '../../i18n';
import { Guidance } from './Guidance';

/** A step without its own workspace yet: its guidance, and the workshop's criteria and candidates. */
export function StepOverview({ step }: { step: StepId }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const doc = useWorkshop((s) => s.doc);
  if (!doc) return null;
  const def = DECISION_STEPS.find((s) => s.id === step)!;
  const total = doc.criteria.reduce((a, c) => a + c.weight, 0) || 1;
  return (
    <div className="step-overview">
      <Guidance text={pick(def.guidance, lang)} />
      <p className="muted">{t('shell.comingSoon')}</p>
      <section aria-labelledby="crit-h">
        <h2 id="crit-h">{t('shell.criteria')}</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('shell.criteria')}</th>
              <th scope="col">{t('shell.focusPoints')}</th>
              <th scope="col">{t('shell.highPriority')}</th>
              <th scope="col" className="num">
                {t('shell.weight')}
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.criteria.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  {pick(c.name, lang)}
                  <div className="muted small">{t(`shell.group.${c.group}`)}</div>
                </th>
                <td>{c.focusPoints.map((f) => pick(f, lang)).join(lang === 'zh-CN' ? '、' : ', ')}</td>
                <td>{c.highPriority.map((f) => pick(f, lang)).join(lang === 'zh-CN' ? '、' : ', ')}</td>
                <td className="num">{((c.weight / total) * 100).toFixed(1)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="cand-h">
        <h2 id="cand-h">{t('shell.candidates')}</h2>
        <ul className="candidate-list">
          {doc.candidates.map((c) => (
            <li key={c.id} className="candidate-card">
              <strong>{pick(c.name, lang)}</strong> <span className="badge">{t(`shell.kind.${c.kind}`)}</span>
              <p className="muted small">{pick(c.description, lang)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
