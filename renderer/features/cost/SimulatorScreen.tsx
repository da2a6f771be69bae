import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimResult, SimScenario } from '../../../shared/cost/schema';
import { candidateName, newId, type WorkshopDoc } from '../../../shared/model';
import {
  attachResult,
  detachResult,
  ensureSimulation,
  keptResult,
  resetScenario,
  seedScenario,
  setScenarioValue,
  simulationOf,
  storedResult,
  resultStatus,
  type Archetype,
} from '../../../shared/model/simulation';
import { effectiveValue, fieldSpec, issuesAdded, scenarioIssues } from '../../../shared/cost/form';
import { useJob } from '../../api/job';
import { hrefFor, navigate } from '../../nav/route';
import { currentLang, textAt } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { AccuracyPanel } from './AccuracyPanel';
import { ComparisonStrip } from './ComparisonStrip';
import { formatDateTime, formatDuration, formatNumber } from '../../parts/costFormat';
import { formatCost } from '../../../shared/model/currency';
import { JobProgress } from './JobProgress';
import { KeyFigures } from './KeyFigures';
import { ResultCharts } from './ResultCharts';
import { ScenarioEditor, scenarioIssueText } from './ScenarioEditor';
import { SweepPanel } from './SweepPanel';
import { SimIssues, issueField, openSimField } from '../../parts/SimIssues';
import { issueText } from '../../../shared/i18n/issues';
import { runSimulation, useCatalogue, useEstimate } from './useSim';
import './simulator.css';
import { simFieldLabel, simOptionLabel } from '../../../shared/i18n/simLabels';
import { NamePicker } from '../../ui/NamePicker';

const edit = (action: string, recipe: (doc: WorkshopDoc) => WorkshopDoc) => useWorkshop.getState().edit(action, recipe);

/**
 * Creates the candidate's scenario the first time its simulator opens. Seeding is not an undo
 * step: undoing it would only make the screen seed again, trapping the history.
 */
function seedOutsideHistory(candidateId: string) {
  const history = useWorkshop.temporal.getState();
  const tracking = history.isTracking;
  if (tracking) history.pause();
  try {
    edit('Create cost scenario', (d) => ensureSimulation(d, candidateId, newId()));
  } finally {
    if (tracking) history.resume();
  }
}

/** Step 3's cost simulator for one candidate (`#/w/<id>/validation?sim=<candidateId>`). */
export function SimulatorScreen({ candidateId }: { candidateId: string }) {
  const { t } = useTranslation();
  const doc = useWorkshop((s) => s.doc);
  const candidate = doc?.candidates.find((c) => c.id === candidateId);
  const sim = doc ? simulationOf(doc, candidateId) : undefined;
  useEffect(() => {
    if (candidate && !sim) seedOutsideHistory(candidateId);
  }, [candidate, sim, candidateId]);
  if (!doc) return null;
  const back = hrefFor({ name: 'workshop', id: doc.id, step: 'validation' });
  if (!candidate)
    return (
      <div className="simulator">
        <div className="empty">
          <p>{t('simulator.noCandidate')}</p>
          <a className="btn" href={back}>
            {t('simulator.back')}
          </a>
        </div>
      </div>
    );
  if (!sim) return <div className="spinner" aria-hidden="true" />;
  // Keyed by candidate: switching candidates starts from that candidate's own state.
  return <Simulator key={candidateId} doc={doc} candidateId={candidateId} back={back} />;
}

/** Fields showing a typed value that was not committed: nothing runs until they are fixed (what would run is not what is shown). */
function useRefusedDrafts() {
  const [refusedDrafts, setRefusedDrafts] = useState<ReadonlySet<string>>(new Set());
  const onRefusedDraft = useCallback(
    (path: string, refused: boolean) =>
      setRefusedDrafts((prev) => {
        if (prev.has(path) === refused) return prev;
        const next = new Set(prev);
        if (refused) next.add(path);
        else next.delete(path);
        return next;
      }),
    [],
  );
  return { refusedDrafts, onRefusedDraft };
}

