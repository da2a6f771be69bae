import { useId, useState, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { addParticipant, newId, suggestScores, writeScores, type ScoreSuggestion, type WorkshopDoc } from '../../../../shared/model';
import { currentLang } from '../../../i18n';
import { useWorkshop } from '../../../store/workshop';
import { edit } from '../fields';
import { candidateName, criterionName, formatNumber } from '../text';

const NEW = '__new__';

/**
 * Suggested criterion scores from the measurements, taken into the evaluation as one
 * participant's scores (with the measurement as rationale). Writing scores — rather than
 * storing suggestions aside — needs no new document field, shows up in the evaluation room
 * at once, is aggregated like any other view, and the team can still overrule it there.
 */
export const SuggestionsPanel = memo(function SuggestionsPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const pickId = useId();
  const replaceId = useId();
  const [participant, setParticipant] = useState<string>('');
  const [replace, setReplace] = useState(false);
  const [note, setNote] = useState('');
  const suggestions = suggestScores(doc);
  const chosen = participant && (participant === NEW || doc.participants.some((p) => p.id === participant)) ? participant : (doc.participants[0]?.id ?? NEW);
  const criteria = [...new Set(suggestions.map((s) => s.criterionId))];
  const candidates = doc.candidates.filter((c) => suggestions.some((s) => s.candidateId === c.id));
  const fmt = (s: ScoreSuggestion, v: number) =>
    s.measure === 'iteration-speed' ? formatNumber(v, lang, 1) : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(v);
  const basis = (s: ScoreSuggestion) =>
    s.custom
      ? t('wizard.metrics.basisFn', {
          measure: t(`wizard.metrics.measure.${s.measure}`),
          measured: fmt(s, s.measured),
          fn: t(`wizard.metrics.vf.kinds.${s.fn.kind}`),
        })
      : t('wizard.metrics.basis', { measure: t(`wizard.metrics.measure.${s.measure}`), measured: fmt(s, s.measured), best: fmt(s, s.best) });

  const apply = () => {
    const before = useWorkshop.getState().doc;
    if (!before) return;
    const scores = suggestions.map((s) => ({
      candidateId: s.candidateId,
      criterionId: s.criterionId,
      value: s.value,
      rationale: t('wizard.metrics.rationale', { basis: basis(s) }),
    }));
    const pid = chosen === NEW ? newId() : chosen;
    const name = chosen === NEW ? t('wizard.metrics.pilotParticipant') : (before.participants.find((p) => p.id === chosen)?.name ?? '');
    edit('Take suggested scores into the evaluation', (d) =>
      writeScores(chosen === NEW ? addParticipant(d, { id: pid, name, role: 'other' }) : d, pid, scores, { replace }),
    );
    const written = countWritten(before, useWorkshop.getState().doc ?? before, pid);
    if (chosen === NEW) setParticipant(pid);
    setNote(written > 0 ? t('wizard.metrics.applied', { count: written, name }) : t('wizard.metrics.appliedNone', { name }));
  };

  return (
    <section className="panel" aria-labelledby="sugg-h">
      <h2 id="sugg-h">{t('wizard.metrics.suggestions')}</h2>
      <p className="muted">{t('wizard.metrics.suggestionsIntro')}</p>
      {suggestions.length === 0 ? (
        <p className="empty">{t('wizard.metrics.noSuggestions')}</p>
      ) : (
        <>
          <table className="table suggest-table">
            <thead>
              <tr>
                <th scope="col">{t('wizard.metrics.criterion')}</th>
                {candidates.map((c) => (
                  <th key={c.id} scope="col">
                    {candidateName(doc, c.id, lang)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {criteria.map((cid) => (
                <tr key={cid}>
                  <th scope="row">{criterionName(doc, cid, lang)}</th>
                  {candidates.map((c) => {
                    const s = suggestions.find((x) => x.criterionId === cid && x.candidateId === c.id);
                    return (
                      <td key={c.id}>
                        {s ? (
                          <>
                            <strong>{formatNumber(s.value, lang)}</strong>
                            <div className="muted small">{basis(s)}</div>
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small">{t('wizard.metrics.takeIntoHint')}</p>
          <div className="apply-row">
            <div className="field">
              <label htmlFor={pickId}>{t('wizard.metrics.takeInto')}</label>
              <select id={pickId} className="input" value={chosen} onChange={(e) => setParticipant(e.target.value)}>
                {doc.participants.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
                <option value={NEW}>{t('wizard.metrics.newParticipant')}</option>
              </select>
            </div>
            <label className="inline-label" htmlFor={replaceId}>
              <input id={replaceId} type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
              {t('wizard.metrics.replace')}
            </label>
            <button type="button" className="btn btn-primary" onClick={apply}>
              {t('wizard.metrics.apply', { count: suggestions.length })}
            </button>
          </div>
          {note && (
            <p role="status" className="ok-note">
              {note}
            </p>
          )}
        </>
      )}
    </section>
  );
});

/** Scores of `participantId` that the edit added or changed. */
function countWritten(before: WorkshopDoc, after: WorkshopDoc, participantId: string): number {
  if (before === after) return 0;
  const old = new Map(before.scores.filter((s) => s.participantId === participantId).map((s) => [`${s.candidateId}|${s.criterionId}`, s]));
  return after.scores.filter((s) => {
    if (s.participantId !== participantId) return false;
    const o = old.get(`${s.candidateId}|${s.criterionId}`);
    return !o || o.value !== s.value || o.rationale !== s.rationale;
  }).length;
}
