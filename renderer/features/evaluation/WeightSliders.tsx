import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import {
  docWeightUnits,
  handWeights,
  setShareInPoints,
  setSliderWeight,
  setWeightPoints,
  UNITS_PER_PERCENT,
  WEIGHT_UNITS,
  withWeightUnits,
} from '../../../shared/model/edits/weights-edit';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { useRoomAnalysis } from './analysis';
import { dropPendingAnswers, evaluateLive } from '../../store/live';
import { useRoom } from '../../store/room';
import { useNativeChange } from './useCommit';
import { displayName } from '../../../shared/model';
import { numCol, TableHead } from '../../ui/TableHead';

/** A drag step: criterion `k` to `percent`, the others in proportion; evaluated at once, shown with its answer. */
export function dragWeight(doc: WorkshopDoc, k: number, percent: number, inputAt = performance.now()) {
  performance.mark('room:input');
  const room = useRoom.getState();
  let drag = room.weightDrag;
  if (!drag || drag.k !== k) {
    const anchor = room.draftUnits ?? docWeightUnits(doc);
    drag = { anchor, k, last: anchor, fromDoc: room.draftUnits === null };
  }
  const last = setSliderWeight(drag.anchor, k, percent);
  room.weightDragged({ ...drag, last });
  evaluateLive(doc, inputAt, { units: last });
}

/** A weight set by hand (slider or points) is recorded as such (method "points", provenance); no change, no edit. */
const asPoints = handWeights;

/**
 * Release: the drag becomes one undo step. A drag from the document's weights is written in the
 * team's points — only the dragged criterion's points change, so integer points stay integers
 * (`setShareInPoints`); what points cannot express is written as shares.
 */
export function commitWeightDrag(actionName: string) {
  const room = useRoom.getState();
  const current = room.weightDrag;
  const draft = current?.last ?? room.draftUnits;
  if (!draft) return room.endDraft('units');
  dropPendingAnswers();
  useWorkshop
    .getState()
    .edit(actionName, (d) =>
      asPoints(
        d,
        (current?.fromDoc && d.criteria.length === draft.length && setShareInPoints(d, current.k, draft[current.k] / WEIGHT_UNITS)) ||
          withWeightUnits(d, draft),
      ),
    );
  useRoom.getState().endDraft('units');
}

