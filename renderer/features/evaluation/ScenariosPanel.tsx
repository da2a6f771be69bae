import { TableHead } from '../../ui/TableHead';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, newId, nowIso, type WorkshopDoc } from '../../../shared/model';
import {
  addScenario,
  compareScenarios,
  removeScenario,
  renameScenario,
  scenarioWeights,
  validOverrides,
  type ScenarioColumn,
} from '../../../shared/model/edits/scenarios';
import { adoptWeights, docWeightUnits, toUnits } from '../../../shared/model/edits/weights-edit';
import { callAllWork, derivedKey, useDerivedKey } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { canEvaluate, evaluateRequest } from '../../store/live';
import { useRoom } from '../../store/room';

/** Evaluates the current weights and every saved scenario, for the side-by-side comparison. */
export function useScenarioComparison(doc: WorkshopDoc): { columns: ScenarioColumn[] | null; error: string | null } {
  const { t } = useTranslation();
  const overrides = useWorkshop((s) => s.whatIf);
  const current = t('room.scenarios.current');
  const entries = useMemo(
    () =>
      [
        { id: 'current', name: current, units: docWeightUnits(doc), overrides },
        ...doc.scenarios.map((s) => ({ id: s.id, name: s.name, units: toUnits(scenarioWeights(doc, s)), overrides: validOverrides(doc, s.scoreOverrides) })),
      ].filter((e) => canEvaluate(doc, e.units)),
    [doc, overrides, current],
  );
  const requests = useMemo(() => entries.map((e) => evaluateRequest(doc, e.units, e.overrides)), [doc, entries]);
  const names = JSON.stringify(entries.map((e) => [e.id, e.name]));
  const comparison = useDerivedKey(`${derivedKey('engine.evaluate[]', requests)} ${names}`, async (ctx) => {
    const results = await callAllWork('engine.evaluate', requests)(ctx);
    return compareScenarios(results.map((r, i) => ({ id: entries[i].id, name: entries[i].name, totals: r.totals, ranking: r.ranking })));
  });
  return { columns: comparison.value, error: comparison.error?.message ?? null };
}

/** Named what-if scenarios: save the current weights and score overrides, apply one, compare side by side. */
export function ScenariosPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const blind = useRoom((s) => s.blind);
  const [name, setName] = useState('');
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    const { draftUnits } = useRoom.getState();
    const overrides = useWorkshop.getState().whatIf;
    edit(t('room.undo.saveScenario', { name: trimmed }), (d) =>
      addScenario(d, { id: newId(), name: trimmed, createdAt: nowIso(), weights: draftUnits ?? docWeightUnits(d), scoreOverrides: overrides }),
    );
    setName('');
  };
  return (
    <div className="scenarios">
      <h3 className="small-h">{t('room.scenarios.title')}</h3>
      <form
        className="scenario-save"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="inline-label">
          {t('room.scenarios.name')}
          <input className="input" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder={t('room.scenarios.namePlaceholder')} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
          {t('room.scenarios.save')}
        </button>
      </form>
      {doc.scenarios.length === 0 ? (
        <p className="muted">{t('room.scenarios.none')}</p>
      ) : (
        <ul className="scenario-list">
          {doc.scenarios.map((s) => (
            <li key={s.id}>
              <input
                key={s.name}
                className="input scenario-name"
                defaultValue={s.name}
                aria-label={t('room.scenarios.rename', { name: s.name })}
                onBlur={(e) => edit(t('room.undo.renameScenario'), (d) => renameScenario(d, s.id, e.currentTarget.value))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') e.currentTarget.blur();
                }}
              />
              <span className="muted small">
                {t('room.scenarios.overrides', { count: new Set(Object.keys(s.scoreOverrides).map((k) => k.split('|').slice(1).join('|'))).size })}
              </span>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  // Its weights and its what-if scores: one undo step.
                  edit(
                    t('room.undo.applyScenario', { name: s.name }),
                    (d) => adoptWeights(d, scenarioWeights(d, s), { source: 'scenario', scenarioId: s.id }, nowIso()),
                    validOverrides(doc, s.scoreOverrides),
                  );
                }}
              >
                {t('room.scenarios.apply')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-small btn-danger"
                aria-label={t('room.scenarios.delete', { name: s.name })}
                onClick={() => edit(t('room.undo.deleteScenario'), (d) => removeScenario(d, s.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {!blind && doc.scenarios.length > 0 && <ScenarioCompare doc={doc} />}
    </div>
  );
}

export function ScenarioCompare({ doc, large = false }: { doc: WorkshopDoc; large?: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { columns, error } = useScenarioComparison(doc);
  if (error)
    return (
      <p className="alert" role="alert">
        {error}
      </p>
    );
  if (!columns) return <div className="spinner" aria-hidden="true" />;
  const name = (i: number | null) => (i === null ? '–' : displayName(doc.candidates[i], lang, 'candidate', i));
  return (
    <div className={large ? 'compare-wrap large' : 'compare-wrap'}>
      <table className="table compare" aria-label={t('room.scenarios.compare')}>
        <caption className="compare-caption">{t('room.scenarios.compare')}</caption>
        <TableHead cols={[{ label: '', blank: true }, ...columns.map((c) => c.name)]} />
        <tbody>
          <tr>
            <th scope="row">{t('room.scenarios.winner')}</th>
            {columns.map((c) => (
              <td key={c.id} className={c.winnerChanged ? 'changed' : undefined}>
                <strong>{name(c.outcome.winner)}</strong>
                {c.winnerChanged && <span className="badge badge-warn">{t('room.scenarios.changed')}</span>}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t('room.scenarios.margin')}</th>
            {columns.map((c) => (
              <td key={c.id} className="num">
                {(c.outcome.margin * 100).toFixed(1)}
                {c.outcome.runnerUp !== null && <span className="muted small"> ({t('room.scenarios.over', { name: name(c.outcome.runnerUp) })})</span>}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t('room.scenarios.baselineRank', { name: name(columns[0]?.outcome.winner ?? null) })}</th>
            {columns.map((c) => (
              <td key={c.id} className="num">
                {c.baselineWinnerRank ?? '–'}
              </td>
            ))}
          </tr>
          {doc.candidates.map((cand, i) => (
            <tr key={cand.id}>
              <th scope="row" className="muted">
                {displayName(cand, lang, 'candidate', i)}
              </th>
              {columns.map((c) => (
                <td key={c.id} className="num">
                  {(c.totals[i] * 100).toFixed(1)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
