import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimCatalogue, SimResult } from '../../../shared/cost/schema';
import {
  effectiveValue,
  issuesAdded,
  parseNumberField,
  SIM_FIELD_GROUPS,
  SIM_FIELDS,
  SLIDER_STEPS,
  sliderPosition,
  sliderValue,
  type BooleanFieldSpec,
  type ChoiceFieldSpec,
  type FieldError,
  type NumberFieldSpec,
  type ScenarioIssue,
  type SimFieldGroup,
  type SimFieldSpec,
} from '../../../shared/cost/form';
import { currentLang, textAt } from '../../i18n';
import { simFieldLabel, simOptionLabel } from '../../../shared/i18n/simLabels';
import { issueText } from '../../../shared/i18n/issues';
import { useEditBurst } from '../../store/gesture';
import { CodeText } from '../../ui/CodeText';
import { FieldNotes, notesIds } from '../../ui/Field';
import { SourceLink } from '../../ui/SourceLink';
import { formatNumber } from '../../parts/costFormat';

type Tree = Record<string, unknown>;

export interface ScenarioEditorProps {
  scenario: Tree;
  /** Cross-field and engine problems, already in the team's language, by field path. */
  problems: Map<string, string>;
  onChange: (path: string, value: unknown) => void;
  catalogue: SimCatalogue | null;
  /** The latest estimate, for what "empty = automatic" fields resolve to. */
  estimate: SimResult | null;
  /** A field shows a typed value that was not committed (it breaks a cross-field rule), or no longer does. */
  onRefusedDraft?: (path: string, refused: boolean) => void;
}

