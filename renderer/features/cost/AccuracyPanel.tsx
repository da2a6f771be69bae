import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { simErrorTexts } from '../../parts/SimIssues';
import type { SimReference, SimReferences } from '../../../shared/cost/schema';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { SourceLink } from '../../ui/SourceLink';
import { formatDuration, formatNumber, formatPercent } from '../../parts/costFormat';

type Lang = ReturnType<typeof currentLang>;
const NO_REQUEST = {};

const text = (t: { en: string; zh: string }, lang: Lang) => (lang === 'zh-CN' ? t.zh : t.en);

function value(kind: 'step' | 'ratio', x: number, lang: Lang): string {
  return kind === 'step' ? formatDuration(x, lang) : `${formatNumber(x, lang, 2)}×`;
}

function signed(x: number, lang: Lang): string {
  return `${x > 0 ? '+' : x < 0 ? '−' : ''}${formatPercent(Math.abs(x), lang)}`;
}

/**
 * "How close is this simulator to real runs": the built-in published runs (`sim.references`)
 * with each published figure beside the simulator's prediction. The comparison runs the full
 * simulation of every reference (a few seconds on the worker pool), so it starts when opened.
 */
export function AccuracyPanel() {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const [open, setOpen] = useState(false);
  const refs = useDerived('sim.references', open ? NO_REQUEST : null);
  return (
    <section className="panel sim-accuracy" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('simulator.accuracy.title')}</h3>
      <p className="muted small">{t('simulator.accuracy.intro')}</p>
      {!open ? (
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          {t('simulator.accuracy.show')}
        </button>
      ) : refs.error ? (
        <p className="alert small" role="alert">
          {t('simulator.accuracy.failed', { message: simErrorTexts(refs.error, t).join(t('simulator.listSep')) })}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={refs.retry}>
            {t('simulator.accuracy.retry')}
          </button>
        </p>
      ) : !refs.value ? (
        <p className="muted small" role="status">
          {t('simulator.accuracy.computing', { done: formatPercent(refs.progress ?? 0, lang) })}
        </p>
      ) : (
        <AccuracyTable refs={refs.value} lang={lang} />
      )}
    </section>
  );
}

function AccuracyTable({ refs, lang }: { refs: SimReferences; lang: Lang }) {
  const { t } = useTranslation();
  const s = refs.summary;
  return (
    <div data-testid="sim-accuracy">
      <p className="small">
        {t('simulator.accuracy.summary', {
          within: s.within,
          figures: s.figures,
          reproduced: s.reproduced,
          references: s.references,
          step: formatPercent(refs.stepTolerance, lang),
          ratio: formatPercent(refs.ratioTolerance, lang),
          median: formatPercent(s.medianAbsError, lang),
        })}
      </p>
      {refs.references.map((r) => (
        <ReferenceBlock key={r.id} r={r} lang={lang} />
      ))}
    </div>
  );
}

function ReferenceBlock({ r, lang }: { r: SimReference; lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="sim-reference">
      <h4 id={`${id}-h`}>
        {text(r.title, lang)}{' '}
        <span className={r.status === 'not-reproduced' ? 'sim-stale small' : 'sim-ok small'}>{t(`simulator.accuracy.status.${r.status}`)}</span>
      </h4>
      <p className="muted small">{text(r.config, lang)}</p>
      <div className="sim-scroll">
        <table className="table" aria-labelledby={`${id}-h`}>
          <thead>
            <tr>
              <th scope="col">{t('simulator.accuracy.figure')}</th>
              <th scope="col" className="num">
                {t('simulator.accuracy.published')}
              </th>
              <th scope="col" className="num">
                {t('simulator.accuracy.predicted')}
              </th>
              <th scope="col" className="num">
                {t('simulator.accuracy.error')}
              </th>
              <th scope="col">{t('simulator.accuracy.within')}</th>
            </tr>
          </thead>
          <tbody>
            {r.figures.map((f) => (
              <tr key={f.id}>
                <th scope="row">{text(f.label, lang)}</th>
                <td className="num">{value(f.kind, f.published, lang)}</td>
                <td className="num">{value(f.kind, f.predicted, lang)}</td>
                <td className="num">{signed(f.error, lang)}</td>
                <td>
                  {f.bound === 'upper'
                    ? f.within
                      ? t('simulator.accuracy.upperYes', { other: formatPercent(f.otherShare ?? 0, lang) })
                      : t('simulator.accuracy.upperNo')
                    : f.within
                      ? t('simulator.accuracy.yes', { bound: formatPercent(f.tolerance, lang) })
                      : t('simulator.accuracy.no', { bound: formatPercent(f.tolerance, lang) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.caveats && r.caveats.length > 0 && (
        <div className="small sim-caveats">
          <strong>{t('simulator.accuracy.caveats')}</strong>
          <ul>
            {r.caveats.map((c, i) => (
              <li key={i}>{text(c, lang)}</li>
            ))}
          </ul>
        </div>
      )}
      {r.reason && (
        <p className="small sim-note">
          <strong>{t('simulator.accuracy.why')}</strong> {text(r.reason, lang)}
        </p>
      )}
      <details className="small">
        <summary>{t('simulator.accuracy.assumptions')}</summary>
        <ul>
          {r.assumptions.map((a, i) => (
            <li key={i}>
              <strong>{text(a.what, lang)}</strong>: {text(a.value, lang)}. {text(a.why, lang)}
            </li>
          ))}
        </ul>
        <p>
          {t('simulator.accuracy.source')} {r.source.citation} · <SourceLink source={r.source.url} />
        </p>
      </details>
    </div>
  );
}
