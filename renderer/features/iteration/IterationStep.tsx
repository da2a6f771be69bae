import { useTranslation } from 'react-i18next';
import { PRINCIPLES, pick } from '../../../shared/framework';
import {
  addIterationEntry,
  newId,
  removeIterationEntry,
  setNextReview,
  updateIterationEntry,
  type IterationEntry,
  type WorkshopDoc,
} from '../../../shared/model';
import { DateField, edit, SelectField, NotesField, TextField, UndoToast, useUndoOffer } from '../../parts/fields';
import { isDate, RemoveButton } from '../../parts/tasks';
import { today } from '../../parts/text';
import { StepFrame, useStep } from '../../parts/step';
import { DecisionSummary } from '../../parts/DecisionRecord';
import { AssumptionsBoard } from '../../parts/AssumptionsBoard';
import '../../parts/step.css';

const AREAS: IterationEntry['area'][] = ['reward-design', 'context-strategy', 'resource-config', 'other'];

/** Step 7 持续迭代: the decision recorded in step 5 (a reference to it), the dated review log and the next review. */
export function IterationStep() {
  const { t, lang, doc } = useStep();
  const undoOffer = useUndoOffer();
  if (!doc) return null;
  // Newest first; entries keep their place while their date is being edited.
  const log = [...doc.iteration.log].reverse();
  return (
    <StepFrame index={6} name="iteration" intro={t('wizard.iteration.intro')}>
      <DecisionSummary doc={doc} lang={lang} />
      <AssumptionsBoard doc={doc} lang={lang} />
      <section className="panel" aria-labelledby="log-h">
        <div className="plan-head">
          <h2 id="log-h">{t('wizard.iteration.log')}</h2>
          <DateField
            label={t('wizard.iteration.nextReview')}
            value={doc.iteration.nextReview}
            action="Set next review"
            className="inline-field"
            onChange={(d, v) => (isDate(v) ? setNextReview(d, v) : d)}
          />
        </div>
        <button type="button" className="btn" onClick={() => edit('Add review', (d) => addIterationEntry(d, { id: newId(), date: today() }))}>
          + {t('wizard.iteration.addEntry')}
        </button>
        {log.length === 0 ? (
          <p className="empty">{t('wizard.iteration.emptyLog')}</p>
        ) : (
          <ol className="proposals" aria-label={t('wizard.iteration.log')}>
            {log.map((e) => (
              <LogEntry key={e.id} e={e} onRemoved={(date) => undoOffer.offerUndo(t('wizard.iteration.removedEntry', { date }))} />
            ))}
          </ol>
        )}
      </section>
      <section className="panel principles" aria-labelledby="principles-h">
        <h2 id="principles-h">{t('wizard.iteration.principles')}</h2>
        <ul>
          {PRINCIPLES.map((p, i) => (
            <li key={i}>{pick(p, lang)}</li>
          ))}
        </ul>
      </section>
      <UndoToast undoOffer={undoOffer} />
    </StepFrame>
  );
}

function LogEntry({ e, onRemoved }: { e: IterationEntry; onRemoved: (date: string) => void }) {
  const { t } = useTranslation();
  const name = e.date ? t('wizard.iteration.entry', { date: e.date }) : t('wizard.iteration.undated');
  const set = (patch: Partial<IterationEntry>) => (d: WorkshopDoc) => updateIterationEntry(d, e.id, patch);
  const text = (field: 'observation' | 'decision', action: string) => (
    <NotesField
      className="span-2"
      label={t(`wizard.iteration.${field}`)}
      value={e[field]}
      rows={2}
      action={action}
      onChange={(d, v) => set({ [field]: v })(d)}
    />
  );
  return (
    <li className="log-entry" aria-label={name}>
      <div className="log-entry-grid">
        <DateField label={t('wizard.iteration.date')} value={e.date} action="Date review" onChange={(d, v) => (isDate(v) ? set({ date: v })(d) : d)} />
        <SelectField
          label={t('wizard.iteration.area')}
          value={e.area}
          options={AREAS.map((a) => ({ value: a, label: t(`wizard.iteration.areas.${a}`) }))}
          action="Set review area"
          onChange={(d, v) => set({ area: v })(d)}
        />
        <TextField label={t('wizard.iteration.owner')} value={e.owner} action="Set review owner" onChange={(d, v) => set({ owner: v })(d)} />
        {text('observation', 'Write observation')}
        <span />
        {text('decision', 'Write review decision')}
        <div className="card-actions-row">
          <RemoveButton
            label={t('wizard.iteration.removeEntry', { date: e.date || '—' })}
            action="Remove review"
            remove={(d) => removeIterationEntry(d, e.id)}
            onRemoved={() => onRemoved(e.date || '—')}
          />
        </div>
      </div>
    </li>
  );
}
