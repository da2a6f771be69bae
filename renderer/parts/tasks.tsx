import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrefixesOf, TextKey } from '../i18n';
import {
  removeChecklistItem,
  removeValidationItem,
  updateChecklistItem,
  updateValidationItem,
  type ChecklistItem,
  type ValidationItem,
  type WorkshopDoc,
} from '../../shared/model';
import { hrefFor } from '../nav/route';
import { DateField, edit, NotesField, SelectField, TextField } from './fields';
import { statusOptions } from './status';
import { today } from './text';

/**
 * The parts the task tables share (step 3's validation plan, step 6's rollout checklist, step
 * 7's review log): each cell is one field bound to one item property, labelled for its row.
 */

type Status = ValidationItem['status'];

/** `YYYY-MM-DD` or empty: what a date field may commit (a half-typed date is not committed). */
export const isDate = (v: string) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v);

interface CellProps<V extends string> {
  /** The hidden label naming the row, e.g. "Owner of Smoke test". */
  label: string;
  value: V;
  /** Action name for the undo history. */
  action: string;
  onSet: (doc: WorkshopDoc, value: V) => WorkshopDoc;
}

/** A one-line text cell (an owner), or with `long` a two-row note (NotesField). */
function TextCell({ label, value, action, onSet, long }: CellProps<string> & { long?: boolean }) {
  const Field = long ? NotesField : TextField;
  return (
    <td>
      <Field hideLabel rows={long ? 2 : undefined} label={label} value={value} action={action} onChange={onSet} />
    </td>
  );
}

/** A due date; marked overdue when it has passed and the task is not done. */
function DueCell({ label, value, action, onSet, status }: CellProps<string> & { status: Status }) {
  const { t } = useTranslation();
  const overdue = value !== '' && value < today() && status !== 'done';
  return (
    <td>
      <DateField hideLabel label={label} value={value} action={action} onChange={(d, v) => (isDate(v) ? onSet(d, v) : d)} />
      {overdue && <span className="overdue">{t('wizard.validation.overdue')}</span>}
    </td>
  );
}

function StatusCell({ label, value, action, onSet }: CellProps<Status>) {
  const { t } = useTranslation();
  return (
    <td>
      <SelectField hideLabel label={label} value={value} options={statusOptions(t)} action={action} onChange={onSet} />
    </td>
  );
}

type TaskField = 'owner' | 'due' | 'status' | 'note' | 'result';
/** The undo history's name of each edit, for a task of kind `noun` ("checklist", "validation"). */
const ACTIONS: Record<TaskField, (noun: string) => string> = {
  owner: (noun) => `Set ${noun} owner`,
  due: (noun) => `Set ${noun} due date`,
  status: (noun) => `Set ${noun} status`,
  note: (noun) => `Write ${noun} note`,
  result: (noun) => `Write ${noun} result`,
};

type TaskItem = { id: string; owner: string; due: string; status: Status };

/** The text sections that word a task table: each has `removeItem` and `progress` (and the `<field>Of` cell labels). */
type TaskKeys = PrefixesOf<'removeItem'> & PrefixesOf<'progress'>;
/** A cell's label key; the union of every section × field includes pairs no kind lists, hence the narrowing below. */
type CellLabelKey = Extract<TextKey, `${TaskKeys}.${TaskField}Of`>;

/** A kind of task row (step 3's validation items, step 6's checklist items): its labels, its fields and its edits. */
export interface TaskKind<T extends TaskItem> {
  /** Where its texts are: `<keys>.<field>Of` labels a cell, `<keys>.removeItem` the remove button. */
  keys: TaskKeys;
  /** Its name in the undo history: "Set checklist owner", "Remove checklist item". */
  noun: string;
  /** The cells after the row's heading, in order. */
  fields: TaskField[];
  update(doc: WorkshopDoc, id: string, patch: Partial<T>): WorkshopDoc;
  remove(doc: WorkshopDoc, id: string): WorkshopDoc;
}