/** The scenario as labelled fields, grouped as a platform engineer thinks about a run. */
export function ScenarioEditor({ scenario, problems, onChange, catalogue, estimate, onRefusedDraft }: ScenarioEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="sim-editor">
      {SIM_FIELD_GROUPS.map((group) => {
        const fields = SIM_FIELDS.filter((f) => f.group === group);
        const main = fields.filter((f) => !f.advanced);
        const more = fields.filter((f) => f.advanced);
        const moreHasProblem = more.some((f) => problems.has(f.path));
        return (
          <fieldset key={group} className="sim-group">
            <legend>{t(`simulator.group.${group}`)}</legend>
            <div className="sim-fields">
              {main.map((f) => (
                <Field key={f.path} spec={f} {...{ scenario, problems, onChange, catalogue, estimate, onRefusedDraft }} />
              ))}
            </div>
            {more.length > 0 && (
              <MoreSettings group={group} forceOpen={moreHasProblem}>
                <div className="sim-fields">
                  {more.map((f) => (
                    <Field key={f.path} spec={f} {...{ scenario, problems, onChange, catalogue, estimate, onRefusedDraft }} />
                  ))}
                </div>
              </MoreSettings>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}

function MoreSettings({ group, forceOpen, children }: { group: SimFieldGroup; forceOpen: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details className="sim-more" open={open || forceOpen} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('simulator.more', { group: t(`simulator.group.${group}`) })}</summary>
      {children}
    </details>
  );
}

function Field(props: { spec: SimFieldSpec } & ScenarioEditorProps) {
  const { spec } = props;
  if (spec.kind === 'number') return <NumberControl {...props} spec={spec} />;
  if (spec.kind === 'choice') return <ChoiceControl {...props} spec={spec} />;
  return <BooleanControl {...props} spec={spec} />;
}

function useFieldText(path: string) {
  useTranslation(); // re-render on a language change
  const label = simFieldLabel(path, currentLang()) ?? path;
  const help = textAt(`simulator.help.${path}`);
  return { label, help };
}

export function fieldErrorText(t: TFunction, e: FieldError, lang: ReturnType<typeof currentLang>): string {
  const limit = e.limit === undefined ? '' : formatNumber(e.limit, lang, 6);
  if (e.code === 'tooSmall') return t(e.inclusive ? 'simulator.error.atLeast' : 'simulator.error.moreThan', { limit });
  if (e.code === 'tooLarge') return t(e.inclusive ? 'simulator.error.atMost' : 'simulator.error.lessThan', { limit });
  return t(`simulator.error.${e.code}`);
}

/** A cross-field problem in the team's language (the engine's own message for the rare rule without a name). */
export function scenarioIssueText(t: TFunction, i: ScenarioIssue): string {
  // A rule without its own sentence here: the contract's, in the team's language (issueText).
  return i.code === 'other' ? issueText({ path: i.path, message: i.message, code: 'custom' }, currentLang()) : t(`simulator.issue.${i.code}`, i.params ?? {});
}

const show = (v: number | null) => (v === null ? '' : String(v));

function NumberControl({ spec, scenario, problems, onChange, catalogue, estimate, onRefusedDraft }: { spec: NumberFieldSpec } & ScenarioEditorProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const { label, help } = useFieldText(spec.path);
  const gesture = useEditBurst();
  const value = effectiveValue(scenario, spec.path) as number | null;
  const [draft, setDraft] = useState<{ text: string; forValue: number | null }>({ text: show(value), forValue: value });
  // The document changed under the field (slider, undo, reset): show its value.
  if (draft.forValue !== value) setDraft({ text: show(value), forValue: value });
  const parsed = parseNumberField(spec, draft.text);
  // A typed value that would break a cross-field rule is shown here as invalid and not committed.
  const refused = parsed.ok && parsed.value !== value ? issuesAdded(scenario, spec.path, parsed.value) : [];
  const isRefused = refused.length > 0;
  useEffect(() => {
    if (!isRefused) return;
    onRefusedDraft?.(spec.path, true);
    return () => onRefusedDraft?.(spec.path, false);
  }, [isRefused, onRefusedDraft, spec.path]);
  const error = !parsed.ok
    ? fieldErrorText(t, parsed.error, lang)
    : refused.length > 0
      ? t('simulator.notApplied', { reason: refused.map((i) => scenarioIssueText(t, i)).join(' ') })
      : (problems.get(spec.path) ?? null);
  // A unitless field has no unit caption (an empty translation would read as its key).
  const unit = spec.unit === 'none' ? '' : t(`simulator.unit.${spec.unit}`);
  const auto = spec.nullable ? autoValue(spec.path, scenario, catalogue, estimate) : null;

  const commit = (v: number | null) => {
    gesture.begin();
    onChange(spec.path, v);
  };
  const typed = (text: string) => {
    const p = parseNumberField(spec, text);
    if (p.ok && p.value !== value && issuesAdded(scenario, spec.path, p.value).length === 0) {
      setDraft({ text, forValue: p.value });
      commit(p.value);
    } else setDraft({ text, forValue: value });
  };
  const slid = (position: number) => {
    const v = sliderValue(spec, position);
    if (v !== value && issuesAdded(scenario, spec.path, v).length > 0) {
      setDraft({ text: show(v), forValue: value }); // shown as invalid, not committed
      return;
    }
    setDraft({ text: show(v), forValue: v });
    if (v !== value) commit(v);
  };
  const describedBy = notesIds(id, { error, hint: help });
  const sliderAt = value ?? (typeof auto === 'number' ? auto : null);
  return (
    <div className={`field sim-field${error ? ' has-error' : ''}`} data-sim-field={spec.path}>
      <label htmlFor={id}>
        {label}
        {unit && <span className="sim-unit"> ({unit})</span>}
      </label>
      <div className="sim-control">
        {spec.slider && (
          <input
            type="range"
            className="sim-slider"
            min={0}
            max={SLIDER_STEPS}
            step={SLIDER_STEPS / 100}
            value={sliderPosition(spec, sliderAt ?? spec.slider.min)}
            aria-label={label}
            aria-valuetext={sliderAt === null ? t('simulator.auto.label') : `${formatNumber(sliderAt, lang, 4)} ${unit}`}
            aria-describedby={describedBy}
            onChange={(e) => slid(Number(e.target.value))}
            onPointerUp={gesture.end}
            onKeyUp={gesture.end}
            onBlur={gesture.end}
          />
        )}
        <input
          id={id}
          className="input sim-number"
          type="text"
          inputMode="decimal"
          value={draft.text}
          placeholder={auto === null ? undefined : typeof auto === 'number' ? t('simulator.auto.value', { value: formatNumber(auto, lang, 2) }) : auto}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => typed(e.target.value)}
          onBlur={() => {
            gesture.end();
            if (parsed.ok && refused.length === 0) setDraft({ text: show(value), forValue: value });
          }}
          onKeyDown={gesture.onKeyDown}
        />
      </div>
      <FieldNotes id={id} error={error} hint={help && <CodeText text={help} />} />
    </div>
  );
}

/** What an empty ("automatic") field resolves to: from the catalogue or the latest estimate, else a description. */
function autoValue(path: string, scenario: Tree, catalogue: SimCatalogue | null, estimate: SimResult | null): number | string | null {
  const gpuName = effectiveValue(scenario, 'cluster.gpu');
  const gpu = catalogue?.gpus.find((g) => g.name === gpuName);
  switch (path) {
    case 'cluster.rolloutGpus':
      return estimate?.engine.rolloutGpus ?? null;
    case 'cluster.trainGpus':
      return estimate?.engine.trainGpus ?? null;
    case 'model.activeParamsB':
      return effectiveValue(scenario, 'model.paramsB') as number;
    case 'cost.gpuHourPrice':
      return gpu?.gpuHourPrice ?? null;
    case 'cost.purchasePricePerGpu':
      return gpu?.purchasePrice ?? null;
    case 'cost.powerKwPerGpu':
      return gpu?.serverKwPerGpu ?? null;
    case 'cost.hybridOwnedGpus':
      return Math.floor((effectiveValue(scenario, 'cluster.gpus') as number) / 2);
    default:
      return null;
  }
}

function ChoiceControl({ spec, scenario, problems, onChange, catalogue }: { spec: ChoiceFieldSpec } & ScenarioEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const { label, help } = useFieldText(spec.path);
  const raw = effectiveValue(scenario, spec.path);
  const custom = typeof raw === 'object' && raw !== null;
  const value = custom ? '__custom' : String(raw);
  const error = problems.get(spec.path);
  const gpu = spec.path === 'cluster.gpu' && !custom ? catalogue?.gpus.find((x) => x.name === value) : undefined;
  const optionLabel = (o: string) => {
    if (spec.path !== 'cluster.gpu') return simOptionLabel(spec.path, o, currentLang()) ?? o;
    const g = catalogue?.gpus.find((x) => x.name === o);
    return g ? t('simulator.gpuOption', { name: o, memory: g.memoryGB, bandwidth: g.memoryBandwidthTBps, bf16: g.bf16Tflops }) : o;
  };
  const describedBy = notesIds(id, { error, hint: help });
  return (
    <div className={`field sim-field${error ? ' has-error' : ''}`} data-sim-field={spec.path}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(spec.path, e.target.value)}
      >
        {custom && (
          <option value="__custom" disabled>
            {t('simulator.customGpu', { name: (raw as { name?: string }).name ?? 'custom' })}
          </option>
        )}
        {spec.options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
      {spec.path === 'cluster.gpu' && gpu && (
        <span className="muted small">
          {t('simulator.gpuSource')} <SourceLink source={gpu.source} />
        </span>
      )}
      <FieldNotes id={id} error={error} hint={help && <CodeText text={help} />} />
    </div>
  );
}

function BooleanControl({ spec, scenario, problems, onChange }: { spec: BooleanFieldSpec } & ScenarioEditorProps) {
  const id = useId();
  const { label, help } = useFieldText(spec.path);
  const checked = effectiveValue(scenario, spec.path) === true;
  const error = problems.get(spec.path);
  return (
    <div className={`field sim-field sim-check${error ? ' has-error' : ''}`} data-sim-field={spec.path}>
      <span className="inline-label">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={notesIds(id, { error, hint: help })}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(spec.path, e.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      <FieldNotes id={id} error={error} hint={help && <CodeText text={help} />} />
    </div>
  );
}
