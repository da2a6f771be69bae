import { Options } from '../ui/Options';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../shared/model';
import { useEditBurst } from '../store/gesture';
import { useWorkshop } from '../store/workshop';
import { Field, notesIds } from '../ui/Field';
import { Toast } from '../ui/Toast';
import { parseDraft } from './text';

/** One named edit of the open workshop (one undo step, autosaved). */
export function edit(action: string, recipe: (doc: WorkshopDoc) => WorkshopDoc) {
  useWorkshop.getState().edit(action, recipe);
}

interface TextFieldProps {
  label: ReactNode;
  value: string;
  /** Action name for the undo history. */
  action: string;
  onChange: (doc: WorkshopDoc, value: string) => WorkshopDoc;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  /** Visually hidden label (the context labels it, e.g. a table column). */
  hideLabel?: boolean;
  rows?: number;
  type?: 'text';
}

/** A labelled text input (or textarea) bound to the document. */
export function TextField({
  label,
  value,
  action,
  onChange,
  multiline,
  maxLength = 1000,
  placeholder,
  hint,
  className,
  hideLabel,
  rows = 3,
  type = 'text',
}: TextFieldProps) {
  const id = useId();
  const burst = useEditBurst(multiline);
  const change = (v: string) => {
    burst.begin();
    edit(action, (d) => onChange(d, v));
  };
  const common = {
    id,
    className: 'input',
    value,
    placeholder,
    maxLength,
    'aria-describedby': notesIds(id, { hint }),
    onBlur: burst.end,
    onKeyDown: burst.onKeyDown,
  };
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={className} hint={hint}>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(e) => change(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => change(e.target.value)} />
      )}
    </Field>
  );
}

interface NameFieldProps {
  label: string;
  /** The name as shown now (typed, or the default in the UI's language). */
  value: string;
  /** Whether `value` is a default (template or app name) rather than one the team typed. */
  isDefault: boolean;
  action: string;
  onChange: (doc: WorkshopDoc, value: string) => WorkshopDoc;
  hideLabel?: boolean;
}

/**
 * The one name of a candidate or dimension (shared/model/names.ts): what is typed here is the
 * name in every language. An empty name is refused with a message at the field (nothing is
 * committed; leaving the field puts the name back).
 */
export function NameField({ label, value, isDefault, action, onChange, hideLabel }: NameFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const burst = useEditBurst();
  const [draft, setDraft] = useState<string | null>(null);
  const empty = draft !== null && draft.trim() === '';
  const change = (v: string) => {
    setDraft(v);
    if (!v.trim()) return;
    burst.begin();
    edit(action, (d) => onChange(d, v));
  };
  const leave = () => {
    setDraft(null);
    burst.end();
  };
  const notes = empty ? { error: t('wizard.field.nameRequired') } : { hint: isDefault && t('wizard.field.defaultName') };
  return (
    <Field id={id} label={label} hideLabel={hideLabel} {...notes}>
      <input
        id={id}
        className="input"
        value={draft ?? value}
        maxLength={1000}
        aria-invalid={empty || undefined}
        aria-describedby={notesIds(id, notes)}
        onChange={(e) => change(e.target.value)}
        onBlur={leave}
        onKeyDown={burst.onKeyDown}
      />
    </Field>
  );
}

/** Free text of any length (notes, rationales, descriptions): a textarea of up to 100,000 characters. */
export function NotesField(props: Omit<TextFieldProps, 'multiline' | 'type' | 'maxLength'>) {
  return <TextField {...props} multiline maxLength={100_000} />;
}

/** A date (`YYYY-MM-DD`, or empty) bound to the document: a control of the app's own, in the app's language. */
export { DateField } from './DateField';

interface SelectFieldProps<V extends string> {
  label: ReactNode;
  value: V;
  options: { value: V; label: string }[];
  action: string;
  onChange: (doc: WorkshopDoc, value: V) => WorkshopDoc;
  hideLabel?: boolean;
  className?: string;
  disabled?: boolean;
}

export function SelectField<V extends string>({ label, value, options, action, onChange, hideLabel, className, disabled }: SelectFieldProps<V>) {
  const id = useId();
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={className}>
      <select id={id} className="input" value={value} disabled={disabled} onChange={(e) => edit(action, (d) => onChange(d, e.target.value as V))}>
        <Options items={options} value={(o) => o.value} label={(o) => o.label} />
      </select>
    </Field>
  );
}

