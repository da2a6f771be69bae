import { TableHead } from '../../ui/TableHead';
import { NamePicker } from '../../ui/NamePicker';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, type WorkshopDoc } from '../../../shared/model';
import { answeredPairCount, connectingPair, judgmentPairs } from '../../../shared/model/edits/ahp-edit';
import { applyRatingScores, clearRatings, ratedCells, ratingMatrix, RATINGS_MAX_CANDIDATES, setRatingJudgment } from '../../../shared/model/edits/ratings-edit';
import { useDerived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { PairRow } from './AhpPanel';

const CR_LIMIT = 0.1;

/**
 * "Compare pairwise" for one participant: instead of typing a dimension's scores, compare the
 * candidates two at a time on it. The engine (`engine.ahpRatings`, incomplete AHP, so pairs
 * may stay unanswered once all candidates are linked) gives the scores by Saaty's ideal mode;
 * "Use as scores" writes them into the grid, where those cells are marked.
 */
export function RatingsPanel({ doc, participantId }: { doc: WorkshopDoc; participantId: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const [open, setOpen] = useState(false);
  const [criterionId, setCriterionId] = useState(doc.criteria[0]?.id ?? '');
  const uid = useId();
  const panelId = `${uid}-ratings`;
  const k = Math.max(
    0,
    doc.criteria.findIndex((c) => c.id === criterionId),
  );
  const criterion = doc.criteria[k];
  const m = doc.candidates.length;
  const labels = useMemo(() => doc.candidates.map((c, i) => displayName(c, lang, 'candidate', i).slice(0, 200)), [doc.candidates, lang]);
  const matrix = useMemo(() => (criterion ? ratingMatrix(doc, participantId, criterion.id) : []), [doc, participantId, criterion]);
  const linking = useMemo(() => connectingPair(matrix), [matrix]);
  const fits = m >= 2 && m <= RATINGS_MAX_CANDIDATES;
  const request = useMemo(
    () => (open && fits && criterion && !linking ? { matrix, scale: { min: doc.scale.min, max: doc.scale.max }, labels } : null),
    [open, fits, criterion, linking, matrix, doc.scale.min, doc.scale.max, labels],
  );
  const answer = useDerived('engine.ahpRatings', request);
  if (!criterion || m === 0) return null;

  const dimension = displayName(criterion, lang, 'criterion', k);
  const result = answer.value && request ? answer.value : null;
  const answered = answeredPairCount(matrix);
  const total = (m * (m - 1)) / 2;
  // The next pair only from the answer for these ratings (while it is pending, the last one is the pair just answered).
  const next: [number, number] | null = linking ?? (answer.current ? result?.nextPair : null) ?? null;
  const cells = ratedCells(doc, participantId);
  const inGrid = doc.candidates.every((c) => cells.has(`${c.id}|${criterion.id}`));
  const hasEntry = doc.ratings.some((r) => r.participantId === participantId && r.criterionId === criterion.id);
  const pairDomId = (i: number, j: number) => `${uid}-pair-${i}-${j}`;
  const setPair = (i: number, j: number, value: number | null) =>
    edit(t('room.undo.ratingJudgment'), (d) => setRatingJudgment(d, participantId, criterion.id, d.candidates[i].id, d.candidates[j].id, value));
  const goTo = (i: number, j: number) =>
    requestAnimationFrame(() => {
      const el = document.getElementById(pairDomId(i, j));
      el?.scrollIntoView({ block: 'center' });
      el?.focus();
    });

  return (
    <section className="ratings" aria-labelledby={`${uid}-h`} data-testid="ratings">
      <h3 id={`${uid}-h`} className="small-h">
        <button type="button" className="btn" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
          {t('room.ratings.open')}
        </button>
      </h3>
      {open && (
        <div id={panelId} className="ahp">
          <p className="muted small">{t('room.ratings.intro', { min: doc.scale.min, max: doc.scale.max })}</p>
          {!fits ? (
            <p className="empty">{t('room.ratings.size', { max: RATINGS_MAX_CANDIDATES })}</p>
          ) : (
            <>
              <div className="ahp-head">
                <NamePicker label={t('room.ratings.dimension')} items={doc.criteria} kind="criterion" value={criterion.id} onChange={setCriterionId} />
                {result && result.cr !== null && (
                  <p className={result.cr > CR_LIMIT ? 'cr cr-bad' : 'cr'} role="status">
                    {t('room.ahp.cr', { cr: result.cr.toFixed(3) })} {result.cr > CR_LIMIT ? t('room.ratings.crHigh') : t('room.ahp.crOk')}
                  </p>
                )}
              </div>
              <div className="ahp-progress" aria-live="polite" data-testid="ratings-progress">
                <p>{t('room.ratings.progress', { answered, total, min: m - 1 })}</p>
                {linking && <p className="ahp-missing">{t('room.ratings.disconnected', { name: labels[linking[1]] })}</p>}
                {next && (
                  <p className="ahp-next">
                    {t('room.ahp.next', { a: labels[next[0]], b: labels[next[1]] })}{' '}
                    <button type="button" className="btn btn-small" onClick={() => goTo(next[0], next[1])}>
                      {t('room.ahp.goNext')}
                    </button>
                  </p>
                )}
              </div>
              <ul className="pairs">
                {judgmentPairs(m).map(([i, j]) => (
                  <PairRow
                    key={`${i}-${j}`}
                    id={pairDomId(i, j)}
                    a={labels[i]}
                    b={labels[j]}
                    value={matrix[i][j]}
                    highlight={null}
                    next={next !== null && next[0] === i && next[1] === j}
                    onCommit={(v) => setPair(i, j, v)}
                    words="room.ratings"
                  />
                ))}
              </ul>
              {result && (
                <div className="ratings-result">
                  <table className="table" data-testid="ratings-result">
                    <caption>{t('room.ratings.resultCaption', { dimension })}</caption>
                    <TableHead cols={[t('room.ratings.candidate'), t('room.ratings.priority'), t('room.ratings.score')]} />
                    <tbody>
                      {labels.map((name, c) => (
                        <tr key={doc.candidates[c].id}>
                          <th scope="row">{name}</th>
                          <td>{(result.weights[c] * 100).toFixed(1)}%</td>
                          <td>{(Math.round(result.scores[c] * 100) / 100).toString()}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <p className="muted small">{inGrid ? t('room.ratings.inGrid') : t('room.ratings.notInGrid')}</p>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={!answer.current}
                    onClick={() => edit(t('room.undo.ratingScores'), (d) => applyRatingScores(d, participantId, criterion.id, result.scores))}
                  >
                    {t('room.ratings.apply', { dimension })}
                  </button>
                </div>
              )}
              {!result && answer.error && request && <p className="alert small">{answer.error.message}</p>}
              {hasEntry && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => edit(t('room.undo.ratingClear'), (d) => clearRatings(d, participantId, criterion.id))}
                >
                  {t('room.ratings.remove')}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
