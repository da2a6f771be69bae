import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSUMPTION_LABELS,
  clearCanary,
  confirmDecision,
  fillText,
  formatExpected,
  formatMeasure,
  confirmAfterReevaluation,
  nowIso,
  normalisedCriterionWeights,
  reevaluate,
  reviewDecision,
  saveReevaluation,
  whatItTakes,
  setReviewTolerance,
  type Assumption,
  type Reevaluation,
  type WorkshopDoc,
} from '../../shared/model';
import { useDerived } from '../api/derived';
import { judgedNow, useDocJudged } from '../api/hierarchy-judged';
import { WeightChanges } from './WeightChanges';
import type { Lang } from '../../shared/framework';
import { edit, NumberField } from './fields';
import { DecisionChanges } from './DecisionChanges';
import { ImportPanel } from './metrics-import/ImportPanel';
import { lttb } from '../charts/lttb';
import { candidateName, criterionName, formatNumber, today } from './text';

/**
 * The assumptions board (steps 6 and 7): what the recorded decision assumed — from its snapshot —
 * held against the canary / production metrics imported here, each with its status in words and
 * colour; the team's tolerance; whether the decision still wins now; what changed since. In step 6
 * (`importer`) the canary's metrics are imported here with the step 4 importer.
 */
export function AssumptionsBoard({ doc, lang, importer = false }: { doc: WorkshopDoc; lang: Lang; importer?: boolean }) {
  const { t } = useTranslation();
  const L = ASSUMPTION_LABELS[lang];
  const d0 = doc.decision;
  const unnamed = t('wizard.field.unnamed');
  const { judged, pending } = useDocJudged(doc);
  const heading = (
    <h2 id="board-h" tabIndex={-1}>
      {L.title}
    </h2>
  );
  if (d0.candidateId === null || d0.snapshot === null)
    return (
      <section className="panel assumptions-board" aria-labelledby="board-h">
        {heading}
        <p className="empty">{d0.candidateId === null ? L.noDecision : L.noSnapshot}</p>
        {d0.candidateId !== null && (
          <button
            type="button"
            className="btn"
            disabled={pending}
            onClick={() => edit('Confirm the decision', (d) => confirmDecision(d, nowIso(), judgedNow(d).judged))}
          >
            {t('wizard.iteration.confirmDecision')}
          </button>
        )}
      </section>
    );
  const review = reviewDecision(doc, judged);
  const winner = candidateName(doc, d0.snapshot.candidateId, lang, unnamed);
  return (
    <section className="panel assumptions-board" aria-labelledby="board-h">
      {heading}
      <p className="muted">{L.intro}</p>
      <p className="small">{fillText(L.snapshotOf, { candidate: winner, date: d0.snapshot.at.slice(0, 10) })}</p>
      {review.assumptions.length === 0 ? (
        <p className="empty">{t('wizard.review.nothingExpected')}</p>
      ) : (
        <table className="table assumptions-table">
          <caption className="sr-only">{L.title}</caption>
          <thead>
            <tr>
              <th scope="col">{L.assumption}</th>
              <th scope="col">{L.source}</th>
              <th scope="col">{L.expected}</th>
              <th scope="col">{L.observed}</th>
              <th scope="col">{L.status}</th>
            </tr>
          </thead>
          <tbody>
            {review.assumptions.map((a) => (
              <AssumptionRow key={a.id} a={a} doc={doc} lang={lang} />
            ))}
          </tbody>
        </table>
      )}
      <div className="board-controls">
        <NumberField
          label={L.tolerance}
          unit="%"
          min={0}
          max={1000}
          optional={false}
          value={Math.round(doc.review.tolerance * 1000) / 10}
          hint={t('wizard.review.toleranceHint')}
          action="Set review tolerance"
          onChange={(d, v) => (v === null ? d : setReviewTolerance(d, v / 100))}
        />
        {doc.review.canary.length > 0 && importer && (
          <button type="button" className="btn" onClick={() => edit('Clear canary metrics', clearCanary)}>
            {t('wizard.review.clear')}
          </button>
        )}
      </div>
      {pending && (
        <p className="muted" role="status">
          {t('wizard.iteration.weighingFocusPoints')}
        </p>
      )}
      {!pending && review.stillWins !== null && review.margin !== null && (
        <p className={review.stillWins ? 'ok-note' : 'alert'} role="status">
          <strong>{L.standing}:</strong>{' '}
          {fillText(review.stillWins ? L.stillWins : L.noLongerWins, { candidate: winner, margin: formatNumber(Math.abs(review.margin) * 100, lang) })}
        </p>
      )}
      <DecisionChanges doc={doc} lang={lang} />
      {review.assumptions.some((a) => a.status === 'broken') && <Reevaluate doc={doc} lang={lang} winner={winner} />}
      {importer && <ImportPanel doc={doc} target="canary" />}
    </section>
  );
}

