import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WorkshopAnalysisResult } from '../../../shared/contract/analysis';
import { displayName, type WorkshopDoc } from '../../../shared/model';
import { currentLang } from '../../i18n';
import { formatPercent } from '../../ui/format';
import { Options } from '../../ui/Options';
import { useRoom, type SmaaChoice } from '../../store/room';

type Row = SmaaChoice['rows'][number];

/**
 * The weights of the room's acceptability analysis: around the team's weights (as the
 * reports), from the room's own pairwise judgments (judges resampled, or each judgment within
 * one scale step), or under constraints the facilitator states ("cost matters at least twice
 * as much as scalability"). Contradicting constraints are named; the acceptabilities are
 * listed with their standard errors. Plain form controls: keyboard-usable as they are.
 */
export function SmaaWeightOptions({ doc, analysis }: { doc: WorkshopDoc; analysis: WorkshopAnalysisResult | null }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const choice = useRoom((s) => s.smaaChoice);
  const set = (patch: Partial<SmaaChoice>) => useRoom.getState().setSmaaChoice({ ...choice, ...patch });
  const criterion = (id: string) => {
    const k = doc.criteria.findIndex((c) => c.id === id);
    return k >= 0 ? displayName(doc.criteria[k], lang, 'criterion', k) : '?';
  };
  const rowText = (r: Row) =>
    t('room.smaaModel.constraintText', { greater: criterion(r.greater), lesser: criterion(r.lesser), ratio: +r.ratio.toPrecision(4) });
  const setRow = (k: number, patch: Partial<Row>) => set({ rows: choice.rows.map((r, i) => (i === k ? { ...r, ...patch } : r)) });
  const addRow = () => {
    const [a, b] = doc.criteria;
    if (!a || !b) return;
    set({ rows: [...choice.rows, { greater: a.id, lesser: b.id, ratio: 2 }] });
  };
  // The valid rows, in order, are the constraints sent (smaaWeightModel): map the engine's indices back.
  const sent = choice.rows.filter((r) => r.greater !== r.lesser && r.ratio > 0 && r.ratio <= 1000);
  const problem = analysis?.smaaProblem ?? null;
  const sm = analysis?.smaa ?? null;
  const name = (i: number) => (doc.candidates[i] ? displayName(doc.candidates[i], lang, 'candidate', i) : '?');

  return (
    <div className="smaa-options">
      <fieldset>
        <legend>{t('room.smaaModel.legend')}</legend>
        {(['around', 'judgments', 'constraints'] as const).map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="smaa-model"
              checked={choice.kind === kind}
              onChange={() => set({ kind, rows: kind === 'constraints' && choice.rows.length === 0 ? [] : choice.rows })}
            />{' '}
            {t(`room.smaaModel.${kind}`)}
          </label>
        ))}
      </fieldset>
      {choice.kind === 'judgments' && (
        <fieldset>
          <legend>{t('room.smaaModel.mode')}</legend>
          {(['bootstrap', 'perturb'] as const).map((mode) => (
            <label key={mode}>
              <input type="radio" name="smaa-judgments-mode" checked={choice.mode === mode} onChange={() => set({ mode })} /> {t(`room.smaaModel.${mode}`)}
            </label>
          ))}
        </fieldset>
      )}
      {choice.kind === 'constraints' && (
        <div className="smaa-constraints">
          {choice.rows.map((r, k) => (
            <fieldset key={k} className="smaa-constraint">
              <legend>{t('room.smaaModel.constraintLabel', { n: k + 1 })}</legend>
              <label>
                {t('room.smaaModel.greater')}{' '}
                <select value={r.greater} onChange={(e) => setRow(k, { greater: e.target.value })}>
                  <Options items={doc.criteria} label={(c) => criterion(c.id)} />
                </select>
              </label>{' '}
              <label>
                {t('room.smaaModel.lesser')}{' '}
                <select value={r.lesser} onChange={(e) => setRow(k, { lesser: e.target.value })}>
                  <Options items={doc.criteria} label={(c) => criterion(c.id)} />
                </select>
              </label>{' '}
              <label>
                {t('room.smaaModel.ratio')}{' '}
                <input
                  type="number"
                  min={0.1}
                  max={1000}
                  step={0.5}
                  value={r.ratio}
                  onChange={(e) => {
                    const v = e.target.valueAsNumber;
                    if (Number.isFinite(v) && v > 0) setRow(k, { ratio: v });
                  }}
                />
              </label>{' '}
              <button type="button" className="btn btn-small" onClick={() => set({ rows: choice.rows.filter((_, i) => i !== k) })}>
                {t('room.smaaModel.remove', { n: k + 1 })}
              </button>
              {r.greater === r.lesser && <p className="alert">{t('room.smaaModel.same')}</p>}
            </fieldset>
          ))}
          <button type="button" className="btn btn-small" onClick={addRow} disabled={doc.criteria.length < 2}>
            {t('room.smaaModel.add')}
          </button>
        </div>
      )}
      {problem && (
        <p className="alert" role="alert" data-testid="smaa-problem">
          {problem.kind === 'conflict'
            ? t('room.smaaModel.conflict', { list: problem.constraints.map((k) => (sent[k] ? rowText(sent[k]) : '?')).join('; ') })
            : problem.kind === 'no-judgments'
              ? t('room.smaaModel.noJudgments')
              : t('room.smaaModel.refused', { detail: problem.detail })}
        </p>
      )}
      {sm && analysis?.evaluation && (
        <>
          <p className="muted small">{t('room.smaaModel.firstTitle')}</p>
          <ul className="smaa-first" data-testid="smaa-first">
            {analysis.evaluation.ranking.map((i) => (
              <li key={i}>
                {t('room.smaaModel.first', {
                  name: name(i),
                  p: formatPercent(sm.rankAcceptability[i]?.[0] ?? 0, lang, 1),
                  se: formatPercent(sm.standardError[i]?.[0] ?? 0, lang, 1),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The SMAA settings line: samples and the weight model used. */
export function smaaSettingsText(t: TFunction, settings: NonNullable<WorkshopAnalysisResult['smaaSettings']>, criterion: (k: number) => string): string {
  const samples = settings.samples.toLocaleString();
  if (settings.model === 'around') return t('room.robustness.smaaSettings', { samples, spread: (Math.abs(settings.spread ?? 0) * 100).toFixed(1) });
  if (settings.model === 'constraints') {
    const list = settings.constraints
      .map((c) => t('room.smaaModel.constraintText', { greater: criterion(c.greater), lesser: criterion(c.lesser), ratio: +c.ratio.toPrecision(4) }))
      .join('; ');
    return t('room.smaaModel.settingsConstraints', { samples, list });
  }
  return t(settings.model === 'judgments-bootstrap' ? 'room.smaaModel.settingsJudgmentsBootstrap' : 'room.smaaModel.settingsJudgmentsPerturb', { samples });
}
