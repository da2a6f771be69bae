import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PastePlan, PasteStatus } from '../../../shared/model';

const MARK: Record<PasteStatus, string> = { fill: '✓', empty: '·', 'not-a-number': '✕', 'out-of-scale': '✕', 'beyond-grid': '✕' };

/**
 * What a pasted block of scores will do, before anything changes: the block cell by cell at its
 * place in the grid (what fills, what stays, what is refused and why), then Fill (one undo step)
 * or Cancel. Esc cancels.
 */
export function PastePreview({
  plan,
  rowName,
  colName,
  scale,
  onApply,
  onCancel,
}: {
  plan: PastePlan;
  rowName: (row: number) => string | null;
  colName: (col: number) => string | null;
  scale: { min: number; max: number };
  onApply: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const applyRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => (plan.fill > 0 ? applyRef : cancelRef).current?.focus(), [plan]);
  const first = plan.cells[0];
  const rows = Array.from({ length: plan.rows }, (_, r) => plan.cells.filter((c) => c.row === first.row + r));
  const refused = plan.cells.filter((c) => c.status !== 'fill' && c.status !== 'empty');
  const reason = (s: PasteStatus) => t(`room.paste.status.${s}`, scale);
  const cellName = (row: number, col: number) =>
    rowName(row) !== null && colName(col) !== null ? `${rowName(row)} · ${colName(col)}` : t('room.paste.beyondGrid');
  return (
    <section
      className="paste-preview panel"
      role="region"
      aria-labelledby="paste-preview-h"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onCancel();
      }}
    >
      <h3 id="paste-preview-h">{t('room.paste.title', { cell: cellName(first.row, first.col), rows: plan.rows, cols: plan.cols })}</h3>
      <p role="status">
        {t('room.paste.fill', { count: plan.fill })} · {t('room.paste.empty', { count: plan.empty })} · {t('room.paste.refused', { count: plan.refused })}
      </p>
      <div className="score-grid-wrap">
        <table className="paste-block">
          <caption className="sr-only">{t('room.paste.caption')}</caption>
          <thead>
            <tr>
              <td />
              {rows[0].map((c) => (
                <th key={c.col} scope="col">
                  {colName(c.col) ?? t('room.paste.beyondGrid')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                <th scope="row">{rowName(first.row + r) ?? t('room.paste.beyondGrid')}</th>
                {row.map((c) => (
                  <td key={c.col} className={`paste-${c.status}`} title={reason(c.status)}>
                    <span aria-hidden="true">{MARK[c.status]} </span>
                    {c.text || '—'}
                    <span className="sr-only"> ({reason(c.status)})</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {refused.length > 0 && (
        <ul className="paste-refused-list small" aria-label={t('room.paste.refusedList')}>
          {refused.slice(0, 20).map((c, i) => (
            <li key={i}>{t('room.paste.refusedCell', { cell: cellName(c.row, c.col), text: c.text, reason: reason(c.status) })}</li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="button" className="btn" ref={cancelRef} onClick={onCancel}>
          {t('room.paste.cancel')}
        </button>
        <button type="button" className="btn btn-primary" ref={applyRef} disabled={plan.fill === 0} onClick={onApply}>
          {t('room.paste.apply', { count: plan.fill })}
        </button>
      </div>
    </section>
  );
}