function Simulator({ doc, candidateId, back }: { doc: WorkshopDoc; candidateId: string; back: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const candidate = doc.candidates.find((c) => c.id === candidateId)!;
  const sim = simulationOf(doc, candidateId)!;
  const scenario = sim.scenario;
  const catalogue = useCatalogue();
  const issues = scenarioIssues(scenario);
  const estimate = useEstimate(scenario, issues.length === 0);
  const full = storedResult(sim);
  const run = useJob<SimResult>();
  const [staleRun, setStaleRun] = useState(false);
  const archetype = effectiveValue(scenario, 'cost.archetype') as Archetype;
  const { refusedDrafts, onRefusedDraft } = useRefusedDrafts();
  const valid = issues.length === 0 && !estimate.error && refusedDrafts.size === 0;

  const { problems, unplaced } = fieldProblems(t, lang, issues, estimate);

  // A choice or switch that would break a cross-field rule is not committed (setScenarioValue refuses it): say why at the field.
  const [refused, setRefused] = useState<{ path: string; text: string } | null>(null);
  if (refused && !problems.has(refused.path)) problems.set(refused.path, refused.text);
  const change = (path: string, value: unknown) => {
    setStaleRun(false);
    const added = issuesAdded(scenario, path, value);
    setRefused(added.length ? { path, text: t('simulator.notApplied', { reason: added.map((i) => scenarioIssueText(t, i)).join(' ') }) } : null);
    edit(`Set ${path}`, (d) => setScenarioValue(d, candidateId, path, value));
  };
  const runFull = async () => {
    setStaleRun(false);
    const simulated = scenario;
    const result = await run.start(runSimulation(simulated as SimScenario));
    if (!result) return;
    const before = useWorkshop.getState().doc;
    edit('Attach simulation result', (d) => attachResult(d, candidateId, simulated, result, new Date().toISOString()));
    // Edited while it ran: the result belongs to a scenario no longer on screen.
    if (useWorkshop.getState().doc === before) setStaleRun(true);
  };
  const filePrefix = `cost-${candidateId}`;
  const canRun = valid && run.state.status !== 'running';

  return (
    <div className="simulator" aria-labelledby={`${id}-title`}>
      <SimHead doc={doc} candidateId={candidateId} candidate={candidate} back={back} titleId={`${id}-title`} />

      <div className="sim-layout">
        <form className="sim-form" aria-label={t('simulator.editor')} onSubmit={(e) => e.preventDefault()}>
          <ScenarioEditor
            scenario={scenario}
            problems={problems}
            onChange={change}
            catalogue={catalogue}
            estimate={estimate.result}
            onRefusedDraft={onRefusedDraft}
          />
        </form>

        {/* Sticky beside the editor and scrollable when taller than the window, so it takes focus for keyboard scrolling. */}
        <aside className="sim-side" aria-label={t('simulator.outputs')} tabIndex={0}>
          <section className="panel">
            <h3>{t('simulator.figures.title')}</h3>
            <FiguresAlerts estimate={estimate} valid={valid} unplaced={unplaced} change={change} />
            <KeyFigures
              estimate={valid ? estimate.result : null}
              pending={estimate.pending}
              full={full}
              archetype={t(`simulator.option.cost.archetype.${archetype}`)}
              currency={doc.currency}
              needs={doc.needs}
              onRunFull={canRun ? runFull : undefined}
            />
          </section>
          <RunPanel
            doc={doc}
            candidateId={candidateId}
            headingId={`${id}-run`}
            run={run}
            canRun={canRun}
            runFull={runFull}
            staleRun={staleRun}
            change={change}
          />
        </aside>
      </div>

      <section className="sim-results" aria-labelledby={`${id}-charts`}>
        <h3 id={`${id}-charts`}>{t('simulator.charts.title')}</h3>
        <ResultCharts estimate={valid ? estimate.result : null} full={full} archetype={archetype} filePrefix={filePrefix} doc={doc} />
      </section>

      <SweepPanel candidateId={candidateId} scenario={scenario} valid={valid} filePrefix={filePrefix} doc={doc} />
      <ComparisonStrip doc={doc} currentId={candidateId} />
      <AccuracyPanel />
    </div>
  );
}

type Candidate = WorkshopDoc['candidates'][number];
type Estimate = ReturnType<typeof useEstimate>;
type Change = (path: string, value: unknown) => void;

/** Problems shown at their fields, in the team's language (engine messages keep their numbers), and those with no field. */
function fieldProblems(t: TFunction, lang: ReturnType<typeof currentLang>, issues: ReturnType<typeof scenarioIssues>, estimate: Estimate) {
  const problems = new Map<string, string>();
  for (const i of issues) problems.set(i.path, scenarioIssueText(t, i));
  const unplaced: string[] = [];
  for (const i of estimate.error?.issues ?? []) {
    if (fieldSpec(i.path)) problems.set(i.path, t('simulator.issue.engine', { message: issueText(i, lang) }));
  }
  for (const i of issues) if (!fieldSpec(i.path)) unplaced.push(`${simFieldLabel(i.path, lang) ?? i.path}: ${scenarioIssueText(t, i)}`);
  return { problems, unplaced };
}

/** Back link, title with the candidate switcher, and what the scenario was seeded from. */
function SimHead({
  doc,
  candidateId,
  candidate,
  back,
  titleId,
}: {
  doc: WorkshopDoc;
  candidateId: string;
  candidate: Candidate;
  back: string;
  titleId: string;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const name = candidateName(doc, candidate.id, lang);
  const seeded = seedScenario(candidate, doc.needs.answers).notes;
  return (
    <div className="sim-head">
      <a className="back-link" href={back}>
        ← {t('simulator.back')}
      </a>
      <div className="sim-title-row">
        <h2 id={titleId}>{t('simulator.title', { name })}</h2>
        <NamePicker
          label={<span>{t('simulator.switch')}</span>}
          items={doc.candidates}
          kind="candidate"
          value={candidateId}
          onChange={(sim) => navigate({ name: 'workshop', id: doc.id, step: 'validation', sim })}
        />
      </div>
      <p className="muted">{t('simulator.intro')}</p>
      <p className="small sim-seeded">
        {seeded.length
          ? t('simulator.seeded', {
              items: seeded
                .map((n) => textAt(`simulator.seed.${n.path.replaceAll('.', '_')}`, { value: seedValue(n.path, n.value, t, lang) }, n.path))
                .join(t('simulator.listSep')),
            })
          : t('simulator.seededNone')}{' '}
        <button type="button" className="btn btn-ghost btn-small" onClick={() => edit('Reset cost scenario', (d) => resetScenario(d, candidateId))}>
          {t('simulator.reset')}
        </button>
      </p>
    </div>
  );
}

/** Why the key figures are withheld: the engine's issues, or the form's own that have no field to show at. */
function FiguresAlerts({ estimate, valid, unplaced, change }: { estimate: Estimate; valid: boolean; unplaced: string[]; change: Change }) {
  const { t } = useTranslation();
  return (
    <>
      {estimate.error && (
        <SimIssues
          error={estimate.error}
          lead={t('simulator.fixFirst')}
          onSetTp={(tp) => change('cluster.tensorParallel', tp)}
          onOpen={(i) => openSimField(issueField(i))}
          testId="sim-engine-issues"
        />
      )}
      {!valid && !estimate.error && (
        <div className="alert small" role="alert">
          <p>{t('simulator.fixFirst')}</p>
          {unplaced.length > 0 && (
            <ul className="issues">
              {unplaced.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

type RunPanelProps = {
  doc: WorkshopDoc;
  candidateId: string;
  headingId: string;
  run: ReturnType<typeof useJob<SimResult>>;
  canRun: boolean;
  runFull: () => Promise<void>;
  staleRun: boolean;
  change: Change;
};

/** The full simulation: start / detach, its progress, and whether the attached result still matches. */
function RunPanel({ doc, candidateId, headingId, run, canRun, runFull, staleRun, change }: RunPanelProps) {
  const { t } = useTranslation();
  const sim = simulationOf(doc, candidateId)!;
  const status = resultStatus(sim);
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('simulator.run.title')}</h3>
      <p className="muted small">{t('simulator.run.intro')}</p>
      <div className="sim-actions">
        <button type="button" className="btn btn-primary" onClick={runFull} disabled={!canRun}>
          {t('simulator.run.start')}
        </button>
        {status && (
          <button type="button" className="btn btn-ghost" onClick={() => edit('Detach simulation result', (d) => detachResult(d, candidateId))}>
            {t('simulator.run.detach')}
          </button>
        )}
      </div>
      <JobProgress
        state={run.state}
        label={t('simulator.run.progress')}
        onCancel={run.cancel}
        onSetTp={(tp) => change('cluster.tensorParallel', tp)}
        onOpen={(i) => openSimField(issueField(i))}
      />
      {staleRun && (
        <p className="sim-note" role="status">
          {t('simulator.run.stale')}
        </p>
      )}
      <ResultNote doc={doc} candidateId={candidateId} running={run.state.status === 'running'} />
    </section>
  );
}

/** Whether the attached full result is current, outdated (with the kept figures) or missing. */
function ResultNote({ doc, candidateId, running }: { doc: WorkshopDoc; candidateId: string; running: boolean }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const sim = simulationOf(doc, candidateId)!;
  const status = resultStatus(sim);
  const full = storedResult(sim);
  const kept = keptResult(sim);
  const fieldName = (path: string) => (fieldSpec(path) ? (simFieldLabel(path, lang) ?? path) : path);
  if (status?.stale)
    return (
      <p className="sim-note sim-stale" role="status" data-testid="sim-result-stale">
        {status.outdated && kept
          ? t('simulator.run.outdatedKept', {
              when: kept.ranAt ? formatDateTime(kept.ranAt, lang) : '—',
              figures: [
                kept.figures.costTotal === null ? '' : `${t('simulator.compare.cost')} ${formatCost(kept.figures.costTotal, doc.currency, lang)}`,
                kept.figures.stepSeconds === null ? '' : `${t('simulator.compare.step')} ${formatDuration(kept.figures.stepSeconds, lang)}`,
                kept.figures.gpuHours === null ? '' : `${t('simulator.compare.gpuHours')} ${formatNumber(kept.figures.gpuHours, lang, 0)}`,
              ]
                .filter(Boolean)
                .join(t('simulator.listSep')),
            })
          : status.outdated
            ? t('simulator.run.outdatedResult')
            : t('simulator.run.staleResult', { fields: status.changes.map(fieldName).join(t('simulator.listSep')) })}
      </p>
    );
  if (full)
    return (
      <p className="sim-note sim-ok" role="status">
        {t('simulator.run.attached', { when: formatDateTime(sim.ranAt, lang) })}
      </p>
    );
  return running ? null : <p className="muted small">{t('simulator.run.none')}</p>;
}

function seedValue(path: string, value: unknown, t: TFunction, lang: ReturnType<typeof currentLang>): string {
  // An option by its name (`async` → "Asynchronous"), a switch as on / off: never the scenario's raw value.
  if (typeof value === 'string') return simOptionLabel(path, value, lang) ?? value;
  if (typeof value === 'boolean') return t(value ? 'simulator.seedOn' : 'simulator.seedOff');
  return typeof value === 'number' ? formatNumber(value, lang, 2) : String(value);
}