interface NumberFieldProps {
  label: ReactNode;
  value: number | null;
  action: string;
  /** `null` = cleared. */
  onChange: (doc: WorkshopDoc, value: number | null) => WorkshopDoc;
  min?: number;
  max?: number;
  unit?: string;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  /** Allow an empty field (clears the value); otherwise empty is an error. */
  optional?: boolean;
  integer?: boolean;
}

/**
 * A number with units and a range. What is typed stays in the field even when it is not a
 * valid number; the error says why, inline, and only valid numbers reach the document.
 */
export function NumberField({ label, value, action, onChange, min, max, unit, hint, hideLabel, className, optional = true, integer }: NumberFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const burst = useEditBurst();
  const [draft, setDraft] = useState<{ text: string; forValue: number | null }>({ text: value === null ? '' : String(value), forValue: value });
  // The document changed under the field (undo, another window): show the new value.
  if (draft.forValue !== value) setDraft({ text: value === null ? '' : String(value), forValue: value });
  const parsed = parseDraft(draft.text);
  const fmt = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  let error = '';
  if (parsed === 'invalid') error = t('wizard.field.notANumber');
  else if (parsed === null && !optional) error = t('wizard.field.required');
  else if (parsed !== null && integer && !Number.isInteger(parsed)) error = t('wizard.field.wholeNumber');
  else if (parsed !== null && ((min !== undefined && parsed < min) || (max !== undefined && parsed > max)))
    error =
      min !== undefined && max !== undefined
        ? t('wizard.field.range', { min: fmt(min), max: fmt(max) })
        : min !== undefined
          ? t('wizard.field.atLeast', { min: fmt(min) })
          : t('wizard.field.atMost', { max: fmt(max!) });

  const change = (text: string) => {
    const p = parseDraft(text);
    const ok =
      p !== 'invalid' &&
      !(p === null && !optional) &&
      !(p !== null && integer && !Number.isInteger(p)) &&
      !(p !== null && ((min !== undefined && p < min) || (max !== undefined && p > max)));
    if (ok && p !== value) {
      setDraft({ text, forValue: p });
      burst.begin();
      edit(action, (d) => onChange(d, p));
    } else setDraft({ text, forValue: value });
  };
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={className} error={error} hint={hint}>
      <span className="number-input">
        <input
          id={id}
          className="input"
          type="text"
          inputMode="decimal"
          value={draft.text}
          aria-invalid={error ? true : undefined}
          aria-describedby={notesIds(id, { error, hint })}
          onChange={(e) => change(e.target.value)}
          onBlur={burst.end}
          onKeyDown={burst.onKeyDown}
        />
        {unit && <span className="unit">{unit}</span>}
      </span>
    </Field>
  );
}

/** A short-lived "Undo" offer after a destructive edit; only undoes if nothing was edited since. */
export function useUndoOffer() {
  const [offer, setOffer] = useState<{ message: string; doc: WorkshopDoc } | null>(null);
  const current = useWorkshop((s) => s.doc);
  const stale = offer !== null && offer.doc !== current;
  return {
    offer: stale ? null : offer,
    /** Call right after the destructive edit. */
    offerUndo(message: string) {
      const doc = useWorkshop.getState().doc;
      if (doc) setOffer({ message, doc });
    },
    dismiss: () => setOffer(null),
    undo() {
      if (offer && useWorkshop.getState().doc === offer.doc) useWorkshop.temporal.getState().undo();
      setOffer(null);
    },
  };
}

/** The toast of a `useUndoOffer()`: its message with Undo and dismiss, while the offer stands. */
export function UndoToast({ undoOffer }: { undoOffer: ReturnType<typeof useUndoOffer> }) {
  const { t } = useTranslation();
  if (!undoOffer.offer) return null;
  return (
    <Toast
      message={undoOffer.offer.message}
      actionLabel={t('wizard.field.undone')}
      onAction={undoOffer.undo}
      onDismiss={undoOffer.dismiss}
      closeLabel={t('wizard.field.dismiss')}
    />
  );
}
