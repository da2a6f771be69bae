import { useTranslation } from 'react-i18next';
import { ROLLOUT_CHECKLIST, pick, type Lang } from '../../../shared/framework';
import { addChecklistItem, newId, renameChecklistItem, setRolloutPlan, type ChecklistItem } from '../../../shared/model';
import { edit, NotesField, TextField, UndoToast, useUndoOffer } from '../../parts/fields';
import { AddByName } from '../../parts/CandidatesPanel';
import { TaskCells, TaskHead, TaskRemove, TASKS } from '../../parts/tasks';
import { StepFrame, useStep } from '../../parts/step';
import '../../parts/step.css';
import { TableHead } from '../../ui/TableHead';
import { AssumptionsBoard } from '../../parts/AssumptionsBoard';

/** Step 6 灰度上线: the §八 rollout checklist, the canary's scope and its go/no-go criteria. */
export function CanaryStep() {
  const { t, lang, doc } = useStep();
  const undoOffer = useUndoOffer();
  if (!doc) return null;
  const items = doc.rollout.items;
  const kpis = doc.needs.answers.kpis;
  return (
    <StepFrame index={5} name="canary" intro={t('wizard.canary.intro')}>
      <section className="panel" aria-labelledby="plan-h">
        <h2 id="plan-h" className="sr-only">
          {t('wizard.canary.scope')}
        </h2>
        <div className="two-col">
          <NotesField
            label={t('wizard.canary.scope')}
            hint={t('wizard.canary.scopeHint')}
            value={doc.rollout.scope}
            action="Set canary scope"
            onChange={(d, v) => setRolloutPlan(d, { scope: v })}
          />
          <NotesField
            label={t('wizard.canary.goNoGo')}
            hint={
              <>
                {t('wizard.canary.goNoGoHint')}
                {typeof kpis === 'string' && kpis.trim() && (
                  <>
                    <br />
                    {t('wizard.canary.kpis', { kpis })}
                  </>
                )}
              </>
            }
            value={doc.rollout.goNoGo}
            action="Set go/no-go criteria"
            onChange={(d, v) => setRolloutPlan(d, { goNoGo: v })}
          />
        </div>
      </section>
      <section className="panel" aria-labelledby="check-h">
        <TaskHead kind={TASKS.checklist} id="check-h" title={t('wizard.canary.checklist')} items={items} />
        {items.length === 0 ? (
          <p className="empty">{t('wizard.canary.emptyChecklist')}</p>
        ) : (
          <table className="table checklist-table">
            <TableHead cols={[t('wizard.canary.item'), t('wizard.canary.owner'), t('wizard.canary.due'), t('wizard.canary.status'), t('wizard.canary.note')]} />
            <tbody>
              {items.map((item) => (
                <ChecklistRow
                  key={item.id}
                  item={item}
                  lang={lang}
                  onRemoved={(title) => undoOffer.offerUndo(t('wizard.canary.removedItem', { item: title }))}
                />
              ))}
            </tbody>
          </table>
        )}
        <AddByName
          label={t('wizard.canary.newItemTitle')}
          button={t('wizard.canary.addItem')}
          fallback={t('wizard.canary.newItemDefault')}
          onAdd={(title) => edit('Add checklist item', (d) => addChecklistItem(d, { id: newId(), lang, title }))}
        />
      </section>
      <AssumptionsBoard doc={doc} lang={lang} importer />
      <UndoToast undoOffer={undoOffer} />
    </StepFrame>
  );
}

function ChecklistRow({ item, lang, onRemoved }: { item: ChecklistItem; lang: Lang; onRemoved: (title: string) => void }) {
  const { t } = useTranslation();
  const template = ROLLOUT_CHECKLIST.find((x) => x.id === item.templateId);
  const title = pick(item.title, lang) || t('wizard.canary.newItemDefault');
  const other: Lang = lang === 'en' ? 'zh-CN' : 'en';
  return (
    <tr>
      <th scope="row">
        {template ? (
          <>
            <span>{title}</span>
            <div className="muted small">{pick(template.description, lang)}</div>
          </>
        ) : (
          <TextField
            hideLabel
            label={t('wizard.canary.titleOf')}
            value={item.title[lang]}
            placeholder={item.title[other]}
            action="Rename checklist item"
            onChange={(d, v) => renameChecklistItem(d, item.id, lang, v)}
          />
        )}
        <TaskRemove small kind={TASKS.checklist} id={item.id} title={title} onRemoved={() => onRemoved(title)} />
      </th>
      <TaskCells kind={TASKS.checklist} item={item} title={title} />
    </tr>
  );
}
