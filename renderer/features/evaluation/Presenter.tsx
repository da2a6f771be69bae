import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { AcceptabilityBars } from '../../charts/AcceptabilityBars';
import { Heatmap } from '../../charts/Heatmap';
import { RankingBars } from '../../charts/RankingBars';
import { Tornado } from '../../charts/Tornado';
import { ConsensusFigure, useDisagreement } from './AggregatedView';
import { useRoomAnalysis } from './analysis';
import { LeaderLine, useLiveCharts } from '../../parts/LivePanel';
import { useRobustnessCharts, VerdictBox } from './RobustnessPanel';
import { presenterKey } from '../../store/roomUi';
import { PRESENTER_VIEWS, useRoom, type PresenterView } from '../../store/room';
import { ScenarioCompare } from './ScenariosPanel';
import { CellFocusView } from '../../parts/CellFocus';

function leave() {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  useRoom.getState().setPresenter(false);
}

/**
 * Presenter mode for the projector: full screen where the platform allows, large type, high
 * contrast, no editing chrome. ←/→ (or 1–4) move between views; Esc leaves.
 */
export function Presenter({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const view = useRoom((s) => s.presenterView);
  const blind = useRoom((s) => s.blind);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    el?.focus();
    // Full screen needs a user gesture; where it is refused, the CSS overlay still fills the window.
    document.documentElement.requestFullscreen?.().catch(() => {});
    let wasFull = false;
    const onFull = () => {
      if (document.fullscreenElement) wasFull = true;
      else if (wasFull) useRoom.getState().setPresenter(false); // Esc ended full screen: leave too
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const next = presenterKey(useRoom.getState().presenterView, e.key);
      if (!next) return;
      e.preventDefault();
      if (next === 'leave') leave();
      else useRoom.getState().showPresenterView(next);
    };
    document.addEventListener('fullscreenchange', onFull);
    window.addEventListener('keydown', onKey);
    document.documentElement.classList.add('presenting');
    return () => {
      document.removeEventListener('fullscreenchange', onFull);
      window.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('presenting');
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    };
  }, []);

  return (
    <div className="presenter" ref={ref} tabIndex={-1} role="dialog" aria-modal="true" aria-label={t('room.presenter.title')}>
      <header className="presenter-head">
        <span className="presenter-title">{doc.meta.title}</span>
        <nav aria-label={t('room.presenter.views')} className="presenter-nav">
          {PRESENTER_VIEWS.map((v, i) => (
            <button
              key={v}
              type="button"
              className="presenter-tab"
              aria-current={v === view ? 'page' : undefined}
              onClick={() => useRoom.getState().showPresenterView(v)}
            >
              <span className="presenter-key">{i + 1}</span> {t(`room.presenter.view.${v}`)}
            </button>
          ))}
        </nav>
        <button type="button" className="presenter-exit" onClick={leave}>
          {t('room.presenter.leave')} <kbd>Esc</kbd>
        </button>
      </header>
      <main className="presenter-body">
        {blind ? <p className="presenter-hidden">{t('room.presenter.hidden')}</p> : <PresenterContent doc={doc} view={view} />}
      </main>
    </div>
  );
}

function PresenterContent({ doc, view }: { doc: WorkshopDoc; view: PresenterView }) {
  const { t } = useTranslation();
  const live = useLiveCharts(doc);
  const heat = useDisagreement(doc);
  const focusCell = useRoom((s) => s.focusCell);
  const analysis = useRoomAnalysis(doc).value;
  const robust = useRobustnessCharts(doc, analysis);
  // An empty view projects a short title, not the instructions the facilitator's screen gives.
  const none = (
    <p className="presenter-hidden" data-testid="presenter-empty">
      {t(`room.presenter.empty.${view}`)}
    </p>
  );
  switch (view) {
    case 'ranking':
      return live ? <PresenterRanking doc={doc} live={live} /> : none;
    case 'disagreement':
      // A cell opened for the room (from the "talk about these first" list) takes the view until it is closed.
      if (focusCell) return <CellFocusView doc={doc} large />;
      return heat ? (
        <div className="presenter-grid heat">
          <div>
            <ConsensusFigure consensus={heat.consensus} />
            {heat.hotspots.length > 0 && (
              <>
                <h2 className="small-h">{t('room.aggregate.talk')}</h2>
                <ol className="hotspots">
                  {heat.hotspots.map((h) => (
                    <li key={`${h.k}-${h.c}`}>
                      {h.criterion} · {h.candidate}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </div>
          <Heatmap {...heat.heatmap} width={980} actions={false} />
        </div>
      ) : (
        none
      );
    case 'robustness':
      // The verdict and the rank acceptability on the left, the weight stability (one row per criterion) on the right.
      return robust ? (
        <div className="presenter-grid two">
          <div>
            <VerdictBox doc={doc} analysis={analysis} brief />
            {robust.acceptability && <AcceptabilityBars {...robust.acceptability} width={560} labelShare={0.38} actions={false} />}
          </div>
          <Tornado {...robust.tornado} width={560} actions={false} />
        </div>
      ) : (
        none
      );
    case 'scenarios':
      return doc.scenarios.length > 0 ? <ScenarioCompare doc={doc} large /> : none;
  }
}

/**
 * The ranking view: the leader and the ranking bars across the whole view, grown to the height
 * it leaves them (measured: the column's other content is subtracted). The radar stays on the
 * facilitator's screen: beside the bars, its labels at the projector's size crowd each other.
 */
function PresenterRanking({ doc, live }: { doc: WorkshopDoc; live: NonNullable<ReturnType<typeof useLiveCharts>> }) {
  const grid = useRef<HTMLDivElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const [fill, setFill] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const g = grid.current;
    const col = column.current;
    if (!g || !col) return;
    const read = () => {
      const svg = col.querySelector('svg');
      if (!svg) return;
      const chrome = col.scrollHeight - svg.getBoundingClientRect().height;
      const next = Math.max(0, Math.floor(g.clientHeight - chrome - 4));
      setFill((prev) => (prev !== undefined && Math.abs(prev - next) < 3 ? prev : next));
    };
    read();
    const ro = new ResizeObserver(read);
    ro.observe(g);
    ro.observe(col);
    return () => ro.disconnect();
  }, []);
  return (
    <div className="presenter-grid one" ref={grid}>
      <div ref={column}>
        <LeaderLine doc={doc} live={live} />
        <RankingBars {...live.ranking} width={960} actions={false} fillHeight={fill} />
      </div>
    </div>
  );
}
