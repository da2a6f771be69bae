import { TableHead } from '../../ui/TableHead';
import { Field } from '../../ui/Field';
import { Options } from '../../ui/Options';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { seriesColour } from '../../../shared/charts/colours';
import { valueCurveGeometry } from '../../../shared/charts/value-curve';
import { DEFAULT_VALUE_FUNCTIONS, setValueFunction, suggestScores, type Measure, type ScoreSuggestion, type WorkshopDoc } from '../../../shared/model';
import type { ValueFunction } from '../../../shared/scoring/value-function';
import { ChartFigure, ChartSvg } from '../../charts/ChartFigure';
import { currentLang } from '../../i18n';
import { edit, NumberField } from '../../parts/fields';
import { candidateName, criterionName, formatNumber } from '../../parts/text';

type Kind = 'proportional' | ValueFunction['kind'];

/** One number of a value function (a required field; with `share` a value from 0 to 1): `onSet` gives its edit. */
function Param({
  label,
  value,
  share,
  hideLabel,
  action,
  onSet,
}: {
  label: string;
  value: number;
  share?: boolean;
  hideLabel?: boolean;
  action: string;
  onSet: (v: number) => (d: WorkshopDoc) => WorkshopDoc;
}) {
  const range = share ? { min: 0, max: 1 } : {};
  return <NumberField hideLabel={hideLabel} label={label} value={value} {...range} optional={false} action={action} onChange={(d, v) => onSet(v!)(d)} />;
}

/** A starting function of each kind, from what was measured (the best candidate's measurement). */
function starting(kind: ValueFunction['kind'], best: number): ValueFunction {
  const b = best > 0 ? best : 1;
  const round = (x: number) => +x.toPrecision(3);
  switch (kind) {
    case 'linear':
      return { kind, worst: 0, best: round(b) };
    case 'piecewise':
      return {
        kind,
        points: [
          [0, 0],
          [round(b / 2), 0.7],
          [round(b), 1],
        ],
      };
    case 'threshold':
      return { kind, threshold: round(b / 2), direction: 'atLeast', pass: 1, fail: 0 };
  }
}

/**
 * Step 4: how each measured criterion turns measurements into scores — in proportion to the
 * best candidate (the default), or the team's value function: linear between a worst and a
 * best level, piecewise linear through editable breakpoints, or a threshold — with the curve
 * drawn and the candidates marked on it. The suggestions below follow it.
 */
export const ValueFunctionsPanel = memo(function ValueFunctionsPanel({ doc, shown }: { doc: WorkshopDoc; shown: WorkshopDoc }) {
  const { t } = useTranslation();
  const suggestions = suggestScores(shown);
  const measures = [...new Set(suggestions.map((s) => s.measure))];
  if (measures.length === 0) return null;
  return (
    <section className="panel value-functions" aria-labelledby="vf-h">
      <h2 id="vf-h">{t('wizard.metrics.vf.title')}</h2>
      <p className="muted">{t('wizard.metrics.vf.intro')}</p>
      {measures.map((m) => (
        <MeasureFunction key={m} doc={doc} shown={shown} measure={m} rows={suggestions.filter((s) => s.measure === m)} />
      ))}
    </section>
  );
});

type Recipe = (d: WorkshopDoc) => WorkshopDoc;
/**
 * An edit of the measure's function as the document holds it when the edit applies — never as
 * it was when the form was drawn, so a field changed before the screen caught up with the one
 * before it keeps that one's value. A function of another kind by then is left alone.
 */
type Update = <K extends ValueFunction['kind']>(kind: K, change: (current: Extract<ValueFunction, { kind: K }>) => ValueFunction) => Recipe;
type Piecewise = Extract<ValueFunction, { kind: 'piecewise' }>;

/** The measure's function in `d`: the team's own, else the default one (budget share), else none (in proportion). */
const functionOf = (d: WorkshopDoc, measure: Measure): ValueFunction | undefined => d.metrics.valueFunctions[measure] ?? DEFAULT_VALUE_FUNCTIONS[measure];
const kindOf = (fn: ValueFunction | undefined): Kind => (fn ? fn.kind : 'proportional');

/**
 * The form reads the live document (what was typed shows at once and each edit builds on the
 * last); the curve follows the deferred one (`shown`), drawn at low priority after a big import.
 */
