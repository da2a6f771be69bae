import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { formatPercent } from './format';
import type { JobState } from '../../api/job';

/** A running job: progress bar, percentage and Cancel; the finished states as one line each. */
export function JobProgress<R>({ state, label, onCancel, doneText }: { state: JobState<R>; label: string; onCancel: () => void; doneText?: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  if (state.status === 'running')
    return (
      <div className="sim-progress" role="group" aria-label={label}>
        <progress max={1} value={state.done} aria-label={label} />
        <span className="num" aria-live="polite">
          {formatPercent(state.done, lang)}
        </span>
        <button type="button" className="btn" onClick={onCancel}>
          {t('simulator.cancel')}
        </button>
      </div>
    );
  if (state.status === 'cancelled')
    return (
      <p className="sim-note" role="status">
        {t('simulator.cancelled')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className="alert" role="alert">
        <p>{t('simulator.failed', { message: state.error.message })}</p>
        {state.error.issues && state.error.issues.length > 0 && (
          <ul className="issues">
            {state.error.issues.map((i, k) => (
              <li key={k}>
                <code>{i.path}</code>: {i.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  if (state.status === 'done' && doneText)
    return (
      <p className="sim-note sim-ok" role="status">
        {doneText}
      </p>
    );
  return null;
}
