import { useTranslation } from 'react-i18next';
import type { PacedQuestion, RoundStatus } from '../../../shared/contract/session';
import { dimensionOfAnswers, displayName, hierarchyNode, leafNameOf, type WorkshopDoc } from '../../../shared/model';
import { formatJudgment, judgmentOfPosition, positionOfJudgment } from '../../../shared/scoring/saaty';
import { DotPlot } from '../../charts/DotPlot';
import { currentLang } from '../../i18n';
import { paceRound } from '../../store/roomVote';
import { useDocJudged } from '../../api/hierarchy-judged';

/**
 * A facilitator-paced round: the question put to the room, how many answered it, the controls
 * (previous / reveal / next), and once revealed the answers as a dot plot with the group's
 * value (a pair: the geometric mean the Node side computed with the AIJ aggregation; a cell: the
 * median). A cell of a dimension scored at its focus points asks its focus points together: once
 * revealed, the dimension's value derived from each answer (as the grid derives it) and each
 * focus point's answers and median. The board and the projector show the same;
 * the projector's type is the room's.
 */
export type Paced = NonNullable<RoundStatus['paced']>;

const round2 = (v: number) => String(Math.round(v * 100) / 100);

/** The question as the room reads it (`leaves`: a cell scored at its focus points). */
export function usePacedLabel(doc: WorkshopDoc): (q: PacedQuestion, leaves?: boolean) => string {
  const { t } = useTranslation();
  const lang = currentLang();
  const criterion = (id: string) => {
    const i = doc.criteria.findIndex((k) => k.id === id);
    return i < 0 ? id : displayName(doc.criteria[i], lang, 'criterion', i);
  };
  const candidate = (id: string) => {
    const i = doc.candidates.findIndex((c) => c.id === id);
    return i < 0 ? id : displayName(doc.candidates[i], lang, 'candidate', i);
  };
  return (q, leaves = false) =>
    q.kind === 'cell'
      ? t(leaves ? 'roomVote.paced.cellLeaves' : 'roomVote.paced.cell', {
          candidate: candidate(q.candidateId),
          criterion: criterion(q.criterionId),
          min: doc.scale.min,
          max: doc.scale.max,
        })
      : t('roomVote.paced.pair', { a: criterion(q.a), b: criterion(q.b) });
}

/** Previous / reveal / next, for the board and the projector (keys there: ← → R). */
export function PacedControls({ workshopId, paced, open, projected = false }: { workshopId: string; paced: Paced; open: boolean; projected?: boolean }) {
  const { t } = useTranslation();
  // On the projector the head's own buttons; on the board the panel's.
  const btn = projected ? 'presenter-tab' : 'btn';
  return (
    <span className="paced-controls">
      <button type="button" className={btn} disabled={!open || paced.index === 0} onClick={() => void paceRound(workshopId, paced.index - 1, false)}>
        {t('roomVote.paced.prev')}
      </button>
      <button
        type="button"
        className={projected ? btn : 'btn btn-primary'}
        disabled={!open}
        onClick={() => void paceRound(workshopId, paced.index, !paced.revealed)}
      >
        {paced.revealed ? t('roomVote.paced.hide') : t('roomVote.paced.reveal')}
      </button>
      <button
        type="button"
        className={btn}
        disabled={!open || paced.index >= paced.total - 1}
        onClick={() => void paceRound(workshopId, paced.index + 1, false)}
      >
        {t('roomVote.paced.next')}
      </button>
    </span>
  );
}

/** The key a presenter pressed, as a paced step (or null): ← previous, → next, R reveal / hide. */
export function pacedStep(key: string, paced: Paced): { index: number; revealed: boolean } | null {
  if (key === 'ArrowLeft' && paced.index > 0) return { index: paced.index - 1, revealed: false };
  if (key === 'ArrowRight' && paced.index < paced.total - 1) return { index: paced.index + 1, revealed: false };
  if (key === 'r' || key === 'R') return { index: paced.index, revealed: !paced.revealed };
  return null;
}

/** The question, "k of N answered" and, once revealed, the answers and the group's value. */
export function PacedView({ doc, paced, invited, large = false }: { doc: WorkshopDoc; paced: Paced; invited: number; large?: boolean }) {
  const { t } = useTranslation();
  const label = usePacedLabel(doc);
  const q = paced.question;
  return (
    <div className="paced-view" data-testid="paced-view" data-index={paced.index}>
      <p className="paced-of">{t('roomVote.paced.questionOf', { i: paced.index + 1, n: paced.total })}</p>
      <p className="paced-question" data-testid="paced-question">
        {label(q, !!paced.leafIds)}
      </p>
      <p className="paced-answered" role="status" data-testid="paced-answered">
        {t('roomVote.paced.answered', { answered: paced.answered, total: invited })}
      </p>
      {!paced.revealed ? (
        <p className="muted">{t('roomVote.paced.hidden')}</p>
      ) : paced.leaves && q.kind === 'cell' ? (
        paced.answered === 0 ? (
          <p className="muted">{t('roomVote.paced.none')}</p>
        ) : (
          <PacedLeavesResult doc={doc} criterionId={q.criterionId} paced={paced} leaves={paced.leaves} large={large} />
        )
      ) : !paced.values?.length || paced.group === null || paced.group === undefined ? (
        <p className="muted">{t('roomVote.paced.none')}</p>
      ) : (
        <PacedResult doc={doc} q={q} values={paced.values} group={paced.group} large={large} />
      )}
    </div>
  );
}