function MeasureFunction({ doc, shown, measure, rows }: { doc: WorkshopDoc; shown: WorkshopDoc; measure: Measure; rows: ScoreSuggestion[] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  // A measure with a default function (budget share) shows it, editable, until the team sets its own.
  const stored = functionOf(doc, measure);
  const mName = t(`wizard.metrics.measure.${measure}`);
  const criterion = criterionName(doc, rows[0].criterionId, lang);
  return (
    <div className="vf-measure" data-testid={`vf-${measure}`}>
      <h3 className="small-h">{t('wizard.metrics.vf.measure', { measure: mName, criterion })}</h3>
      <div className="vf-body">
        <FunctionForm measure={measure} mName={mName} stored={stored} best={rows[0].best} />
        <ValueCurveChart
          doc={shown}
          measure={measure}
          rows={rows}
          kind={kindOf(functionOf(shown, measure))}
          title={t('wizard.metrics.vf.chart', { measure: mName, criterion })}
        />
      </div>
    </div>
  );
}

type FunctionFormProps = { measure: Measure; mName: string; stored: ValueFunction | undefined; best: number };

/** The function's kind and its numbers (linear's levels, threshold's rule, piecewise's breakpoints). */
function FunctionForm({ measure, mName, stored, best }: FunctionFormProps) {
  const { t } = useTranslation();
  const fallback = DEFAULT_VALUE_FUNCTIONS[measure];
  const kind = kindOf(stored);
  const update: Update = (k, change) => (d) => {
    const current = functionOf(d, measure);
    return current?.kind === k ? setValueFunction(d, measure, change(current as Extract<ValueFunction, { kind: typeof k }>)) : d;
  };
  const action = t('wizard.metrics.vf.undo', { measure: mName });
  return (
    <div className="vf-form">
      <Field id={`vf-kind-${measure}`} label={t('wizard.metrics.vf.kind')}>
        <select
          id={`vf-kind-${measure}`}
          className="input"
          value={kind}
          onChange={(e) => {
            const k = e.target.value as Kind;
            edit(action, (d) => setValueFunction(d, measure, k === 'proportional' ? null : starting(k, best)));
          }}
        >
          <Options
            items={(['proportional', 'linear', 'piecewise', 'threshold'] as const).filter((k) => !(fallback && k === 'proportional'))}
            label={(k) => t(`wizard.metrics.vf.kinds.${k}`)}
          />
        </select>
      </Field>
      {stored?.kind === 'linear' && (
        <>
          <Param label={t('wizard.metrics.vf.worst')} value={stored.worst} action={action} onSet={(v) => update('linear', (f) => ({ ...f, worst: v }))} />
          <Param label={t('wizard.metrics.vf.best')} value={stored.best} action={action} onSet={(v) => update('linear', (f) => ({ ...f, best: v }))} />
        </>
      )}
      {stored?.kind === 'threshold' && (
        <>
          <Field id={`vf-dir-${measure}`} label={t('wizard.metrics.vf.direction')}>
            <select
              id={`vf-dir-${measure}`}
              className="input"
              value={stored.direction}
              onChange={(e) => {
                const direction = e.target.value as 'atLeast' | 'atMost';
                edit(
                  action,
                  update('threshold', (f) => ({ ...f, direction })),
                );
              }}
            >
              <option value="atLeast">{t('wizard.metrics.vf.atLeast')}</option>
              <option value="atMost">{t('wizard.metrics.vf.atMost')}</option>
            </select>
          </Field>
          <Param
            label={t('wizard.metrics.vf.threshold')}
            value={stored.threshold}
            action={action}
            onSet={(v) => update('threshold', (f) => ({ ...f, threshold: v }))}
          />
          <Param share label={t('wizard.metrics.vf.pass')} value={stored.pass} action={action} onSet={(v) => update('threshold', (f) => ({ ...f, pass: v }))} />
          <Param share label={t('wizard.metrics.vf.fail')} value={stored.fail} action={action} onSet={(v) => update('threshold', (f) => ({ ...f, fail: v }))} />
        </>
      )}
      {stored?.kind === 'piecewise' && <PiecewisePoints stored={stored} action={action} update={update} />}
    </div>
  );
}

/** A piecewise function's breakpoints: a table of editable points, add a point, and the rule they follow. */
function PiecewisePoints({ stored, action, update }: { stored: Piecewise; action: string; update: Update }) {
  const points = (change: (points: Piecewise['points']) => Piecewise['points']) => update('piecewise', (f) => ({ ...f, points: change(f.points) }));
  const { t } = useTranslation();
  return (
    <>
      <table className="table vf-points">
        <caption className="muted small">{t('wizard.metrics.vf.pointsHelp')}</caption>
        <TableHead cols={[t('wizard.metrics.vf.measured'), t('wizard.metrics.vf.value'), { label: t('wizard.metrics.vf.remove'), hidden: true }]} />
        <tbody>
          {stored.points.map(([x, v], k) => {
            const at = (change: (p: [number, number]) => [number, number]) => points((ps) => ps.map((q, i) => (i === k ? change(q) : q)));
            return (
              <tr key={k}>
                <td>
                  <Param hideLabel label={t('wizard.metrics.vf.pointX', { n: k + 1 })} value={x} action={action} onSet={(nx) => at(([, pv]) => [nx, pv])} />
                </td>
                <td>
                  <Param share hideLabel label={t('wizard.metrics.vf.pointV', { n: k + 1 })} value={v} action={action} onSet={(nv) => at(([px]) => [px, nv])} />
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={stored.points.length <= 2}
                    aria-label={t('wizard.metrics.vf.removePoint', { n: k + 1 })}
                    onClick={() =>
                      edit(
                        action,
                        points((ps) => (ps.length > 2 ? ps.filter((_, i) => i !== k) : ps)),
                      )
                    }
                  >
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="btn btn-small"
        disabled={stored.points.length >= 20}
        onClick={() =>
          edit(
            action,
            points((ps) => {
              if (ps.length >= 20) return ps;
              const [lx, lv] = ps[ps.length - 1];
              const step = lx - ps[ps.length - 2][0];
              return [...ps, [+(lx + step).toPrecision(6), lv]];
            }),
          )
        }
      >
        {t('wizard.metrics.vf.addPoint')}
      </button>
      <p className="muted small">{t('wizard.metrics.vf.increasing')}</p>
    </>
  );
}

/** The function's curve with each candidate marked at what it measured. */
function ValueCurveChart({ doc, measure, rows, kind, title }: { doc: WorkshopDoc; measure: Measure; rows: ScoreSuggestion[]; kind: Kind; title: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const ref = useRef<SVGSVGElement>(null);
  const g = valueCurveGeometry({
    fn: rows[0].fn,
    marks: rows.map((r) => ({ id: r.candidateId, measured: r.measured })),
    width: 420,
    height: 180,
    tickFormat: (v) => formatNumber(v, lang, 2),
  });
  const slot = (id: string) => doc.candidates.find((c) => c.id === id)?.colour ?? 0;
  const desc = rows
    .map((r) =>
      t('wizard.metrics.vf.mark', {
        name: candidateName(doc, r.candidateId, lang),
        measured: formatNumber(r.measured, lang, 3),
        score: formatNumber(r.value, lang),
      }),
    )
    .join('; ');
  return (
    <ChartFigure
      title={title}
      svgRef={ref}
      source={t(`wizard.metrics.vf.kinds.${kind}`)}
      legend={rows.map((r) => ({
        key: r.candidateId,
        label: candidateName(doc, r.candidateId, lang),
        slot: slot(r.candidateId),
      }))}
    >
      <ChartSvg svgRef={ref} filename={`value-function-${measure}`} title={title} desc={desc} width={420} height={180} className="chart-svg value-curve">
        {g.yTicks.map((tk) => (
          <g key={`y${tk.value}`} className="tick">
            <line x1={g.plot.x} x2={g.plot.x + g.plot.width} y1={tk.y} y2={tk.y} />
            <text x={g.plot.x - 6} y={tk.y} textAnchor="end" dominantBaseline="middle">
              {tk.label}
            </text>
          </g>
        ))}
        {g.xTicks.map((tk) => (
          <text key={`x${tk.value}`} className="tick-label" x={tk.x} y={g.plot.y + g.plot.height + 16} textAnchor="middle">
            {tk.label}
          </text>
        ))}
        <path className="curve" d={g.path} style={{ fill: 'none', stroke: 'var(--text)', strokeWidth: 2 }} />
        {g.marks.map((m) => (
          <circle key={m.id} cx={m.x} cy={m.y} r={5} style={{ fill: seriesColour(slot(m.id), 'css') }}>
            <title>{candidateName(doc, m.id, lang)}</title>
          </circle>
        ))}
      </ChartSvg>
    </ChartFigure>
  );
}
