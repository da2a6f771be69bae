import type { ReactNode } from 'react';

/** What a field says under its control: an error (announced as it appears) and a hint. */
export interface Notes {
  error?: ReactNode;
  hint?: ReactNode;
}

/**
 * The ids of a field's notes, for its control's `aria-describedby` (`undefined` when there is
 * none); `more` adds ids of the field's own (e.g. a date spelled out).
 */
export function notesIds(id: string, { error, hint }: Notes, ...more: (string | false | undefined)[]): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : '', ...more].filter(Boolean).join(' ') || undefined;
}

/** A field's error and hint, with the ids `notesIds` names. */
export function FieldNotes({ id, error, hint }: Notes & { id: string }) {
  return (
    <>
      {error && (
        <span id={`${id}-error`} className="field-error small" role="alert">
          {error}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className="muted small">
          {hint}
        </span>
      )}
    </>
  );
}

/**
 * A labelled form field: its label (read only by screen readers with `hideLabel`, where the
 * context labels it, e.g. a table column), the control (`children`, with the same `id`), and its
 * notes. The control names the notes with `aria-describedby={notesIds(id, notes)}`.
 */
export function Field({
  id,
  label,
  hideLabel,
  className,
  children,
  ...notes
}: Notes & {
  id: string;
  label: ReactNode;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </label>
      {children}
      <FieldNotes id={id} {...notes} />
    </div>
  );
}
