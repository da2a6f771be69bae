import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import {
  formatJudgment,
  hasJudgments,
  judgmentMatrix,
  judgmentOfStep,
  judgmentPairs,
  setJudgment,
  stepOfJudgment,
  SAATY_STEPS,
} from '../../../shared/model/edits/ahp-edit';
import { adoptWeights } from '../../../shared/model/edits/weights-edit';
import { nowIso } from '../../../shared/model/ids';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { openPairwiseRound } from './roomVote';
import { useNativeChange } from './useCommit';
import { displayName } from '../../../shared/model';

/** Saaty's consistency limit: a CR above 0.1 means the judgments contradict each other too much. */
const CR_LIMIT = 0.1;

/** AHP pairwise comparison per participant: consistency ratio, the most inconsistent judgment and its suggested value, group weights. */
export function AhpPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const [who, setWho] = useState(doc.participants[0]?.id ?? '');
  const participant = doc.participants.find((p) => p.id === who) ?? doc.participants[0];
  const n = doc.criteria.length;
  const matrix = useMemo(() => (participant ? judgmentMatrix(doc, participant.id) : []), [doc, participant]);
  const ownReq = useMemo(() => (n >= 2 && n <= 15 && participant ? { matrix } : null), [n, participant, matrix]);
  const own = useDerived('engine.ahp', ownReq);
  const judges = useMemo(() => doc.participants.filter((p) => p.influence > 0 && hasJudgments(doc, p.id)), [doc]);
  const groupReq = useMemo(
    () =>
      judges.length > 0 && n >= 2 && n <= 15
        ? { matrices: judges.map((p) => judgmentMatrix(doc, p.id)), participantWeights: judges.map((p) => p.influence) }
        : null,
    [doc, judges, n],
  );
  const group = useDerived('engine.ahp', groupReq);

  if (doc.participants.length === 0) return <p className="empty">{t('room.scoring.noParticipants')}</p>;
  if (n < 2 || n > 15) return <p className="empty">{t('room.ahp.size')}</p>;
  const name = (i: number) => displayName(doc.criteria[i], lang, 'criterion', i);
  const worst = own.value?.mostInconsistent ?? null;
  const cr = own.value?.cr ?? null;
  const setPair = (i: number, j: number, value: number) =>
    edit(t('room.undo.judgment'), (d) => setJudgment(d, participant!.id, d.criteria[i].id, d.criteria[j].id, value));

  return (
    <div className="ahp">
      <p className="muted small">{t('room.ahp.intro')}</p>
      <div className="ahp-head">
        <label className="inline-label">
          {t('room.ahp.participant')}
          <select className="input" value={participant!.id} onChange={(e) => setWho(e.target.value)}>
            {doc.participants.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <p className={cr !== null && cr > CR_LIMIT ? 'cr cr-bad' : 'cr'} role="status" data-testid="ahp-cr">
          {cr === null ? t('room.ahp.crNone') : t('room.ahp.cr', { cr: cr.toFixed(3) })}{' '}
          {cr !== null && (cr > CR_LIMIT ? t('room.ahp.crHigh') : t('room.ahp.crOk'))}
        </p>
        <button type="button" className="btn" aria-controls="room-vote" onClick={openPairwiseRound}>
          {t('roomVote.pairwiseRound')}
        </button>
      </div>
      {worst && cr !== null && cr > 0.0005 && (
        <div className="ahp-worst" role="note">
          <p>
            {t('room.ahp.worst', { a: name(worst.i), b: name(worst.j), current: formatJudgment(worst.current), suggested: formatJudgment(worst.suggested) })}
            {worst.crAfter !== null && ` ${t('room.ahp.crAfter', { cr: worst.crAfter.toFixed(3) })}`}
          </p>
          <button type="button" className="btn" onClick={() => setPair(worst.i, worst.j, judgmentOfStep(stepOfJudgment(worst.suggested)))}>
            {t('room.ahp.applySuggestion', { value: formatJudgment(judgmentOfStep(stepOfJudgment(worst.suggested))) })}
          </button>
        </div>
      )}
      <ul className="pairs">
        {judgmentPairs(n).map(([i, j]) => (
          <PairRow
            key={`${i}-${j}`}
            a={name(i)}
            b={name(j)}
            value={matrix[i][j]}
            highlight={worst?.i === i && worst.j === j}
            onCommit={(v) => setPair(i, j, v)}
          />
        ))}
      </ul>
      <div className="ahp-group">
        <h3 className="small-h">{t('room.ahp.group', { count: judges.length })}</h3>
        {group.value && !group.error ? (
          <>
            <p className="muted small" aria-busy={!group.current}>
              {doc.criteria.map((c, i) => `${displayName(c, lang, 'criterion', i)} ${(group.value!.weights[i] * 100).toFixed(1)}%`).join(' · ')}
            </p>
            <p className="small">{group.value.cr === null ? '' : t('room.ahp.cr', { cr: group.value.cr.toFixed(3) })}</p>
            {/* Weights computed from judgments since changed are not offered until the new answer is in. */}
            <button
              type="button"
              className="btn btn-primary"
              disabled={!group.current}
              onClick={() => edit(t('room.undo.ahpWeights'), (d) => adoptWeights(d, group.value!.weights, { source: 'ahp' }, nowIso()))}
            >
              {t('room.ahp.use')}
            </button>
          </>
        ) : (
          <p className="muted">{group.error?.message ?? t('room.ahp.noJudges')}</p>
        )}
      </div>
    </div>
  );
}

function PairRow({ a, b, value, highlight, onCommit }: { a: string; b: string; value: number; highlight: boolean; onCommit: (value: number) => void }) {
  const { t } = useTranslation();
  const step = stepOfJudgment(value);
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? step;
  const ref = useNativeChange<HTMLInputElement>((el) => {
    setDraft(null);
    const v = judgmentOfStep(-Number(el.value));
    if (Math.abs(v - value) > 1e-12) onCommit(v);
  });
  const label =
    shown === 0 ? t('room.ahp.equal') : shown > 0 ? t('room.ahp.more', { name: a, times: shown + 1 }) : t('room.ahp.more', { name: b, times: 1 - shown });
  return (
    <li className={highlight ? 'pair worst' : 'pair'}>
      <span className="pair-a">{a}</span>
      <input
        ref={ref}
        type="range"
        // Left = the first criterion more important, so the slider runs from +8 to −8.
        min={-SAATY_STEPS}
        max={SAATY_STEPS}
        step={1}
        value={-shown}
        aria-label={t('room.ahp.pair', { a, b })}
        aria-valuetext={label}
        onChange={(e) => setDraft(-Number(e.currentTarget.value))}
        dir="ltr"
      />
      <span className="pair-b">{b}</span>
      <span className="pair-value">{label}</span>
    </li>
  );
}
