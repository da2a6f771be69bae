import { Field } from '../../ui/Field';
import { Options } from '../../ui/Options';
import { Check } from '../../ui/Check';
import { useId, useState, memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addParticipant,
  answerMetricScoreProposals,
  hierarchyNode,
  metricScoreProposals,
  newId,
  scoredAtLeaves,
  suggestScores,
  takeSuggestedScores,
  type ScoreSuggestion,
  type WorkshopDoc,
} from '../../../shared/model';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { edit } from '../../parts/fields';
import { candidateName, criterionName, formatNumber } from '../../parts/text';
import { TableHead } from '../../ui/TableHead';

const NEW = '__new__';
/** The undo history's name of each answer to the metrics' score proposals. */
const ANSWER_ACTIONS = { accept: 'Write the scores the metrics now suggest', keep: 'Keep the team’s scores' } as const;

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
    // Recorded as taken from the metrics: a later change of the metrics is a proposal, not a rewrite.
    const at = new Date().toISOString();
    edit('Take suggested scores into the evaluation', (d) =>
      takeSuggestedScores(chosen === NEW ? addParticipant(d, { id: pid, name, role: 'other' }) : d, pid, scores, at, { replace }),
    );
    const written = countWritten(before, useWorkshop.getState().doc ?? before, pid);
    if (chosen === NEW) setParticipant(pid);
    setNote(written > 0 ? t('wizard.metrics.applied', { count: written, name }) : t('wizard.metrics.appliedNone', { name }));
  };

  const changed = metricScoreProposals(doc);
  const who = (id: string) => doc.participants.find((p) => p.id === id)?.name ?? id;

  return (
    <section className="panel" aria-labelledby="sugg-h">
      <h2 id="sugg-h">{t('wizard.metrics.suggestions')}</h2>
      <p className="muted">{t('wizard.metrics.suggestionsIntro')}</p>
      {changed.length > 0 && (
        <section className="metrics-proposal" role="region" aria-labelledby="sugg-prop-h">
          <h3 id="sugg-prop-h">{t('wizard.metrics.proposal.title')}</h3>
          <p>{t('wizard.metrics.proposal.intro')}</p>
          <ul>
            {changed.map((p) => (
              <li key={`${p.participantId}|${p.candidateId}|${p.criterionId}`}>
                {t('wizard.metrics.proposal.cell', {
                  participant: who(p.participantId),
                  candidate: candidateName(doc, p.candidateId, lang),
                  criterion: criterionName(doc, p.criterionId, lang),
                })}
                : <strong>{t('wizard.metrics.proposal.change', { current: formatNumber(p.current, lang), proposed: formatNumber(p.proposed, lang) })}</strong>
              </li>
            ))}
          </ul>
          <div className="form-actions">
            {(['accept', 'keep'] as const).map((answer) => (
              <button
                key={answer}
                type="button"
                className={answer === 'accept' ? 'btn btn-primary' : 'btn'}
                onClick={() => edit(ANSWER_ACTIONS[answer], (d) => answerMetricScoreProposals(d, metricScoreProposals(d), answer))}
              >
                {t(`wizard.metrics.proposal.${answer}`)}
              </button>
            ))}
          </div>
        </section>
      )}
      {suggestions.length === 0 ? (
        <p className="empty">{t('wizard.metrics.noSuggestions')}</p>
      ) : (
        <>
          <table className="table suggest-table">
            <TableHead cols={[t('wizard.metrics.criterion'), ...candidates.map((c) => candidateName(doc, c.id, lang))]} />
            <tbody>
              {criteria.map((cid) => (
                <tr key={cid}>
                  <th scope="row">
                    {criterionName(doc, cid, lang)}
                    {scoredAtLeaves(hierarchyNode(doc, cid)) && <div className="muted small">{t('wizard.metrics.atFocusPoints')}</div>}
                  </th>
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
            <Field id={pickId} label={t('wizard.metrics.takeInto')}>
              <select id={pickId} className="input" value={chosen} onChange={(e) => setParticipant(e.target.value)}>
                <Options items={doc.participants} label={(p) => p.name} />
                <option value={NEW}>{t('wizard.metrics.newParticipant')}</option>
              </select>
            </Field>
            <Check className="inline-label" checked={replace} onChange={setReplace}>
              {t('wizard.metrics.replace')}
            </Check>
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