/**
 * A cell scored at its focus points, revealed: first the dimension's value as the grid derives it
 * from each answer (its answers and median), then per focus point its answers and median.
 */
function PacedLeavesResult({
  doc,
  criterionId,
  paced,
  leaves,
  large,
}: {
  doc: WorkshopDoc;
  criterionId: string;
  paced: Paced;
  leaves: NonNullable<Paced['leaves']>;
  large: boolean;
}) {
  const { t } = useTranslation();
  const { judged } = useDocJudged(doc);
  const lang = currentLang();
  const k = doc.criteria.findIndex((c) => c.id === criterionId);
  const node = hierarchyNode(doc, criterionId);
  const dimension = node && paced.leafRows ? dimensionOfAnswers(node, judged[criterionId], paced.leafIds ?? [], paced.leafRows) : null;
  const name = k < 0 ? criterionId : displayName(doc.criteria[k], lang, 'criterion', k);
  return (
    <div className="paced-result paced-leaves" data-testid="paced-result">
      <div className="paced-dimension" data-testid="paced-dimension">
        <MedianPlot
          doc={doc}
          title={t('roomVote.paced.dimension', { name })}
          answers={dimension}
          empty={t(node && paced.leafRows?.length ? 'roomVote.paced.dimensionPending' : 'roomVote.paced.none')}
          filename="paced-question-dimension"
          testId="paced-dimension-group"
          large={large}
        />
      </div>
      {leaves.map((l, i) => (
        <div key={l.leafId} className="paced-leaf" data-leaf={l.leafId}>
          <MedianPlot
            doc={doc}
            title={leafNameOf(doc, criterionId, l.leafId, lang)}
            answers={l.group === null || l.values.length === 0 ? null : { values: l.values, group: l.group }}
            empty={t('roomVote.paced.none')}
            filename={`paced-question-${i + 1}`}
            testId="paced-group"
            large={large}
          />
        </div>
      ))}
    </div>
  );
}

/** Answers on the scale under their title as a dot plot, the group's median under it; none: the title and `empty`. */
function MedianPlot({
  doc,
  title,
  answers,
  empty,
  filename,
  testId,
  large,
}: {
  doc: WorkshopDoc;
  title: string;
  answers: { values: number[]; group: number } | null;
  empty: string;
  filename: string;
  testId: string;
  large: boolean;
}) {
  const { t } = useTranslation();
  if (!answers)
    return (
      <>
        <p className="paced-group">{title}</p>
        <p className="muted">{empty}</p>
      </>
    );
  return (
    <>
      <DotPlot
        values={answers.values}
        scale={doc.scale}
        median={answers.group}
        title={title}
        filename={filename}
        desc={t('roomVote.paced.plotDesc', { count: answers.values.length, values: answers.values.map(round2).join(', ') })}
        width={large ? 1100 : 560}
        actions={!large}
      />
      <p className="paced-group" data-testid={testId}>
        {t('roomVote.paced.median', { value: round2(answers.group) })}
      </p>
    </>
  );
}

function PacedResult({ doc, q, values, group, large }: { doc: WorkshopDoc; q: PacedQuestion; values: number[]; group: number; large: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const name = (id: string) => {
    const i = doc.criteria.findIndex((k) => k.id === id);
    return i < 0 ? id : displayName(doc.criteria[i], lang, 'criterion', i);
  };
  // A pair's judgments sit on the slider's axis (1/9 … 9), the group's geometric mean among them.
  const pair = q.kind === 'pair';
  const shown = pair ? values.map(positionOfJudgment) : values;
  const scale = pair ? { min: -8, max: 8 } : doc.scale;
  const marker = pair ? positionOfJudgment(group) : group;
  const groupText = pair ? t('roomVote.paced.geoMean', { value: round2(group) }) : t('roomVote.paced.median', { value: round2(group) });
  const says =
    pair &&
    (Math.abs(group - 1) < 0.005
      ? t('roomVote.paced.equal')
      : t('roomVote.paced.geoMeanSays', { name: name(group >= 1 ? q.a : q.b), n: round2(group >= 1 ? group : 1 / group) }));
  return (
    <div className="paced-result" data-testid="paced-result">
      <p className="paced-group" data-testid="paced-group">
        {groupText}
        {says && <span className="paced-says"> · {says}</span>}
      </p>
      <DotPlot
        values={shown}
        scale={scale}
        median={marker}
        title={t('roomVote.paced.plot')}
        filename="paced-question"
        desc={t('roomVote.paced.plotDesc', { count: values.length, values: values.map((v) => (pair ? formatJudgment(v) : round2(v))).join(', ') })}
        tickLabel={pair ? (p) => formatJudgment(judgmentOfPosition(p)) : undefined}
        width={large ? 1100 : 560}
        actions={!large}
      />
    </div>
  );
}
