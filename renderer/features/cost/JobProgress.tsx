import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { formatPercent } from '../../parts/costFormat';
import type { JobState } from '../../api/job';
import type { Issue } from '../../../shared/contract/errors';
import { SimIssues } from '../../parts/SimIssues';

/** A running job: progress bar, percentage and Cancel; the finished states as one line each. */
export function JobProgress<R>({
  state,
  label,
  onCancel,
  doneText,
  onSetTp,
  onOpen,
}: {
  state: JobState<R>;
  label: string;
  onCancel: () => void;
  doneText?: string;
  /** A failure's fixes (SimIssues): the tensor-parallel degree that fits, the field to change. */
  onSetTp?: (tp: number) => void;
  onOpen?: (issue: Issue) => void;
}) {
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
  if (state.status === 'failed') return <SimIssues error={state.error} lead={t('simulator.failedLead')} onSetTp={onSetTp} onOpen={onOpen} />;
  if (state.status === 'done' && doneText)
    return (
      <p className="sim-note sim-ok" role="status">
        {doneText}
      </p>
    );
  return null;
}