/**
 * A broken assumption reopens the evaluation: the what-if with the observed evidence applied
 * (shared/model/reevaluate.ts), whether the decision still wins and by what margin; the team
 * saves it as a what-if scenario of step 5 (to record a new decision there), or confirms the
 * decision with a note in step 7's log (which keeps the what-if too, so the report can tell it).
 */
function Reevaluate({ doc, lang, winner }: { doc: WorkshopDoc; lang: Lang; winner: string }) {
  const { t } = useTranslation();
  const L = ASSUMPTION_LABELS[lang];
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [done, setDone] = useState('');
  const { judged, pending } = useDocJudged(doc);
  const r = open && !pending ? reevaluate(doc, judged) : null;
  if (!open)
    return (
      <div className="reevaluate">
        <button type="button" className="btn btn-primary" onClick={() => (setOpen(true), setDone(''))}>
          {t('wizard.review.reevaluate')}
        </button>
        {done && (
          <p className="ok-note" role="status">
            {done}
          </p>
        )}
      </div>
    );
  if (!r) return null;
  const name = t('wizard.review.scenarioName', { date: today() });
  const outcome =
    r.stillWins === null || r.margin === null
      ? ''
      : fillText(r.stillWins ? L.stillWins : L.noLongerWins, { candidate: winner, margin: formatNumber(Math.abs(r.margin) * 100, lang) });
  return (
    <div className="reevaluate panel-inner" role="region" aria-label={t('wizard.review.reevaluate')}>
      <h3>{t('wizard.review.reevaluated')}</h3>
      {r.cells.length === 0 ? (
        <p className="muted">{t('wizard.review.nothingToApply')}</p>
      ) : (
        <ul>
          {r.cells.map((c) => (
            <li key={c.criterionId}>
              {t(`wizard.review.applied.${c.measure}`, {
                criterion: criterionName(doc, c.criterionId, lang) ?? c.criterionId,
                measured: c.measure === 'budget-share' ? `${formatNumber(c.measured * 100, lang)} %` : formatNumber(c.measured, lang),
                score: formatNumber(c.score, lang),
              })}
            </li>
          ))}
        </ul>
      )}
      {outcome && (
        <p className={r.stillWins ? 'ok-note' : 'alert'} role="status">
          {outcome}
        </p>
      )}
      {r.stillWins === false && r.sensitivity && <WhatItTakes doc={doc} lang={lang} r={r} />}
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          disabled={r.cells.length === 0}
          onClick={() => {
            edit('Save re-evaluation', (d) => saveReevaluation(d, r, { name, at: nowIso() }));
            setOpen(false);
            setDone(t('wizard.review.saved', { name }));
          }}
        >
          {t('wizard.review.saveScenario')}
        </button>
        <label className="field inline-field">
          {t('wizard.review.note')}
          <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button
          type="button"
          className="btn"
          onClick={() => {
            const observation = [t('wizard.review.confirmedLog', { candidate: winner }), outcome, note.trim()].filter(Boolean).join(' ');
            edit('Confirm decision after review', (d) => confirmAfterReevaluation(d, r, { name, at: nowIso(), date: today(), observation }));
            setOpen(false);
            setNote('');
            setDone(t('wizard.review.confirmed'));
          }}
        >
          {t('wizard.review.confirmOld')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
          {t('wizard.metrics.cancel')}
        </button>
      </div>
    </div>
  );
}

/**
 * What it would take for the decision to win again with the observed evidence: the engine's
 * smallest weight change at which it ties the candidate ranked just above it (and the weights
 * that do it), and the smallest change that changes the winner at all.
 */
function WhatItTakes({ doc, lang, r }: { doc: WorkshopDoc; lang: Lang; r: Reevaluation }) {
  const { t } = useTranslation();
  const sens = useDerived('engine.sensitivity', r.sensitivity);
  const name = (i: number) => candidateName(doc, doc.candidates[i]?.id ?? '', lang, t('wizard.field.unnamed'));
  const pp = (d: number) => formatNumber(d * 100, lang);
  const w = sens.value && sens.current ? whatItTakes(sens.value, r.decided) : null;
  const from = normalisedCriterionWeights(doc);
  return (
    <div className="what-it-takes" data-testid="what-it-takes">
      <h4>{t('wizard.review.whatItTakes')}</h4>
      {!sens.current ? (
        <p className="muted small" role="status">
          {sens.error ? sens.error.message : t('wizard.review.whatItTakesPending')}
        </p>
      ) : (
        w && (
          <>
            {w.distance !== null && w.weights ? (
              <>
                <p>
                  {t(w.behind > 1 ? 'wizard.review.regainFar' : 'wizard.review.regain', {
                    name: name(r.decided),
                    leader: name(w.above),
                    rank: w.behind + 1,
                    distance: pp(w.distance),
                  })}
                </p>
                <WeightChanges doc={doc} from={from} to={w.weights} />
              </>
            ) : (
              <p>{t('wizard.review.regainNone', { name: name(r.decided), leader: name(w.above) })}</p>
            )}
            {w.smallest && (
              <p className="muted small">{t('wizard.review.smallestChange', { distance: pp(w.smallest.distance), name: name(w.smallest.winner) })}</p>
            )}
          </>
        )
      )}
    </div>
  );
}

function AssumptionRow({ a, doc, lang }: { a: Assumption; doc: WorkshopDoc; lang: Lang }) {
  const L = ASSUMPTION_LABELS[lang];
  const currency = doc.currency.code;
  const dimension = a.interplay ? (criterionName(doc, a.interplay.dimension, lang) ?? a.interplay.dimension) : '';
  return (
    <tr className={`assumption status-${a.status}`}>
      <th scope="row">
        {L.ids[a.id]}
        {a.interplay && (
          <div className="interplay small" lang={lang}>
            {fillText(L.interplay, {
              words: a.interplay.words[lang],
              dimension,
              weight: a.interplay.weight === null ? L.none : formatNumber(a.interplay.weight, lang),
            })}
          </div>
        )}
      </th>
      <td>{L.sources[a.source]}</td>
      <td>{formatExpected(a, lang, currency)}</td>
      <td>
        {a.observed === null ? L.none : formatMeasure(a.metric, a.observed, lang, currency)}
        {a.observed !== null && <BandChart a={a} doc={doc} lang={lang} />}
      </td>
      <td>
        <span className={`status-badge status-${a.status}`}>
          <span aria-hidden="true">{STATUS_MARK[a.status]}</span> {L.statuses[a.status]}
        </span>
      </td>
    </tr>
  );
}

/** The canary's series of the assumption's measure (per row; step time from iteration speed) against its expected band. */
function BandChart({ a, doc, lang }: { a: Assumption; doc: WorkshopDoc; lang: Lang }) {
  const L = ASSUMPTION_LABELS[lang];
  const id = doc.decision.candidateId;
  const metric = a.metric === 'step-seconds' ? 'iteration-speed' : a.metric;
  const raw = doc.review.canary.filter((s) => s.candidateId === id && s.metric === metric).flatMap((s) => s.points);
  const pts = (a.metric === 'step-seconds' ? raw.filter((p) => p[1] > 0).map((p) => [p[0], 3600 / p[1]] as const) : raw).slice().sort((p, q) => p[0] - q[0]);
  if (pts.length < 2) return null;
  const shown = lttb(pts, 120);
  const W = 160;
  const H = 40;
  const ys = shown.map((p) => p[1]);
  const edges = [a.expected.min, a.expected.max].filter((v): v is number => v !== null);
  const lo = Math.min(...ys, ...edges);
  const hi = Math.max(...ys, ...edges);
  const x0 = shown[0][0];
  const x1 = shown[shown.length - 1][0];
  const sx = (x: number) => (x1 > x0 ? ((x - x0) / (x1 - x0)) * (W - 2) + 1 : W / 2);
  const sy = (y: number) => (hi > lo ? H - 2 - ((y - lo) / (hi - lo)) * (H - 4) : H / 2);
  const bandTop = sy(a.expected.max ?? hi);
  const bandBottom = sy(a.expected.min ?? lo);
  const label = `${L.ids[a.id]}: ${L.observed} ${formatMeasure(a.metric, a.observed!, lang, doc.currency.code)}, ${L.expected} ${formatExpected(a, lang, doc.currency.code)}`;
  return (
    <svg className="band-chart" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <rect x={0} y={Math.min(bandTop, bandBottom)} width={W} height={Math.max(1, Math.abs(bandBottom - bandTop))} className="band" />
      <polyline points={shown.map((p) => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(' ')} className={`line status-${a.status}`} />
    </svg>
  );
}

/** A shape beside the word, so the status reads without colour too. */
const STATUS_MARK: Record<Assumption['status'], string> = { holding: '●', drifting: '▲', broken: '✕', unobserved: '○' };
