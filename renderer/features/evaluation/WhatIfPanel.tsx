import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { groupOverride, withoutCell } from '../../../shared/model/edits/scenarios';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { dropPendingAnswers, evaluateLive } from '../../store/live';
import { useRoom } from '../../store/room';
import { RangeInput } from './WeightSliders';
import { UnlessBlind } from '../../parts/UnlessBlind';
import { ScenariosPanel } from './ScenariosPanel';
import { candidateName, criterionName } from '../../../shared/model';
import { NamePicker } from '../../ui/NamePicker';

/** Live what-if of scores: set the group's score of one cell and watch the ranking move; then save scenarios. */
export function WhatIfPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  return (
    <section className="room-section" aria-labelledby="whatif-h">
      <h2 id="whatif-h" className="sr-only">
        {t('room.view.whatif')}
      </h2>
      <UnlessBlind>
        <ScoreWhatIf doc={doc} />
      </UnlessBlind>
      <ScenariosPanel doc={doc} />
    </section>
  );
}

function ScoreWhatIf({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [cand, setCand] = useState(doc.candidates[0]?.id ?? '');
  const [crit, setCrit] = useState(doc.criteria[0]?.id ?? '');
  const overrides = useWorkshop((s) => s.whatIf);
  const draft = useRoom((s) => s.draftOverrides);
  const result = useRoom((s) => s.result);
  const ci = doc.candidates.findIndex((c) => c.id === cand);
  const ki = doc.criteria.findIndex((c) => c.id === crit);
  const active = draft ?? overrides;
  const overridden = Object.entries(active).find(([key]) => key.split('|')[1] === cand && key.split('|')[2] === crit)?.[1];
  const group = ci >= 0 && ki >= 0 ? (result?.aggregated[ci]?.[ki] ?? null) : null;
  const value = overridden ?? group ?? doc.scale.min;
  const commit = () => {
    const room = useRoom.getState();
    const d = room.whatIfDrag ?? room.draftOverrides;
    if (!d) return room.endDraft('overrides');
    dropPendingAnswers();
    useWorkshop.getState().setWhatIf(t('room.undo.whatIfScore'), d);
    useRoom.getState().endDraft('overrides');
  };
  if (doc.candidates.length === 0 || doc.criteria.length === 0) return null;
  const cells = summarise(doc, overrides, lang);
  const step = (doc.scale.max - doc.scale.min) / 100;
  return (
    <div className="whatif">
      <h3 className="small-h">{t('room.whatif.scores')}</h3>
      <p className="muted small">{t('room.whatif.intro')}</p>
      <div className="whatif-pick">
        <NamePicker label={t('room.whatif.candidate')} items={doc.candidates} kind="candidate" value={cand} onChange={setCand} />
        <NamePicker label={t('room.scoring.criterion')} items={doc.criteria} kind="criterion" value={crit} onChange={setCrit} />
      </div>
      <div className="whatif-slider">
        <label htmlFor="whatif-score">{t('room.whatif.groupScore')}</label>
        <RangeInput
          key={`${cand}|${crit}`}
          id="whatif-score"
          min={doc.scale.min}
          max={doc.scale.max}
          step={step}
          value={value}
          valueText={value.toFixed(1)}
          held={() => useRoom.getState().whatIfDrag !== null}
          onInput={(v, at) => {
            const sent = { ...withoutCell(useWorkshop.getState().whatIf, cand, crit), ...groupOverride(doc, cand, crit, v) };
            useRoom.getState().whatIfDragged(sent);
            evaluateLive(doc, at, { overrides: sent });
          }}
          onCommit={commit}
        />
        <output htmlFor="whatif-score" className="num slider-value">
          {value.toFixed(1)}
        </output>
        {group !== null && overridden === undefined && <span className="muted small">{t('room.whatif.current')}</span>}
      </div>
      {cells.length > 0 && (
        <div className="overrides">
          <p className="small">{t('room.whatif.active', { count: cells.length })}</p>
          <ul className="chips">
            {cells.map((c) => (
              <li key={`${c.candidateId}|${c.criterionId}`}>
                <span className="chip">
                  {c.label} → {c.value.toFixed(1)}
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={t('room.whatif.remove', { cell: c.label })}
                    onClick={() =>
                      useWorkshop
                        .getState()
                        .setWhatIf(t('room.undo.whatIfRemove', { cell: c.label }), withoutCell(useWorkshop.getState().whatIf, c.candidateId, c.criterionId))
                    }
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn" onClick={() => useWorkshop.getState().setWhatIf(t('room.undo.whatIfReset'), {})}>
            {t('room.whatif.reset')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Overrides grouped by cell (a group override sets every participant's score of the cell to one value). */
function summarise(doc: WorkshopDoc, overrides: Record<string, number>, lang: ReturnType<typeof currentLang>) {
  const byCell = new Map<string, { candidateId: string; criterionId: string; value: number }>();
  for (const [key, value] of Object.entries(overrides)) {
    const [, candidateId, criterionId] = key.split('|');
    byCell.set(`${candidateId}|${criterionId}`, { candidateId, criterionId, value });
  }
  return [...byCell.values()].map((c) => ({
    ...c,
    label: `${candidateName(doc, c.candidateId, lang)} · ${criterionName(doc, c.criterionId, lang)}`,
  }));
}
