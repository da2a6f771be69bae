import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DECISION_STEPS, pick } from '../../../shared/framework';
import type { WorkshopDoc } from '../../../shared/model';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { Guidance } from '../../ui/Guidance';
import { useRoomAnalysis } from './analysis';
import { evaluateLive, resetLive, showLiveEvaluation } from '../../store/live';
import { LivePanel } from '../../parts/LivePanel';
import { Presenter } from './Presenter';
import { RobustnessPanel } from './RobustnessPanel';
import { ScoringPanel } from './ScoringPanel';
import { followRoomVote } from '../../store/roomVote';
import { ROOM_VIEWS, useRoom, type RoomView } from '../../store/room';
import { WeightsPanel } from './WeightsPanel';
import { WhatIfPanel } from './WhatIfPanel';
import { DecisionRecord } from '../../parts/DecisionRecord';
import { CostEvidence } from './CostEvidence';
import './room.css';

/**
 * Step 5 综合评估: the evaluation room, the screen on the projector for most of a workshop, ending with the decision record.
 * The room vote (its own feature) comes in from the composition root: its button and its panel.
 */
export function EvaluationRoom({ voteButton, VotePanel }: { voteButton: ReactNode; VotePanel: ComponentType<{ doc: WorkshopDoc }> }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const doc = useWorkshop((s) => s.doc);
  const docId = doc?.id;
  const view = useRoom((s) => s.view);
  const blind = useRoom((s) => s.blind);
  const presenter = useRoom((s) => s.presenter);
  const votePanel = useRoom((s) => s.votePanel);
  const overrides = useWorkshop((s) => s.whatIf);
  const dragging = useRoom((s) => s.draftUnits !== null || s.draftOverrides !== null);
  // Is the robustness analysis on screen the analysis of this very document? (Tests wait on it.)
  const analysis = useRoomAnalysis(doc);
  const analysisState = analysis.current
    ? 'done'
    : analysis.error
      ? analysis.error.code === 'cancelled'
        ? 'cancelled'
        : 'error'
      : analysis.pending
        ? 'updating'
        : 'idle';

  useEffect(() => {
    if (!docId) return;
    resetLive();
    useRoom.getState().enter(docId, useWorkshop.getState().doc?.participants[0]?.id);
    return () => resetLive();
  }, [docId]);

  // While the room is on screen, an engine answer for focus-point weights evaluates it again.
  useEffect(() => showLiveEvaluation(), []);

  // Room votes: follow this workshop's round (resumed after a restart) and merge its ballots.
  useEffect(() => (docId ? followRoomVote(docId) : undefined), [docId]);

  // Every committed change (and every what-if override) is evaluated; drags evaluate per input
  // themselves. (The robustness analysis follows the document by itself: useRoomAnalysis.)
  useEffect(() => {
    if (!doc || dragging || blind) return;
    evaluateLive(doc);
  }, [doc, overrides, dragging, blind]);

  if (!doc) return null;
  const step = DECISION_STEPS.find((s) => s.id === 'evaluation')!;
  const panelId = (v: RoomView) => `room-panel-${v}`;
  return (
    <div className="room" data-analysis={analysisState}>
      <Guidance text={pick(step.guidance, lang)} />
      <div className="room-toolbar">
        <div role="tablist" aria-label={t('room.views')} className="room-tabs">
          {ROOM_VIEWS.map((v, i) => (
            <button
              key={v}
              type="button"
              role="tab"
              id={`room-tab-${v}`}
              aria-selected={view === v}
              aria-controls={panelId(v)}
              tabIndex={view === v ? 0 : -1}
              className="room-tab"
              onClick={() => useRoom.getState().showView(v)}
              onKeyDown={(e) => {
                const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
                if (!d) return;
                e.preventDefault();
                const next = ROOM_VIEWS[(i + d + ROOM_VIEWS.length) % ROOM_VIEWS.length];
                useRoom.getState().showView(next);
                document.getElementById(`room-tab-${next}`)?.focus();
              }}
            >
              {t(`room.view.${v}`)}
            </button>
          ))}
        </div>
        <div className="room-actions">
          {blind ? (
            <button type="button" className="btn btn-primary" onClick={() => useRoom.getState().setBlind(doc.id, false)}>
              {t('room.blind.reveal')}
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => useRoom.getState().setBlind(doc.id, true)} title={t('room.blind.hint')}>
              {t('room.blind.start')}
            </button>
          )}
          {voteButton}
          <button type="button" className="btn" onClick={() => useRoom.getState().setPresenter(true)} aria-keyshortcuts="F5">
            ▶ {t('room.presenter.enter')}
          </button>
        </div>
      </div>
      {blind && (
        <p className="room-blind-note" role="status">
          {t('room.blind.active')}
        </p>
      )}
      {votePanel && <VotePanel doc={doc} />}
      <div className="room-body">
        <div className="room-main" role="tabpanel" id={panelId(view)} aria-labelledby={`room-tab-${view}`}>
          {view === 'scoring' && <ScoringPanel doc={doc} />}
          {view === 'weights' && <WeightsPanel doc={doc} />}
          {view === 'whatif' && <WhatIfPanel doc={doc} />}
          {view === 'robustness' && <RobustnessPanel doc={doc} />}
        </div>
        <LivePanel doc={doc} />
      </div>
      {/* The pilot's projection of each candidate's cost (step 4) as evidence for the decision. */}
      <CostEvidence doc={doc} />
      {/* The path reaches its decision here, after the evaluation and before the canary rollout. */}
      <DecisionRecord doc={doc} lang={lang} />
      {presenter && <Presenter doc={doc} />}
    </div>
  );
}
