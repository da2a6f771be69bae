import { useLayoutEffect, useRef, useState, type ClipboardEvent, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { hierarchyNode, leafName, scoredAtLeaves, type WorkshopDoc } from '../../../shared/model';
import { leafCellView, leafGridViews, type CellView, type LeafGridView } from '../../../shared/model/blind';
import { setLeafRationale, setLeafScore } from '../../../shared/model/edits/hierarchy-edit';
import { parseScore, setRationale } from '../../../shared/model/edits/score-grid';
import { setScoreDetached } from '../../../shared/model/edits/ratings-edit';
import { applyPaste, gridToTsv, type PastePlan } from '../../../shared/model/edits/score-paste';
import { Dialog } from '../../ui/Dialog';
import { PastePreview } from './PastePreview';
import { useWorkshop } from '../../store/workshop';
import { isRationaleKey, useGridKeyboard, useGridState, type GridKeyboard, type GridState } from './useScoringGrid';
import { currentLang } from '../../i18n';
import { useDocJudged } from '../../api/hierarchy-judged';

const fmt = (v: number | null) => (v === null ? '' : String(v));

/**
 * One participant's scores: criteria down, candidates across. Spreadsheet keys: type a
 * number, Tab / Shift+Tab across, Enter / Shift+Enter down / up, arrows, Home / End,
 * Delete clears, R writes the cell's rationale, Esc undoes the typing. A block pasted from a
 * spreadsheet fills from the focused cell after a preview; "Copy scores" copies the grid out
 * as tab-separated text. In blind mode the
 * grid renders from the blind projection: a filled cell shows only that it is filled. A
 * dimension scored at its focus points shows the value derived from them (read only) with its
 * focus points as sub-rows that take the scores (`LeafRows`).
 */
export function ScoringGrid({ doc, participantId }: { doc: WorkshopDoc; participantId: string }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const tableRef = useRef<HTMLTableElement>(null);
  const rationaleRef = useRef<HTMLTextAreaElement>(null);
  const g = useGridState(doc, participantId, tableRef);
  const keys = useGridKeyboard(g, rationaleRef);
  const { view, rows, cols, rated, paste, problem, criterionName, candidateName } = g;
  if (rows === 0 || cols === 0) return <p className="empty">{t('room.scoring.nothing')}</p>;

  const participant = doc.participants.find((p) => p.id === participantId);
  const closePaste = (plan: PastePlan) => {
    g.setPaste(null);
    g.inputAt({ row: plan.cells[0].row, col: plan.cells[0].col })?.focus();
  };
  const copyGrid = async () => {
    g.setPasted(null);
    const tsv = gridToTsv(view.cells.map((row) => row.map((v) => (v.revealed ? v.value : null))));
    try {
      await navigator.clipboard.writeText(tsv);
      g.setCopied('copied');
    } catch {
      g.setCopied('copyFailed');
    }
  };

  const rationale = rationaleTarget(g);
  return (
    <div className="scoring">
      <GridTools copied={g.copied} pastedCount={g.pasted ? g.pasted.cells.size : null} onCopy={() => void copyGrid()} />
      <div className="score-grid-wrap">
        <ScoreTable g={g} keys={keys} tableRef={tableRef} caption={t('room.scoring.caption', { name: participant?.name ?? '' })} />
      </div>
      <p id="score-grid-scale" className="muted small">
        {t('room.scoring.scale', { min: doc.scale.min, max: doc.scale.max })}
        {rated.size > 0 && ` ${t('room.ratings.legend')}`}
        {doc.hierarchy.some((n) => scoredAtLeaves(n)) && ` ${t('room.hierarchy.leafKeys')}`}
      </p>
      <DetachDialog g={g} />
      {paste && (
        <PastePreview
          plan={paste}
          rowName={(r) => (r < rows ? criterionName(r) : null)}
          colName={(c) => (c < cols ? candidateName(c) : null)}
          scale={doc.scale}
          onCancel={() => closePaste(paste)}
          onApply={() => {
            edit(t('room.undo.paste', { count: paste.fill }), (d) => applyPaste(d, participantId, view.rows, view.cols, paste));
            g.setCopied(null);
            g.setPasted({ cells: new Set(paste.cells.filter((c) => c.status === 'fill').map((c) => `${c.row}|${c.col}`)), doc: null });
            closePaste(paste);
          }}
        />
      )}
      {problem && (
        <p className="alert small" role="alert">
          {t(`room.scoring.${problem.reason}`, { min: doc.scale.min, max: doc.scale.max })}
        </p>
      )}
      {rationale && <RationaleField g={g} at={rationale} rationaleRef={rationaleRef} />}
    </div>
  );
}

/** Above the grid: the keys hint, "Copy scores" and what the last copy or paste did. */
function GridTools({ copied, pastedCount, onCopy }: { copied: 'copied' | 'copyFailed' | null; pastedCount: number | null; onCopy: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid-tools">
      <p className="muted small keys-hint">
        {t('room.scoring.keys')} · {t('room.paste.hint')}
      </p>
      <button type="button" className="btn small" onClick={onCopy} title={t('room.paste.copyHint')}>
        {t('room.paste.copy')}
      </button>
      <span className="small muted" role="status">
        {copied && t(`room.paste.${copied}`)}
        {pastedCount !== null && !copied && t('room.paste.pastedNote', { count: pastedCount })}
      </span>
    </div>
  );
}

/** The grid itself: a header row of candidates, then one row per criterion. */
function ScoreTable({ g, keys, tableRef, caption }: { g: GridState; keys: GridKeyboard; tableRef: RefObject<HTMLTableElement | null>; caption: string }) {
  const { t } = useTranslation();
  const { view, candidateName } = g;
  return (
    <table className="score-grid" ref={tableRef} aria-describedby="score-grid-scale">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('room.scoring.criterion')}</th>
          {view.cols.map((_, c) => (
            <th key={c} scope="col">
              {candidateName(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {view.cells.map((row, r) =>
          scoredAtLeaves(hierarchyNode(g.doc, view.rows[r])) ? (
            <LeafRows key={view.rows[r]} g={g} keys={keys} r={r} />
          ) : (
            <tr key={view.rows[r]}>
              <th scope="row">{g.criterionName(r)}</th>
              {row.map((v, c) => (
                <GridCell key={c} g={g} keys={keys} v={v} r={r} c={c} />
              ))}
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/** One cell of the grid: its marks (from pairs, pasted, has a rationale) around the score input. */
function GridCell({ g, keys, v, r, c }: { g: GridState; keys: GridKeyboard; v: CellView; r: number; c: number }) {
  const { t } = useTranslation();
  const { view, problem } = g;
  const pos = { row: r, col: c };
  const invalid = problem?.pos.row === r && problem.pos.col === c;
  const fromPairs = g.rated.has(`${view.cols[c]}|${view.rows[r]}`);
  const wasPasted = g.pasted?.cells.has(`${r}|${c}`) ?? false;
  const label = `${g.criterionName(r)} · ${g.candidateName(c)}${fromPairs ? ` (${t('room.ratings.mark')})` : ''}${wasPasted ? ` (${t('room.paste.pastedMark')})` : ''}`;
  const why = v.revealed ? (v.rationale ? 'has-why' : '') : v.hasRationale ? 'has-why' : '';
  return (
    <td className={[why, fromPairs && 'rated', wasPasted && 'pasted'].filter(Boolean).join(' ')}>
      {fromPairs && (
        <span className="rated-mark" aria-hidden="true">
          ⇄
        </span>
      )}
      <ScoreCell
        text={v.revealed ? fmt(v.value) : ''}
        row={r}
        col={c}
        masked={!v.revealed}
        readOnly={!v.revealed && (v.filled || v.hasRationale)}
        placeholder={!v.revealed && v.filled ? '●' : ''}
        label={v.revealed ? label : `${label} (${v.filled ? t('room.blind.cellHidden') : t('room.blind.cellEmpty')})`}
        invalid={invalid}
        title={v.revealed && v.rationale ? v.rationale : undefined}
        onFocus={(e) => {
          e.currentTarget.select();
          g.setFocus(pos);
          g.setFocusLeaf(null);
        }}
        onBlur={(e) => keys.commit(e.currentTarget, pos)}
        onKeyDown={(e) => keys.onKeyDown(e, pos)}
        onPaste={(e) => keys.onPaste(e, pos)}
      />
    </td>
  );
}

const fmtDerived = (v: number | null) => (v === null ? '' : String(Math.round(v * 100) / 100));
const leafInput = (table: HTMLElement | null, r: number, j: number, c: number) =>
  table?.querySelector<HTMLInputElement>(`input[data-leaf-row="${r}"][data-leaf="${j}"][data-leaf-col="${c}"]`) ?? null;

/**
 * A dimension scored at its focus points: its row shows the value derived from them (read only;
 * Enter or ↓ goes to its first focus point), then one sub-row per focus point taking the scores.
 */
function LeafRows({ g, keys, r }: { g: GridState; keys: GridKeyboard; r: number }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  const { doc, view, participantId, blind } = g;
  const criterionId = view.rows[r];
  const node = hierarchyNode(doc, criterionId)!;
  // The same engine answers the live ranking derives these values with (api/hierarchy-judged).
  const { judged } = useDocJudged(doc);
  const leafView: LeafGridView | undefined = leafGridViews({ ...doc, hierarchy: [node] }, participantId, blind, judged)[0];
  if (!leafView) return null;
  const name = g.criterionName(r);
  return (
    <>
      <tr className="leaf-scored">
        <th scope="row">
          {name} <span className="muted small">({t('room.hierarchy.scoreAtLeaves')})</span>
        </th>
        {leafView.derived.map((d, c) => (
          <td key={c} className="derived" data-testid={`derived-${criterionId}-${c}`}>
            <ScoreCell
              text={d.revealed ? fmtDerived(d.value) : ''}
              row={r}
              col={c}
              masked={!d.revealed}
              readOnly
              placeholder={!d.revealed && d.filled ? '●' : ''}
              label={
                d.revealed
                  ? `${t('room.hierarchy.derived', { name, candidate: g.candidateName(c), scored: d.scored, of: d.of })} — ${t('room.hierarchy.derivedMark')}`
                  : `${name} · ${g.candidateName(c)} (${t('room.hierarchy.derivedMark')})`
              }
              invalid={false}
              onFocus={() => {
                g.setFocus({ row: r, col: c });
                g.setFocusLeaf(null);
              }}
              onBlur={() => undefined}
              onKeyDown={(e) => {
                if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'ArrowDown') {
                  e.preventDefault();
                  leafInput(e.currentTarget.closest('table'), r, 0, c)?.focus();
                  return;
                }
                if (e.key === 'Delete' || e.key === 'Backspace') return;
                keys.onKeyDown(e, { row: r, col: c });
              }}
              onPaste={(e) => e.preventDefault()}
            />
          </td>
        ))}
      </tr>
      {leafView.leaves.map((leaf, j) => {
        const leafText = leafName(node.leaves[j], lang);
        return (
          <tr key={leaf.leafId} className="leaf-score-row">
            <th scope="row" className="leaf-name">
              ↳ {leafText}
            </th>
            {leaf.cells.map((v, c) => (
              <td key={c} className={(v.revealed ? v.rationale : v.hasRationale) ? 'has-why' : undefined}>
                <LeafScoreInput
                  g={g}
                  v={v}
                  r={r}
                  j={j}
                  c={c}
                  last={j === leafView.leaves.length - 1}
                  label={t('room.hierarchy.leafScore', { leaf: leafText, name, candidate: g.candidateName(c) })}
                  rationaleRef={keys.rationaleRef}
                  onCommit={(value) =>
                    edit(t('room.hierarchy.undoLeafScore'), (d) =>
                      setLeafScore(d, { participantId, candidateId: view.cols[c], criterionId, leafId: leaf.leafId }, value),
                    )
                  }
                />
              </td>
            ))}
          </tr>
        );
      })}
    </>
  );
}

/** One focus point's score: typed, committed on Enter / arrows / leaving the cell; R writes its rationale, Esc undoes the typing. */
function LeafScoreInput({
  g,
  v,
  r,
  j,
  c,
  last,
  label,
  rationaleRef,
  onCommit,
}: {
  g: GridState;
  v: CellView;
  r: number;
  j: number;
  c: number;
  last: boolean;
  label: string;
  rationaleRef: RefObject<HTMLTextAreaElement | null>;
  onCommit: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  const text = v.revealed ? fmt(v.value) : '';
  const hidden = !v.revealed && v.filled;
  // Blind: a focus point whose score or rationale is hidden is read-only until the reveal, as a cell is (hiddenAt).
  const locked = !v.revealed && (v.filled || v.hasRationale);
  const [bad, setBad] = useState(false);
  const commit = (input: HTMLInputElement): boolean => {
    if (input.value === input.defaultValue || locked) return true;
    const parsed = parseScore(input.value, g.doc.scale);
    if (!parsed.ok) {
      setBad(true);
      g.setProblem({ pos: { row: r, col: c }, reason: parsed.reason });
      return false;
    }
    setBad(false);
    g.setProblem(null);
    onCommit(parsed.value);
    if (g.blind) input.value = '';
    return true;
  };
  return (
    <input
      key={text}
      className={v.revealed ? 'score-input leaf-score' : 'score-input leaf-score masked'}
      data-leaf-row={r}
      data-leaf={j}
      data-leaf-col={c}
      defaultValue={text}
      placeholder={hidden ? '●' : ''}
      inputMode="decimal"
      autoComplete="off"
      aria-label={v.revealed ? label : `${label} (${t(hidden ? 'room.blind.cellHidden' : 'room.blind.cellEmpty')})`}
      aria-invalid={bad || undefined}
      readOnly={locked}
      title={v.revealed && v.rationale ? v.rationale : undefined}
      onFocus={(e) => {
        e.currentTarget.select();
        g.setFocus({ row: r, col: c });
        g.setFocusLeaf(j);
      }}
      onBlur={(e) => commit(e.currentTarget)}
      onKeyDown={(e) => {
        const input = e.currentTarget;
        if (e.key === 'Escape') {
          input.value = input.defaultValue;
          setBad(false);
          g.setProblem(null);
          return;
        }
        if (isRationaleKey(e)) {
          e.preventDefault();
          if (commit(input)) rationaleRef.current?.focus();
          return;
        }
        const down = (e.key === 'Enter' && !e.shiftKey) || e.key === 'ArrowDown';
        const up = (e.key === 'Enter' && e.shiftKey) || e.key === 'ArrowUp';
        if (!down && !up) return;
        e.preventDefault();
        if (!commit(input)) return;
        const table = input.closest('table');
        const next = down
          ? last
            ? g.inputAt({ row: r + 1, col: c })
            : leafInput(table, r, j + 1, c)
          : j === 0
            ? g.inputAt({ row: r, col: c })
            : leafInput(table, r, j - 1, c);
        next?.focus();
      }}
    />
  );
}

/** Asks before a score typed over one that came from pairwise comparisons replaces it: keep or detach. */
function DetachDialog({ g }: { g: GridState }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const { detaching, view } = g;
  const keep = () => {
    if (!detaching) return;
    const el = g.inputAt(detaching.pos);
    g.setDetaching(null);
    if (el) {
      el.value = el.defaultValue;
      el.focus();
    }
  };
  return (
    <Dialog title={t('room.ratings.detachTitle')} open={detaching !== null} onClose={keep}>
      {detaching && (
        <div className="form">
          <p>
            {t('room.ratings.detachBody', {
              cell: `${g.criterionName(detaching.pos.row)} · ${g.candidateName(detaching.pos.col)}`,
              old: detaching.old,
              value: detaching.value,
            })}
          </p>
          <div className="form-actions">
            <button type="button" className="btn" autoFocus onClick={keep}>
              {t('room.ratings.keep', { old: detaching.old })}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                const { pos, value } = detaching;
                g.setDetaching(null);
                edit(t('room.undo.detachScore'), (d) => setScoreDetached(d, g.participantId, view.cols[pos.col], view.rows[pos.row], value));
                g.inputAt(pos)?.focus();
              }}
            >
              {t('room.ratings.detach', { value: detaching.value })}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** What the rationale field under the grid writes: the focused cell's or focus point's. */
interface RationaleTarget {
  /** Names the field's content, so a new target starts from the document's text. */
  id: string;
  cell: CellView;
  /** "criterion · candidate", or "dimension › focus point · candidate". */
  label: string;
  save: (doc: WorkshopDoc, text: string) => WorkshopDoc;
  /** The input the field returns to. */
  input: () => HTMLInputElement | null;
}

/**
 * The focused cell's rationale target: a dimension scored at the dimension, or the focused focus
 * point of one scored at its focus points. Such a dimension's own cell takes none (a rationale
 * there would sit on a score that does not count, left out of the report).
 */
function rationaleTarget(g: GridState): RationaleTarget | null {
  const { doc, view, focus, participantId } = g;
  const row = Math.min(focus.row, g.rows - 1);
  const col = Math.min(focus.col, g.cols - 1);
  const criterionId = view.rows[row];
  const candidateId = view.cols[col];
  const node = hierarchyNode(doc, criterionId);
  if (!scoredAtLeaves(node)) {
    const cell = view.cells[row]?.[col];
    if (!cell) return null;
    return {
      id: `${participantId}:${row}:${col}`,
      cell,
      label: `${g.criterionName(row)} · ${g.candidateName(col)}`,
      save: (d, text) => setRationale(d, participantId, candidateId, criterionId, text),
      input: () => g.inputAt({ row, col }),
    };
  }
  const j = g.focusLeaf;
  const leaf = j === null ? undefined : node!.leaves[j];
  if (j === null || !leaf) return null;
  const at = { participantId, candidateId, criterionId, leafId: leaf.id };
  return {
    id: `${participantId}:${row}:${col}:${leaf.id}`,
    cell: leafCellView(doc, at, g.blind),
    label: `${g.criterionName(row)} › ${leafName(leaf, currentLang())} · ${g.candidateName(col)}`,
    save: (d, text) => setLeafRationale(d, at, text),
    input: () => leafInput(g.inputAt({ row, col })?.closest('table') ?? null, row, j, col),
  };
}

/** The focused cell's rationale under the grid; Esc or Ctrl+Enter goes back to the cell. */
function RationaleField({ g, at, rationaleRef }: { g: GridState; at: RationaleTarget; rationaleRef: RefObject<HTMLTextAreaElement | null> }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const { cell } = at;
  const hidden = !cell.revealed && (cell.filled || cell.hasRationale);
  return (
    <div className="field rationale">
      <label htmlFor="cell-rationale">{t('room.scoring.rationale', { cell: at.label })}</label>
      <textarea
        id="cell-rationale"
        ref={rationaleRef}
        key={`${at.id}:${cell.revealed ? cell.rationale : ''}`}
        className="input"
        rows={2}
        maxLength={10_000}
        defaultValue={cell.revealed ? cell.rationale : ''}
        readOnly={hidden}
        placeholder={
          hidden ? t(!cell.revealed && cell.hasRationale ? 'room.blind.rationaleHidden' : 'room.blind.cellReadOnly') : t('room.scoring.rationalePlaceholder')
        }
        onBlur={(e) => {
          const text = e.currentTarget.value;
          if (text === e.currentTarget.defaultValue) return;
          edit(t('room.undo.rationale'), (d) => at.save(d, text.trim()));
          if (g.blind) e.currentTarget.value = '';
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || (e.key === 'Enter' && (e.ctrlKey || e.metaKey))) {
            e.preventDefault();
            at.input()?.focus();
          }
        }}
      />
    </div>
  );
}

/**
 * One cell: an uncontrolled input (typing stays local until committed) that follows the
 * document when its score changes elsewhere (undo, another window) without losing focus.
 */
function ScoreCell({
  text,
  row,
  col,
  masked,
  placeholder,
  label,
  invalid,
  readOnly,
  title,
  onFocus,
  onBlur,
  onKeyDown,
  onPaste,
}: {
  text: string;
  row: number;
  col: number;
  masked: boolean;
  placeholder: string;
  label: string;
  invalid: boolean;
  readOnly?: boolean;
  title?: string;
  onFocus: (e: FocusEvent<HTMLInputElement>) => void;
  onBlur: (e: FocusEvent<HTMLInputElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const shown = useRef<string | null>(null);
  // The input is uncontrolled (React never sets its value), so the document's value is put
  // in here — also as the `value` attribute — unless the user is typing in this very cell.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || shown.current === text) return;
    const typing = shown.current !== null && el.value !== shown.current && document.activeElement === el;
    shown.current = text;
    el.defaultValue = text;
    if (!typing) el.value = text;
  }, [text]);
  return (
    <input
      ref={ref}
      className={masked ? 'score-input masked' : 'score-input'}
      data-row={row}
      data-col={col}
      placeholder={placeholder}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={invalid || undefined}
      readOnly={readOnly}
      title={title}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
    />
  );
}
