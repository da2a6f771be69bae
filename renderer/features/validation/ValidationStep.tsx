import { useTranslation } from 'react-i18next';
import { VALIDATION_METHODS, pick, type Lang } from '../../../shared/framework';
import { addValidationItem, newId, updateValidationItem, type ValidationItem, type WorkshopDoc } from '../../../shared/model';
import { hrefFor } from '../../nav/route';
import { edit, TextField, UndoToast, useUndoOffer } from '../../parts/fields';
import { AddByName } from '../../parts/CandidatesPanel';
import { candidateName } from '../../parts/text';
import { NoCandidates, TaskCells, TaskHead, TaskRemove, TASKS } from '../../parts/tasks';
import { StepFrame, useStep } from '../../parts/step';
import '../../parts/step.css';
import { TableHead } from '../../ui/TableHead';

/** The cost simulator opens inside step 3 for one candidate: `#/w/<id>/validation?sim=<candidateId>`. */
export const costSimulatorHref = (workshopId: string, candidateId: string) =>
  hrefFor({ name: 'workshop', id: workshopId, step: 'validation', sim: candidateId });

/** Step 3 小规模验证: the §七 validation plan per candidate. */
export function ValidationStep() {
  const { t, lang, doc } = useStep();
  const undoOffer = useUndoOffer();
  if (!doc) return null;
  return (
    <StepFrame index={2} name="validation" intro={t('wizard.validation.intro')}>
      {doc.candidates.length === 0 ? (
        <NoCandidates docId={doc.id} />
      ) : (
        doc.candidates.map((c) => (
          <CandidatePlan
            key={c.id}
            doc={doc}
            candidateId={c.id}
            lang={lang}
            onRemoved={(title) => undoOffer.offerUndo(t('wizard.validation.removedItem', { item: title }))}
          />
        ))
      )}
      <UndoToast undoOffer={undoOffer} />
    </StepFrame>
  );
}

function CandidatePlan({ doc, candidateId, lang, onRemoved }: { doc: WorkshopDoc; candidateId: string; lang: Lang; onRemoved: (title: string) => void }) {
  const { t } = useTranslation();
  const name = candidateName(doc, candidateId, lang, t('wizard.field.unnamed'));
  const items = doc.validation.filter((v) => v.candidateId === candidateId);
  const headingId = `plan-${candidateId}`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <TaskHead kind={TASKS.validation} id={headingId} title={t('wizard.validation.candidatePlan', { name })} items={items} />
      {items.length === 0 ? (
        <p className="empty">{t('wizard.validation.emptyPlan')}</p>
      ) : (
        <table className="table plan-table">
          <TableHead
            cols={[
              t('wizard.validation.method'),
              t('wizard.validation.owner'),
              t('wizard.validation.status'),
              t('wizard.validation.due'),
              t('wizard.validation.result'),
            ]}
          />
          <tbody>
            {items.map((v) => (
              <PlanRow key={v.id} doc={doc} v={v} lang={lang} onRemoved={onRemoved} />
            ))}
          </tbody>
        </table>
      )}
      <AddByName
        label={t('wizard.validation.newItemTitle', { name })}
        button={t('wizard.validation.addItem')}
        fallback={t('wizard.validation.newItemDefault')}
        onAdd={(title) => edit('Add validation item', (d) => addValidationItem(d, { id: newId(), candidateId, title }))}
      />
    </section>
  );
}

function PlanRow({ doc, v, lang, onRemoved }: { doc: WorkshopDoc; v: ValidationItem; lang: Lang; onRemoved: (title: string) => void }) {
  const { t } = useTranslation();
  const method = VALIDATION_METHODS.find((m) => m.id === v.methodId);
  const title = v.title || (method ? pick(method.name, lang) : t('wizard.validation.newItemDefault'));
  return (
    <tr>
      <th scope="row">
        {v.methodId === 'custom' ? (
          <TextField
            hideLabel
            label={t('wizard.validation.titleOf')}
            value={v.title}
            action="Rename validation item"
            onChange={(d, x) => updateValidationItem(d, v.id, { title: x })}
          />
        ) : (
          <span>{title}</span>
        )}
        {method && <div className="muted small">{pick(method.description, lang)}</div>}
        {v.methodId === 'cost-simulation' && (
          <a className="btn small" href={costSimulatorHref(doc.id, v.candidateId)}>
            {t('wizard.validation.openSimulator')}
          </a>
        )}
        {v.methodId === 'custom' && <TaskRemove kind={TASKS.validation} id={v.id} title={title} onRemoved={() => onRemoved(title)} />}
      </th>
      <TaskCells kind={TASKS.validation} item={v} title={title} />
    </tr>
  );
}
