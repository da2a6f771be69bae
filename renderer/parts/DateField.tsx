import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../shared/framework';
import { formatDate, parseDateText } from '../../shared/format';
import type { WorkshopDoc } from '../../shared/model';
import { currentLang } from '../i18n';
import { useEditBurst } from '../store/gesture';
import { Field, notesIds } from '../ui/Field';
import { useWorkshop } from '../store/workshop';

interface DateFieldProps {
  label: ReactNode;
  /** `YYYY-MM-DD` or ''. */
  value: string;
  /** Action name for the undo history. */
  action: string;
  onChange: (doc: WorkshopDoc, value: string) => WorkshopDoc;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  hideLabel?: boolean;
}

const ymd = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
const utc = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
};
const todayUtc = () => {
  const n = new Date();
  return new Date(Date.UTC(n.getFullYear(), n.getMonth(), n.getDate()));
};

/**
 * A date bound to the document, in the app's language whatever the browser's: the browser's
 * own date input draws its format and calendar in the browser's locale, so this is a text
 * field (`YYYY-MM-DD`; "2026/5/1" and "2026年5月1日" are read too) with the date spelled in
 * the app's language beside it, and a calendar of the app's own (arrow keys move, Enter picks,
 * Esc closes). A date that cannot be read is said so at the field and nothing is saved.
 */
export function DateField({ label, value, action, onChange, placeholder, hint, className, hideLabel }: DateFieldProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const id = useId();
  const burst = useEditBurst();
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const parsed = draft === null ? value : parseDateText(draft);
  const invalid = draft !== null && parsed === null;
  const commit = (v: string) => {
    burst.begin();
    useWorkshop.getState().edit(action, (d) => onChange(d, v));
  };
  const change = (text: string) => {
    setDraft(text);
    const v = parseDateText(text);
    if (v !== null && v !== value) commit(v);
  };
  const spelled = !invalid && parsed ? formatDate(parsed, lang) : '';
  const notes = { error: invalid && t('wizard.field.badDate'), hint };
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={`date-field ${className ?? ''}`} {...notes}>
      <span className="date-input">
        <input
          id={id}
          className="input"
          value={draft ?? value}
          placeholder={placeholder ?? t('wizard.field.datePlaceholder')}
          maxLength={20}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={notesIds(id, notes, !invalid && spelled && `${id}-spelled`)}
          onChange={(e) => change(e.target.value)}
          onBlur={() => {
            burst.end();
            // A readable date is shown as saved (2026/5/1 → 2026-05-01); an unreadable one stays, with its message.
            if (!invalid) setDraft(null);
          }}
          onKeyDown={(e) => {
            burst.onKeyDown(e);
            if (e.key === 'Escape' && draft !== null) {
              e.preventDefault();
              setDraft(null);
            } else if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
        <button
          type="button"
          ref={toggleRef}
          className="btn btn-ghost date-toggle"
          aria-label={t('wizard.field.calendar')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
            <path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor" strokeWidth="1.4" />
          </svg>
        </button>
        {spelled && !hideLabel && (
          <span id={`${id}-spelled`} className="muted small date-spelled">
            {spelled}
          </span>
        )}
        {spelled && hideLabel && (
          <span id={`${id}-spelled`} className="sr-only">
            {spelled}
          </span>
        )}
      </span>
      {open && (
        <Calendar
          lang={lang}
          value={parsed || ''}
          onPick={(v) => {
            setDraft(null);
            if (v !== value) {
              commit(v);
              burst.end();
            }
            setOpen(false);
            toggleRef.current?.focus();
          }}
          onClose={() => {
            setOpen(false);
            toggleRef.current?.focus();
          }}
          onLeave={(to) => {
            // Focus gone elsewhere (a click outside, Tab away) closes it; the toggle closes it itself.
            if (to !== toggleRef.current) setOpen(false);
          }}
        />
      )}
    </Field>
  );
}

/** A month of days in the app's language (weeks from Monday in Chinese, Sunday in English); the focused day moves with the arrow keys. */
function Calendar({
  lang,
  value,
  onPick,
  onClose,
  onLeave,
}: {
  lang: Lang;
  value: string;
  onPick: (v: string) => void;
  onClose: () => void;
  onLeave: (to: Element | null) => void;
}) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState(() => (value ? utc(value) : todayUtc()));
  const gridRef = useRef<HTMLDivElement>(null);
  const focusKey = ymd(focus);
  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focusKey}"]`)?.focus();
  }, [focusKey]);
  const weekStart = lang === 'en' ? 0 : 1;
  const first = new Date(Date.UTC(focus.getUTCFullYear(), focus.getUTCMonth(), 1));
  const lead = (first.getUTCDay() - weekStart + 7) % 7;
  const start = new Date(first.getTime() - lead * 86_400_000);
  const days = Array.from({ length: 42 }, (_, i) => new Date(start.getTime() + i * 86_400_000));
  const monthTitle = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(first);
  const weekday = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
  const full = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' });
  const shift = (days: number) => setFocus(new Date(focus.getTime() + days * 86_400_000));
  const shiftMonth = (months: number) => {
    const y = focus.getUTCFullYear();
    const m = focus.getUTCMonth() + months;
    const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
    setFocus(new Date(Date.UTC(y, m, Math.min(focus.getUTCDate(), last))));
  };
  const today = ymd(todayUtc());
  return (
    <div
      className="calendar"
      role="dialog"
      aria-label={t('wizard.field.calendarOf', { month: monthTitle })}
      onBlur={(e) => {
        const to = e.relatedTarget as Element | null;
        if (!to || !e.currentTarget.contains(to)) onLeave(to);
      }}
      onKeyDown={(e) => {
        const moves: Record<string, () => void> = {
          ArrowLeft: () => shift(-1),
          ArrowRight: () => shift(1),
          ArrowUp: () => shift(-7),
          ArrowDown: () => shift(7),
          PageUp: () => shiftMonth(-1),
          PageDown: () => shiftMonth(1),
          Escape: onClose,
        };
        const move = moves[e.key];
        if (!move) return;
        e.preventDefault();
        e.stopPropagation();
        move();
      }}
    >
      <div className="calendar-head">
        <button type="button" className="btn btn-ghost small" aria-label={t('wizard.field.prevMonth')} onClick={() => shiftMonth(-1)}>
          ‹
        </button>
        <strong aria-live="polite">{monthTitle}</strong>
        <button type="button" className="btn btn-ghost small" aria-label={t('wizard.field.nextMonth')} onClick={() => shiftMonth(1)}>
          ›
        </button>
      </div>
      <div className="calendar-grid" ref={gridRef}>
        {days.slice(0, 7).map((d) => (
          <span key={d.getTime()} className="calendar-weekday" aria-hidden="true">
            {weekday.format(d)}
          </span>
        ))}
        {days.map((d) => {
          const key = ymd(d);
          const other = d.getUTCMonth() !== first.getUTCMonth();
          return (
            <button
              key={key}
              type="button"
              data-day={key}
              tabIndex={key === focusKey ? 0 : -1}
              className={`calendar-day${other ? ' other-month' : ''}${key === today ? ' today' : ''}`}
              aria-label={full.format(d)}
              aria-pressed={key === value}
              onClick={() => onPick(key)}
            >
              {d.getUTCDate()}
            </button>
          );
        })}
      </div>
    </div>
  );
}
