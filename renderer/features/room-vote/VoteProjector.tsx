import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoundStatus } from '../../../shared/contract/session';
import type { WorkshopDoc } from '../../../shared/model';
import { RankingBars } from '../../charts/RankingBars';
import { useLiveCharts } from '../../parts/LivePanel';
import { Qr } from './Qr';
import { paceRound, roundAction } from '../../store/roomVote';
import { PacedControls, PacedView, pacedStep } from './PacedQuestion';
import { useRoom } from '../../store/room';

/**
 * The room vote on the projector: the QR code and the join code large, "x of N submitted" and
 * who is still answering (names, or only how many: the facilitator's choice), the reveal, then
 * the result. Type is the presenter's (≥ 28 px at 1920×1080); Esc leaves.
 */
export function VoteProjector({ doc, round }: { doc: WorkshopDoc; round: RoundStatus }) {
  const projecting = useRoom((s) => s.projecting);
  if (!projecting) return null;
  return <VoteProjectorView doc={doc} round={round} />;
}

function VoteProjectorView({ doc, round }: { doc: WorkshopDoc; round: RoundStatus }) {
  const { t } = useTranslation();
  const names = useRoom((s) => s.projectNames);
  const ref = useRef<HTMLDivElement>(null);
  const live = useLiveCharts(doc);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      // A paced round: ← previous, → next, R reveal (the buttons in the head do the same).
      const paced = useRoom.getState().round?.paced;
      const step = paced && useRoom.getState().round?.state === 'open' && !e.ctrlKey && !e.metaKey && !e.altKey ? pacedStep(e.key, paced) : null;
      if (step) {
        e.preventDefault();
        void paceRound(doc.id, step.index, step.revealed);
        return;
      }
      if (e.key !== 'Escape') return;
      e.preventDefault();
      useRoom.getState().setProjecting(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doc.id]);
  const total = round.participants.length;
  const submitted = round.participants.filter((p) => p.submitted).length;
  const still = round.participants.filter((p) => !p.submitted);
  const open = round.state === 'open';
  const hidden = round.blind && !round.revealed;
  return (
    <div className="presenter vote-projector" ref={ref} tabIndex={-1} role="dialog" aria-modal="true" aria-label={t('roomVote.projector.title')}>
      <header className="presenter-head">
        <span className="presenter-title">{doc.meta.title}</span>
        <span className="presenter-nav">
          {round.paced && <PacedControls workshopId={doc.id} paced={round.paced} open={open} projected />}
          {hidden && !round.paced && (
            <button type="button" className="presenter-tab" onClick={() => void roundAction(doc.id, 'session.reveal')}>
              {t('roomVote.reveal')}
            </button>
          )}
        </span>
        <button type="button" className="presenter-exit" onClick={() => useRoom.getState().setProjecting(false)}>
          {t('roomVote.projector.leave')} <kbd>Esc</kbd>
        </button>
      </header>
      {round.paced ? (
        <main className="presenter-body vote-projector-body paced-projected">
          <PacedView doc={doc} paced={round.paced} invited={total} large />
          {open && (
            <p className="paced-join" data-testid="projected-code">
              {round.url} · {t('roomVote.code')} {round.joinCode}
            </p>
          )}
          <p className="paced-keys">{t('roomVote.paced.keys')}</p>
        </main>
      ) : (
        <main className="presenter-body vote-projector-body">
          {open && (
            <section className="vote-projector-join" aria-label={t('roomVote.projector.join')}>
              <Qr text={`${round.url}#c=${round.joinCode}`} label={t('roomVote.qr', { url: round.url })} size={480} />
              <div>
                <p className="vote-big-label">{t('roomVote.openAddress')}</p>
                <p className="vote-url">{round.url}</p>
                <p className="vote-big-label">{t('roomVote.code')}</p>
                <p className="vote-code" data-testid="projected-code">
                  {round.joinCode}
                </p>
              </div>
            </section>
          )}
          <section className="vote-projector-progress">
            <p className="vote-projector-count" role="status" data-testid="projected-count">
              {t('roomVote.projector.submitted', { submitted, total })}
            </p>
            <p data-testid="projected-still">
              {still.length === 0
                ? t('roomVote.projector.allIn')
                : names
                  ? t('roomVote.projector.stillNames', { names: still.map((p) => p.name).join(t('roomVote.listSep')) })
                  : t('roomVote.projector.stillCount', { count: still.length })}
            </p>
            {hidden ? (
              <p className="vote-projector-hidden">{t('roomVote.projector.hidden')}</p>
            ) : (
              live && (
                <div data-testid="projected-result">
                  <RankingBars {...live.ranking} title={`${t('roomVote.projector.result')}: ${live.ranking.title}`} width={960} actions={false} />
                </div>
              )
            )}
          </section>
        </main>
      )}
    </div>
  );
}
