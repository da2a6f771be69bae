import { useTranslation } from 'react-i18next';
import { pick, type Lang } from '../../../shared/framework';
import {
  addCriterion,
  addCriterionListItem,
  adaptedWeights,
  describeCriterion,
  newId,
  proposals,
  removeCriterionListItem,
  renameCriterion,
  setCriterionListItem,
  setStartingWeight,
  translateCriterionName,
  type Criterion,
  type CriterionList,
  type WorkshopDoc,
  displayName,
  isDefaultName,
  nameText,
  nameTranslation,
} from '../../../shared/model';
import { currentLang } from '../../i18n';
import { edit, NameField, NumberField, NotesField, TextField } from '../../parts/fields';
import { RemoveButton } from '../../parts/tasks';
import { useScreeningRemoval } from '../../parts/removal';
import { formatDelta, formatNumber } from '../../parts/text';
import { AddByName } from '../../parts/CandidatesPanel';
import { numCol, TableHead } from '../../ui/TableHead';

/** The criteria (§四): names, starting weights (base + accepted proposals), focus points and scenarios. */
export function CriteriaPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const removing = useScreeningRemoval(doc);
  const start = adaptedWeights(doc);
  const total = Object.values(start).reduce((a, b) => a + b, 0) || 1;
  const accepted = proposals(doc).filter((p) => p.status === 'accepted');
  const changeOf = (id: string) => accepted.reduce((sum, p) => sum + p.rule.effects.filter((e) => e.criterionId === id).reduce((a, e) => a + e.delta, 0), 0);
  return (
    <section aria-labelledby="crit-h2" className="panel">
      <h2 id="crit-h2">{t('wizard.screening.criteria')}</h2>
      <p className="muted">
        {t('wizard.screening.criteriaIntro')} {t('wizard.screening.weightsIntro')}
      </p>
      {doc.criteria.length === 0 ? (
        <p className="empty">{t('wizard.screening.noCriteria')}</p>
      ) : (
        <table className="table criteria-table">
          <TableHead
            cols={[
              t('wizard.screening.criterionName'),
              numCol(t('wizard.screening.base')),
              numCol(t('wizard.screening.accepted')),
              numCol(t('wizard.screening.start')),
              numCol(t('wizard.screening.share')),
              { label: t('wizard.field.remove'), hidden: true },
            ]}
          />
          <tbody>
            {doc.criteria.map((c, i) => {
              const name = displayName(c, lang, 'criterion', i);
              const change = changeOf(c.id);
              return (
                <tr key={c.id}>
                  <td>
                    <NameField
                      hideLabel
                      label={`${t('wizard.screening.criterionName')}: ${name}`}
                      value={nameText(c.name, lang)}
                      isDefault={isDefaultName(c.name)}
                      action="Rename criterion"
                      onChange={(d, v) => renameCriterion(d, c.id, v)}
                    />
                    {c.name.text && (
                      <TextField
                        hideLabel
                        label={`${t('wizard.field.translation')}: ${name}`}
                        placeholder={t('wizard.field.translation')}
                        hint={t('wizard.field.translationHint')}
                        value={nameTranslation(c.name)}
                        action="Translate criterion name"
                        onChange={(d, v) => translateCriterionName(d, c.id, v)}
                      />
                    )}
                    <span className="muted small">{t(`shell.group.${c.group}`)}</span>
                    <CriterionDetails c={c} lang={lang} />
                  </td>
                  <td className="num">
                    <NumberField
                      hideLabel
                      className="weight-field"
                      label={t('wizard.screening.baseWeight', { name })}
                      value={doc.adaptation.baseWeights[c.id] ?? c.weight}
                      min={0}
                      max={10_000}
                      optional={false}
                      action="Set starting weight"
                      onChange={(d, v) => setStartingWeight(d, c.id, v ?? 0)}
                    />
                  </td>
                  <td className="num">{change ? formatDelta(change) : '—'}</td>
                  <td className="num">
                    <strong>{formatNumber(start[c.id] ?? c.weight, lang, 2)}</strong>
                  </td>
                  <td className="num">{formatNumber(((start[c.id] ?? 0) / total) * 100, lang)}%</td>
                  <td>
                    <RemoveButton {...removing.props('criterion', c.id, name)}>×</RemoveButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <AddByName
        label={t('wizard.screening.newCriterionName')}
        button={t('wizard.screening.addCriterion')}
        disabled={doc.criteria.length >= 50}
        onAdd={(name) => edit('Add criterion', (d) => addCriterion(d, { id: newId(), name, weight: 10 }))}
      />
      {removing.ui}
    </section>
  );
}

function CriterionDetails({ c, lang }: { c: Criterion; lang: Lang }) {
  const { t } = useTranslation();
  const other: Lang = lang === 'en' ? 'zh-CN' : 'en';
  const list = (which: CriterionList, title: string, itemLabel: 'wizard.screening.focusPoint' | 'wizard.screening.scenario', addLabel: string) => (
    <fieldset className="list-editor">
      <legend>{title}</legend>
      {c[which].length === 0 && <p className="muted small">—</p>}
      {c[which].map((item, i) => (
        <div key={i} className="effect-row">
          <TextField
            className="inline-field grow"
            label={t(itemLabel, { n: i + 1 })}
            value={item[lang]}
            placeholder={item[other]}
            action={`Edit ${which === 'focusPoints' ? 'focus point' : 'scenario'}`}
            onChange={(d, v) => setCriterionListItem(d, c.id, which, i, lang, v)}
          />
          <button
            type="button"
            className="btn btn-ghost btn-danger"
            aria-label={t('wizard.screening.removeItem', { text: pick(item, lang) || t(itemLabel, { n: i + 1 }) })}
            onClick={() => edit(`Remove ${which === 'focusPoints' ? 'focus point' : 'scenario'}`, (d) => removeCriterionListItem(d, c.id, which, i))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => edit(`Add ${which === 'focusPoints' ? 'focus point' : 'scenario'}`, (d) => addCriterionListItem(d, c.id, which, lang))}
      >
        + {addLabel}
      </button>
    </fieldset>
  );
  return (
    <details className="criterion-details">
      <summary>{t('wizard.screening.details')}</summary>
      {list('focusPoints', t('wizard.screening.focusPoints'), 'wizard.screening.focusPoint', t('wizard.screening.addFocusPoint'))}
      {list('highPriority', t('wizard.screening.highPriority'), 'wizard.screening.scenario', t('wizard.screening.addScenario'))}
      <NotesField
        label={t('wizard.screening.criterionDescription')}
        value={c.description[lang]}
        placeholder={c.description[other]}
        action="Describe criterion"
        onChange={(d, v) => describeCriterion(d, c.id, lang, v)}
      />
    </details>
  );
}