/** Sliders that keep the total at 100 % (the others rescale in proportion) and direct entry of points. */
export function WeightSliders({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const draft = useRoom((s) => s.draftUnits);
  const blind = useRoom((s) => s.blind);
  const { value: analysis, current } = useRoomAnalysis(doc);
  const stale = !current;
  const units = draft ?? docWeightUnits(doc);
  const totalPoints = doc.criteria.reduce((a, c) => a + c.weight, 0);
  const sens = !blind && analysis?.sensitivity && analysis.sensitivity.criteria.length === doc.criteria.length ? analysis.sensitivity : null;
  const critical = sens?.mostCritical?.criterion ?? null;
  // Row texts once per language and criteria (not per row per drag step).
  const texts = useMemo(
    () =>
      doc.criteria.map((c, i) => {
        const name = displayName(c, lang, 'criterion', i);
        return {
          name,
          pointsLabel: t('room.weights.pointsOf', { name }),
          undoWeight: t('room.undo.weight', { name }),
          undoPoints: t('room.undo.points', { name }),
          badge: t('room.weights.mostCritical'),
        };
      }),
    [doc.criteria, lang, t],
  );
  const holds = useMemo(
    () => sens?.criteria.map((c) => t('room.weights.holds', { from: (c.stableFrom * 100).toFixed(1), to: (c.stableTo * 100).toFixed(1) })) ?? null,
    [sens, t],
  );
  if (doc.criteria.length === 0) return <p className="empty">{t('room.weights.noCriteria')}</p>;
  return (
    <div className="weight-sliders">
      <p className="muted small">{t('room.weights.slidersIntro')}</p>
      <table className="table weights-table">
        <TableHead cols={[t('room.scoring.criterion'), t('room.weights.share'), numCol(t('room.weights.points')), t('room.weights.stable')]} />
        <tbody>
          {doc.criteria.map((c, k) => (
            <WeightRow
              key={c.id}
              doc={doc}
              k={k}
              texts={texts[k]}
              percent={units[k] / UNITS_PER_PERCENT}
              points={draft ? units[k] / UNITS_PER_PERCENT : c.weight}
              holds={holds ? holds[k] : null}
              critical={critical === k}
              stale={stale}
            />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('room.weights.total')}</th>
            <td className="num" data-testid="weights-total">
              {(units.reduce((a, b) => a + b, 0) / UNITS_PER_PERCENT).toFixed(1)} %
            </td>
            <td className="num muted">{Math.round(totalPoints * 100) / 100}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

// Rows are memoised on their props (texts are memoised above): during a drag only the values change.
interface RowTexts {
  name: string;
  pointsLabel: string;
  undoWeight: string;
  undoPoints: string;
  badge: string;
}
const WeightRow = memo(function WeightRow({
  doc,
  k,
  texts,
  percent,
  points,
  holds,
  critical,
  stale,
}: {
  doc: WorkshopDoc;
  k: number;
  texts: RowTexts;
  percent: number;
  points: number;
  holds: string | null;
  critical: boolean;
  stale: boolean;
}) {
  const id = `w-${doc.criteria[k].id}`;
  return (
    <tr className={critical ? 'critical' : undefined}>
      <th scope="row">
        <label htmlFor={id}>{texts.name}</label>
        {critical && <span className="badge badge-warn">{texts.badge}</span>}
      </th>
      <td>
        <div className="slider-cell">
          <RangeInput
            id={id}
            min={0}
            max={100}
            step={0.1}
            value={percent}
            valueText={`${percent.toFixed(1)} %`}
            held={() => useRoom.getState().weightDrag?.k === k}
            onInput={(v, at) => dragWeight(doc, k, v, at)}
            onCommit={() => commitWeightDrag(texts.undoWeight)}
            onBlur={() => commitWeightDrag(texts.undoWeight)}
          />
          <output htmlFor={id} className="num slider-value">
            {percent.toFixed(1)} %
          </output>
        </div>
      </td>
      <td className="num">
        <PointsInput
          value={Math.round(points * 100) / 100}
          label={texts.pointsLabel}
          onCommit={(v) => useWorkshop.getState().edit(texts.undoPoints, (d) => asPoints(d, setWeightPoints(d, doc.criteria[k].id, v)))}
        />
      </td>
      <td className={stale ? 'stability stale' : 'stability'}>
        {holds ? <span data-testid={`stability-${doc.criteria[k].id}`}>{holds}</span> : <span className="muted">–</span>}
      </td>
    </tr>
  );
});

/**
 * Direct entry of a weight in points. Uncontrolled while being edited; follows the document
 * (and a drag's live values) otherwise, without being re-created on every change.
 */
export function PointsInput({ value, label, onCommit }: { value: number; label: string; onCommit: (v: number) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el) el.value = String(value);
  }, [value]);
  return (
    <input
      ref={ref}
      className="input points-input"
      type="number"
      min={0}
      max={10000}
      step="any"
      defaultValue={value}
      aria-label={label}
      onBlur={(e) => {
        const v = Number(e.currentTarget.value);
        if (e.currentTarget.value !== '' && Number.isFinite(v) && v !== value) onCommit(v);
        else e.currentTarget.value = String(value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
        if (e.key === 'Escape') {
          e.currentTarget.value = String(value);
          e.currentTarget.blur();
        }
      }}
    />
  );
}

/**
 * A range input that React does not control: the thumb under the pointer follows the pointer
 * natively (React would otherwise put it back until the answer re-renders it), and every other
 * value comes from props. `held()` says whether this slider is being dragged right now;
 * `onCommit` runs on the native `change` event (the release of a drag, or a keyboard step).
 */
export function RangeInput({
  id,
  min,
  max,
  step,
  value,
  valueText,
  held,
  onInput,
  onCommit,
  onBlur,
  label,
}: {
  id?: string;
  min: number;
  max: number;
  step: number;
  value: number;
  valueText: string;
  held: () => boolean;
  onInput: (value: number, at: number) => void;
  onCommit: () => void;
  onBlur?: () => void;
  label?: string;
}) {
  const ref = useNativeChange<HTMLInputElement>(onCommit);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !held() && Number(el.value) !== value) el.value = String(value);
  });
  return (
    <input
      ref={ref}
      id={id}
      type="range"
      min={min}
      max={max}
      step={step}
      defaultValue={value}
      aria-label={label}
      aria-valuetext={valueText}
      onInput={(e) => onInput(Number(e.currentTarget.value), e.timeStamp)}
      onBlur={onBlur}
    />
  );
}
