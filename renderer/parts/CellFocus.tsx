import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cellFocus, displayName, leafNameOf, type CellRef, type WorkshopDoc } from '../../shared/model';
import { useDocJudged } from '../api/hierarchy-judged';
import { DotPlot } from '../charts/DotPlot';
import { currentLang } from '../i18n';
import { useRoom } from '../store/room';
import { PersonName } from '../ui/PersonName';
import { stripBidi } from '../../shared/text/bidi';
import './cell-focus.css';

/**
 * A disputed cell opened up for the room (shared/model `cellFocus`): its scores as a dot plot,
 * the group's median and spread, the spread before → after of each round that asked it, and every
 * rationale, without names while the round is blind. The room-vote panel shows it with the
 * "re-vote this cell" button; the presenter projects it (`large`, no editing chrome).
 */
export function CellFocusView({ doc, large = false, onRevote }: { doc: WorkshopDoc; large?: boolean; onRevote?: (cell: CellRef) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const cell = useRoom((s) => s.focusCell);
  const round = useRoom((s) => s.round);
  const { judged } = useDocJudged(doc);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const opened = cell ? `${cell.candidateId}|${cell.criterionId}` : '';
  // Opened with one click (or key) from the list: the keyboard and the eye go to it.
  useEffect(() => {
    if (!opened || large) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'nearest' });
  }, [opened, large]);
  const ci = cell ? doc.candidates.findIndex((c) => c.id === cell.candidateId) : -1;
  const ki = cell ? doc.criteria.findIndex((c) => c.id === cell.criterionId) : -1;
  if (!cell || ci < 0 || ki < 0) return null;
  const names = { candidate: displayName(doc.candidates[ci], lang, 'candidate', ci), criterion: displayName(doc.criteria[ki], lang, 'criterion', ki) };
  const named = !(round?.blind ?? false);
  const focus = cellFocus(doc, cell, named, judged);
  const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(1));
  const busy = round?.state === 'open';
  return (
    <section className={`cell-focus${large ? ' large' : ''}`} aria-labelledby={headingId} data-testid="cell-focus" data-cell={opened}>
      <div className="cell-focus-head">
        <h3 id={headingId} tabIndex={-1} ref={heading}>
          {t('roomVote.focus.title', names)}
        </h3>
        {!large && (
          <button type="button" className="btn btn-small" onClick={() => useRoom.getState().closeCell()}>
            {t('roomVote.focus.close')}
          </button>
        )}
      </div>
      {focus.values.length === 0 ? (
        <p className="empty">{t('roomVote.focus.noScores')}</p>
      ) : (
        <>
          <p className="cell-focus-stats" data-testid="cell-focus-stats">
            <span>{t('roomVote.focus.median', { median: fmt(focus.median) })}</span>
            <span>{t('roomVote.focus.spread', { spread: fmt(focus.spread) })}</span>
            <span>{t('roomVote.focus.n', { count: focus.values.length })}</span>
          </p>
          <DotPlot
            values={focus.values}
            scale={doc.scale}
            median={focus.median}
            title={t('roomVote.focus.plot')}
            filename="cell-focus"
            desc={t('roomVote.focus.plotDesc', { count: focus.values.length, values: focus.values.join(', '), median: fmt(focus.median) })}
            caption={large ? undefined : t('roomVote.focus.plotCaption')}
            width={large ? 1100 : 560}
            actions={!large}
          />
        </>
      )}
      {focus.rounds.length > 0 && (
        <ul className="cell-focus-rounds" data-testid="cell-focus-rounds">
          {focus.rounds.map((r) => (
            <li key={r.no}>{t('roomVote.focus.spreadRound', { no: r.no, before: fmt(r.before), after: fmt(r.after) })}</li>
          ))}
        </ul>
      )}
      <h4 className="small-h">{t('roomVote.focus.rationales')}</h4>
      {!named && <p className="muted small">{t('roomVote.focus.anonymous')}</p>}
      {focus.rationales.length === 0 ? (
        <p className="muted">{t('roomVote.focus.noRationales')}</p>
      ) : (
        <ul className="cell-focus-why" data-testid="cell-focus-why">
          {focus.rationales.map((r, i) => (
            <li key={i}>
              {r.name !== null && (
                <>
                  <strong>
                    <PersonName name={r.name} />
                  </strong>
                  {': '}
                </>
              )}
              {r.leafId !== null && <em className="cell-focus-leaf">{leafNameOf(doc, cell.criterionId, r.leafId, lang)} — </em>}
              <bdi>{stripBidi(r.text)}</bdi>
            </li>
          ))}
        </ul>
      )}
      {onRevote && (
        <div className="vote-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => onRevote(cell)}>
            {t('roomVote.focus.revote')}
          </button>
          <span className="hint">{busy ? t('roomVote.focus.revoteBusy') : t('roomVote.focus.revoteHint')}</span>
        </div>
      )}
    </section>
  );
}
