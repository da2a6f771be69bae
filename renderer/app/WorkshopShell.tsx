import './locales'; // first: the steps' strings, before any step renders
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { DECISION_STEPS, pick } from '../../shared/framework';
import { stepProgress, type StepId, type WorkshopDoc } from '../../shared/model';
import { autosave, repo } from '../nav/services';
import { hrefFor } from '../nav/route';
import { redo, undo, useWorkshop } from '../store/workshop';
import { currentLang } from '../i18n';
import { STEP_SCREENS } from './steps';
import { ExportMenu, responseBlob } from '../features/export/ExportMenu';
import { MetaPanel } from './MetaPanel';
import { call } from '../api/client';
import { downloadBlob } from '../charts/exportChart';
import { SimulatorScreen } from '../features/cost/SimulatorScreen';
import { IssueList } from '../ui/IssueList';
import type { Issue } from '../../shared/contract/errors';
import { migrateMessage, type MigrateReason } from '../../shared/i18n/issues';

/** A failed load: the stored document's refusal (`reason`, worded in the app's language), another error's message, or null = not found. */
type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string | null; reason?: MigrateReason; issues: Issue[] };

/** An open workshop: the seven decision-path steps as navigation, and the current step's workspace. */
export function WorkshopShell({ id, step, sim }: { id: string; step: StepId | null; sim?: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const doc = useWorkshop((s) => s.doc);
  const load = useWorkshopLoad(id);
  const current: StepId = step ?? doc?.currentStep ?? 'needs';
  const progress = useMemo(() => (doc ? stepProgress(doc) : null), [doc]);
  useStepFocus(load.status === 'ready' && doc?.id === id, id, current);

  if (load.status === 'error') {
    return (
      <main className="page">
        <p className="alert" role="alert">
          {t('library.loadFailed', { message: load.reason ? migrateMessage(load.reason, lang) : (load.message ?? t('library.notFound')) })}
        </p>
        {load.issues.length > 0 && <IssueList issues={load.issues} />}
        <a className="btn" href="#/">
          {t('shell.library')}
        </a>
      </main>
    );
  }
  if (load.status === 'loading' || !doc || doc.id !== id || !progress) {
    return (
      <main className="page" aria-busy="true">
        <div className="spinner" aria-hidden="true" />
      </main>
    );
  }
  const Screen = STEP_SCREENS[current];
  return (
    <div className="workshop">
      <StepsNav id={id} current={current} progress={progress} />
      <main className="workspace" aria-labelledby="step-title">
        <WorkspaceHead doc={doc} current={current} />
        <SaveAlerts doc={doc} />
        {current === 'validation' && sim ? <SimulatorScreen candidateId={sim} /> : <Screen step={current} />}
        <StepEnd id={id} current={current} />
      </main>
    </div>
  );
}

/** Loads workshop `id` into the store (starting again when `id` changes). */
function useWorkshopLoad(id: string) {
  const [load, setLoad] = useState<LoadState & { id: string }>({ status: 'loading', id });
  if (load.id !== id) setLoad({ status: 'loading', id }); // a different workshop: start loading it

  useEffect(() => {
    let live = true;
    repo.load(id).then(
      (res) => {
        if (!live) return;
        if (!res) return setLoad({ status: 'error', message: null, issues: [], id });
        if (!res.ok) return setLoad({ status: 'error', message: res.message, reason: res.reason, issues: res.issues, id });
        // Opens it, replaying an edit the last page kept in its journal but never got to save.
        void autosave.restore(res.doc).finally(() => live && setLoad({ status: 'ready', id }));
      },
      (err: Error) => live && setLoad({ status: 'error', message: err.message, issues: [], id }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return load;
}

/**
 * Another step (sidebar, "next" button, address): it opens at its top, with the keyboard focus
 * on its title, not where the last step was scrolled to.
 */
function useStepFocus(ready: boolean, id: string, current: StepId) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const key = `${id}/${current}`;
    if (shown.current === key) return;
    const first = shown.current === null;
    shown.current = key;
    window.scrollTo(0, 0);
    if (!first) document.getElementById('step-title')?.focus({ preventScroll: true });
  }, [ready, id, current]);
}

/** The decision path's steps, each with how far it has got. */
function StepsNav({ id, current, progress }: { id: string; current: StepId; progress: ReturnType<typeof stepProgress> }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <nav className="steps-nav" aria-label={t('shell.steps')}>
      <a className="back-link" href="#/">
        ← {t('shell.library')}
      </a>
      <h2 className="nav-title">{t('shell.steps')}</h2>
      <ol>
        {DECISION_STEPS.map((s) => {
          const done = progress[s.id];
          return (
            <li key={s.id}>
              <a href={hrefFor({ name: 'workshop', id, step: s.id })} aria-current={s.id === current ? 'step' : undefined} className="step-link">
                <span className="step-num" aria-hidden="true">
                  {s.number}
                </span>
                <span className="step-name">{pick(s.name, lang)}</span>
                <span className="step-progress" aria-label={`${Math.round(done * 100)}%`}>
                  <span style={{ width: `${Math.round(done * 100)}%` }} />
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The workshop's title and details, the step's title, and export, save state, undo and redo. */
function WorkspaceHead({ doc, current }: { doc: WorkshopDoc; current: StepId }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const saveState = useWorkshop((s) => s.saveState);
  const saveError = useWorkshop((s) => s.saveError);
  const syncedAt = useWorkshop((s) => s.syncedAt);
  const canUndo = useStore(useWorkshop.temporal, (s) => s.pastStates.length > 0);
  const canRedo = useStore(useWorkshop.temporal, (s) => s.futureStates.length > 0);
  const def = DECISION_STEPS.find((s) => s.id === current)!;
  return (
    <header className="workspace-head">
      <div>
        <div className="muted small">{doc.meta.title}</div>
        <MetaPanel doc={doc} />
        <h1 id="step-title" tabIndex={-1}>
          {t('shell.step', { n: def.number })} · {pick(def.name, lang)}
        </h1>
      </div>
      <div className="head-actions">
        <ExportMenu />
        <span className={`save-state save-${saveState}`} role="status" title={saveError ?? undefined}>
          {saveState === 'saved'
            ? syncedAt
              ? t('shell.synced')
              : t('shell.saved')
            : saveState === 'error'
              ? t('shell.saveError')
              : saveState === 'conflict'
                ? t('shell.saveError')
                : t('shell.saving')}
        </span>
        <button type="button" className="btn" onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z">
          ↶ {t('action.undo')}
        </button>
        <button type="button" className="btn" onClick={redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z">
          ↷ {t('action.redo')}
        </button>
      </div>
    </header>
  );
}

/** A save conflict (keep theirs or mine), or a failed save (retry, or keep the workshop as a file). */
function SaveAlerts({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const saveState = useWorkshop((s) => s.saveState);
  const saveError = useWorkshop((s) => s.saveError);
  return (
    <>
      {saveState === 'conflict' && (
        <div className="alert conflict" role="alertdialog" aria-labelledby="conflict-msg">
          <p id="conflict-msg">{t('shell.conflict')}</p>
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => void autosave.resolveConflict('theirs')}>
              {t('shell.conflictTheirs')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void autosave.resolveConflict('mine')}>
              {t('shell.conflictMine')}
            </button>
          </div>
        </div>
      )}
      {saveState === 'error' && (
        <div className="alert" role="alert">
          <p>{saveError === 'quota' ? t('shell.diskFull') : t('library.storageFailed', { message: t(`storage.${saveError ?? 'other'}`) })}</p>
          <p className="small">{t('shell.retrying')}</p>
          <div className="form-actions">
            <button type="button" className="btn" onClick={autosave.retryNow}>
              {t('shell.retryNow')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void exportWorkshopFile(doc)}>
              {t('shell.exportFile')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The end of every step: the way on to the next step of the path; after the last step, the
 * report (the export dialog), which is where the workshop's outcome goes.
 */
function StepEnd({ id, current }: { id: string; current: StepId }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const i = DECISION_STEPS.findIndex((s) => s.id === current);
  const next = DECISION_STEPS[i + 1];
  return (
    <nav className="step-end" aria-label={t('shell.stepEnd')}>
      {next ? (
        <a className="btn btn-primary" href={hrefFor({ name: 'workshop', id, step: next.id })}>
          {t('shell.nextStep', { n: next.number, name: pick(next.name, lang) })}
        </a>
      ) : (
        <ExportMenu primary label={t('shell.finish')} />
      )}
    </nav>
  );
}

/** The open workshop as a `*.workshop.json` download: the way to keep it when storage fails. */
async function exportWorkshopFile(doc: WorkshopDoc) {
  const res = await call('report.render', { workshop: doc, format: 'json' });
  downloadBlob(responseBlob(res), res.filename);
}