/** The task rows of the wizard: step 3's validation plan, step 6's rollout checklist. */
export const TASKS: { validation: TaskKind<ValidationItem>; checklist: TaskKind<ChecklistItem> } = {
  validation: {
    keys: 'wizard.validation',
    noun: 'validation',
    fields: ['owner', 'status', 'due', 'result'],
    update: updateValidationItem,
    remove: removeValidationItem,
  },
  checklist: { keys: 'wizard.canary', noun: 'checklist', fields: ['owner', 'due', 'status', 'note'], update: updateChecklistItem, remove: removeChecklistItem },
};

/**
 * A task row's cells after its heading, one per field of its kind, in order: the owner, a due
 * date (marked overdue), the status, a note or result. Each is labelled `<keys>.<field>Of` for
 * the row's `title` and is one named undo step.
 */
export function TaskCells<T extends TaskItem>({ kind, item, title }: { kind: TaskKind<T>; item: T; title: string }) {
  const { t } = useTranslation();
  return (
    <>
      {kind.fields.map((field) => {
        const cell = {
          key: field,
          label: t(`${kind.keys}.${field}Of` as CellLabelKey, { item: title }) /* cast: a kind's fields are those its section labels */,
          action: ACTIONS[field](kind.noun),
        };
        const onSet = (d: WorkshopDoc, v: string) => kind.update(d, item.id, { [field]: v } as Partial<T>);
        if (field === 'status') return <StatusCell {...cell} value={item.status} onSet={onSet} />;
        if (field === 'due') return <DueCell {...cell} value={item.due} status={item.status} onSet={onSet} />;
        return <TextCell {...cell} long={field !== 'owner'} value={String((item as Record<string, unknown>)[field] ?? '')} onSet={onSet} />;
      })}
    </>
  );
}

/** A task row's remove button, named `<keys>.removeItem` for the row's `title`. */
export function TaskRemove<T extends TaskItem>({
  kind,
  id,
  title,
  onRemoved,
  small,
}: {
  kind: TaskKind<T>;
  id: string;
  title: string;
  onRemoved: () => void;
  small?: boolean;
}) {
  const { t } = useTranslation();
  const label = t(`${kind.keys}.removeItem`, { item: title });
  return <RemoveButton small={small} label={label} action={`Remove ${kind.noun} item`} remove={(d) => kind.remove(d, id)} onRemoved={onRemoved} />;
}

/** A task table's heading with its progress: "3 of 5 done" (`<keys>.progress`) and a bar. */
export function TaskHead<T extends TaskItem>({ kind, id, title, items }: { kind: TaskKind<T>; id: string; title: ReactNode; items: readonly T[] }) {
  const { t } = useTranslation();
  const done = items.filter((i) => i.status === 'done').length;
  const total = items.length;
  return (
    <div className="plan-head">
      <h2 id={id}>{title}</h2>
      <span className="muted">
        <progress max={Math.max(1, total)} value={done} aria-hidden="true" /> {t(`${kind.keys}.progress`, { done, total })}
      </span>
    </div>
  );
}

/** Steps that work per candidate, before any candidate exists: say so and link to step 2. */
export function NoCandidates({ docId }: { docId: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty">
      <p>{t('wizard.validation.noCandidates')}</p>
      <a className="btn" href={hrefFor({ name: 'workshop', id: docId, step: 'screening' })}>
        {t('wizard.validation.goToScreening')}
      </a>
    </div>
  );
}

/**
 * A row's remove button, named for its row; `onRemoved` follows the edit (e.g. to offer an undo).
 * With `confirm` the removal first goes through it (e.g. `useConfirmRemoval`'s question when
 * scores go with it), which runs it or not.
 */
export function RemoveButton({
  label,
  action,
  remove,
  onRemoved,
  confirm = (run) => run(),
  small,
  solid,
  children,
}: {
  label: string;
  action: string;
  remove: (doc: WorkshopDoc) => WorkshopDoc;
  onRemoved: () => void;
  confirm?: (run: () => void) => void;
  small?: boolean;
  /** A filled button (a card's), not a ghost one (a table row's). */
  solid?: boolean;
  /** The button's text; "Remove" by default. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn${solid ? '' : ' btn-ghost'} btn-danger${small ? ' small' : ''}`}
      aria-label={label}
      onClick={() =>
        confirm(() => {
          edit(action, remove);
          onRemoved();
        })
      }
    >
      {children ?? t('wizard.field.remove')}
    </button>
  );
}
