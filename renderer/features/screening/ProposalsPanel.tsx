import { Options } from '../../ui/Options';
import { Check } from '../../ui/Check';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_QUESTIONS, pick, type Lang, type RuleCondition } from '../../../shared/framework';
import {
  addRule,
  addRuleCondition,
  CONDITION_OPS,
  decideProposal,
  defaultCondition,
  newId,
  nowIso,
  openRuleQuestions,
  proposals,
  type ProposalStatus,
  removeRule,
  removeRuleCondition,
  removeRuleEffect,
  ruleApplies,
  setRuleCondition,
  setRuleEffect,
  setRuleReason,
  type WorkshopDoc,
} from '../../../shared/model';
import { hrefFor } from '../../nav/route';
import { currentLang } from '../../i18n';
import { edit, NumberField, NotesField } from '../../parts/fields';
import { criterionName, formatDelta, listJoin } from '../../parts/text';

/** The two decisions on a proposal: the state, its mark and its button's label. */
const DECISIONS = [
  ['accepted', '✓', 'wizard.screening.accept'],
  ['rejected', '✕', 'wizard.screening.reject'],
] as const;

type Rule = WorkshopDoc['adaptation']['rules'][number];

/**
 * No rule applies: says why, truthfully — no answers yet, some questions the rules read still
 * open (named), or every one answered and none of the rules holds for these answers.
 */
function NoProposals({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const open = openRuleQuestions(doc);
  const read = new Set(doc.adaptation.rules.flatMap((r) => r.when.map((c) => c.question)));
  const label = (id: string) => {
    const q = ALL_QUESTIONS.find((x) => x.id === id);
    return q ? pick(q.label, lang) : id;
  };
  const toNeeds = (
    <a className="btn" href={hrefFor({ name: 'workshop', id: doc.id, step: 'needs' })}>
      {t('wizard.screening.goToNeeds')}
    </a>
  );
  if (open.length === 0)
    return (
      <div className="empty" role="status">
        <p>{t('wizard.screening.noRuleApplies', { count: read.size })}</p>
      </div>
    );
  return (
    <div className="empty">
      <p>{open.length === read.size ? t('wizard.screening.noProposals') : t('wizard.screening.someOpen', { count: open.length })}</p>
      {open.length < read.size && (
        <ul className="small">
          {open.map((id) => (
            <li key={id}>{label(id)}</li>
          ))}
        </ul>
      )}
      {toNeeds}
    </div>
  );
}
type Condition = Rule['when'][number];

/** §五 adaptation proposals from the needs answers: accept or reject each; the rules themselves are editable data. */
export function ProposalsPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const list = proposals(doc);
  const pending = list.filter((p) => p.status === 'pending').length;
  const decidedAt = new Map(doc.adaptation.decisions.map((d) => [d.ruleId, d.decidedAt]));
  return (
    <section aria-labelledby="props-h" className="panel">
      <h2 id="props-h">{t('wizard.screening.proposals')}</h2>
      <p className="muted">{t('wizard.screening.proposalsIntro')}</p>
      {list.length === 0 ? (
        <NoProposals doc={doc} />
      ) : (
        <>
          {pending > 0 && (
            <p className="warn" aria-live="polite">
              {t('wizard.screening.pendingCount', { count: pending })}
            </p>
          )}
          <ul className="proposals" aria-label={t('wizard.screening.proposals')}>
            {list.map(({ rule, status }) => (
              <ProposalCard key={rule.id} doc={doc} rule={rule} status={status} lang={lang} decidedAt={decidedAt.get(rule.id)} />
            ))}
          </ul>
        </>
      )}
      <details className="all-rules">
        <summary>{t('wizard.screening.allRules', { count: doc.adaptation.rules.length })}</summary>
        <p className="muted small">{t('wizard.screening.allRulesHint')}</p>
        <ul className="rules">
          {doc.adaptation.rules.map((rule) => (
            <li key={rule.id} className="rule">
              <p>
                <span className={`badge ${ruleApplies(rule, doc.needs.answers) ? 'badge-ok' : ''}`}>
                  {ruleApplies(rule, doc.needs.answers) ? t('wizard.screening.applies') : t('wizard.screening.doesNotApply')}
                </span>{' '}
                <span className="muted">{t('wizard.screening.when')}:</span>{' '}
                {listJoin(
                  rule.when.map((c) => describeCondition(c, lang)),
                  lang,
                )}
              </p>
              <p>{pick(rule.reason, lang) || <span className="muted">{t('wizard.screening.untitledRule')}</span>}</p>
              <Effects doc={doc} rule={rule} lang={lang} />
              <RuleEditor doc={doc} rule={rule} lang={lang} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn"
          disabled={doc.adaptation.rules.length >= 200 || doc.criteria.length === 0}
          onClick={() => edit('Add rule', (d) => addRule(d, `team-${newId()}`))}
        >
          + {t('wizard.screening.addRule')}
        </button>
      </details>
    </section>
  );
}

function ProposalCard({ doc, rule, status, lang, decidedAt }: { doc: WorkshopDoc; rule: Rule; status: ProposalStatus; lang: Lang; decidedAt?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const reason = pick(rule.reason, lang);
  const decide = (s: ProposalStatus) =>
    edit(s === 'accepted' ? 'Accept proposal' : s === 'rejected' ? 'Reject proposal' : 'Withdraw decision', (d) => decideProposal(d, rule.id, s, nowIso()));
  return (
    <li className={`proposal proposal-${status}`} aria-labelledby={`${id}-reason`}>
      <div className="proposal-head">
        <span className={`badge state-${status}`}>{t(`wizard.screening.state.${status}`)}</span>
        {decidedAt && status !== 'pending' && (
          <span className="muted small">{t('wizard.screening.decidedOn', { date: new Date(decidedAt).toLocaleDateString(lang) })}</span>
        )}
      </div>
      <p id={`${id}-reason`} className="reason">
        {reason}
      </p>
      <Effects doc={doc} rule={rule} lang={lang} />
      <div className="decide" role="group" aria-label={t('wizard.screening.proposals')}>
        {DECISIONS.map(([to, mark, label]) => (
          <button
            key={to}
            type="button"
            className={`btn ${status === to ? 'btn-primary' : ''}`}
            aria-pressed={status === to}
            onClick={() => decide(to)}
            aria-describedby={`${id}-reason`}
          >
            {mark} {t(label)}
          </button>
        ))}
        {status !== 'pending' && (
          <button type="button" className="btn btn-ghost" onClick={() => decide('pending')} aria-describedby={`${id}-reason`}>
            {t('wizard.screening.reset')}
          </button>
        )}
      </div>
      <RuleEditor doc={doc} rule={rule} lang={lang} />
    </li>
  );
}

function Effects({ doc, rule, lang }: { doc: WorkshopDoc; rule: Rule; lang: Lang }) {
  return (
    <ul className="effects">
      {rule.effects.map((e) => (
        <li key={e.criterionId} className={`chip ${e.delta > 0 ? 'chip-up' : 'chip-down'}`}>
          {criterionName(doc, e.criterionId, lang) ?? e.criterionId} <strong>{formatDelta(e.delta)}</strong>
        </li>
      ))}
    </ul>
  );
}

/** Rewords the reason (current language) and edits the weight changes of a rule. */
function RuleEditor({ doc, rule, lang }: { doc: WorkshopDoc; rule: Rule; lang: Lang }) {
  const { t } = useTranslation();
  const addId = useId();
  const [adding, setAdding] = useState('');
  const other = lang === 'en' ? 'zh-CN' : 'en';
  const unused = doc.criteria.filter((c) => !rule.effects.some((e) => e.criterionId === c.id));
  // A rule just added (no reason in either language yet) opens ready to edit.
  const [initiallyOpen] = useState(() => !rule.reason.en && !rule.reason['zh-CN']);
  return (
    <details className="rule-editor" open={initiallyOpen}>
      <summary>{t('wizard.screening.editRule')}</summary>
      {initiallyOpen && <p className="muted small">{t('wizard.screening.newRuleHint')}</p>}
      <ConditionsEditor rule={rule} lang={lang} />
      <NotesField
        label={t('wizard.screening.ruleReason', { lang: t(`lang.${lang}`) })}
        value={rule.reason[lang]}
        placeholder={rule.reason[other]}
        action="Edit rule reason"
        onChange={(d, v) => setRuleReason(d, rule.id, lang, v)}
      />
      <fieldset className="effects-editor">
        <legend>{t('wizard.screening.ruleEffects')}</legend>
        {rule.effects.map((e) => {
          const name = criterionName(doc, e.criterionId, lang) ?? e.criterionId;
          return (
            <div key={e.criterionId} className="effect-row">
              <NumberField
                className="inline-field"
                label={t('wizard.screening.ruleDelta', { criterion: name })}
                value={e.delta}
                min={-100}
                max={100}
                optional={false}
                unit={t('wizard.screening.points')}
                action="Edit rule weight change"
                onChange={(d, v) => setRuleEffect(d, rule.id, e.criterionId, v ?? 0)}
              />
              {rule.effects.length > 1 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-danger"
                  aria-label={t('wizard.screening.removeItem', { text: name })}
                  onClick={() => edit('Remove rule weight change', (d) => removeRuleEffect(d, rule.id, e.criterionId))}
                >
                  ×
                </button>
              )}
            </div>
          );
        })}
        {unused.length > 0 && (
          <div className="add-row">
            <label htmlFor={addId}>{t('wizard.screening.addEffect')}</label>
            <select id={addId} className="input" value={adding} onChange={(e) => setAdding(e.target.value)}>
              <option value="">{t('wizard.screening.chooseCriterion')}</option>
              <Options items={unused} label={(c) => criterionName(doc, c.id, lang)} />
            </select>
            <button
              type="button"
              className="btn"
              disabled={!adding}
              onClick={() => {
                edit('Add rule weight change', (d) => setRuleEffect(d, rule.id, adding, 1));
                setAdding('');
              }}
            >
              {t('wizard.screening.addEffectButton')}
            </button>
          </div>
        )}
      </fieldset>
      <button type="button" className="btn btn-ghost btn-danger" onClick={() => edit('Remove rule', (d) => removeRule(d, rule.id))}>
        {t('wizard.screening.removeRule')}
      </button>
    </details>
  );
}

/** The rule's conditions: question, comparison (as the question's kind allows) and value. */
function ConditionsEditor({ rule, lang }: { rule: Rule; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <fieldset className="conditions-editor">
      <legend>{t('wizard.screening.ruleConditions')}</legend>
      {rule.when.map((c, i) => (
        <ConditionRow key={i} rule={rule} index={i} condition={c} lang={lang} />
      ))}
      {rule.when.length < 20 && (
        <button type="button" className="btn" onClick={() => edit('Add rule condition', (d) => addRuleCondition(d, rule.id))}>
          + {t('wizard.screening.addCondition')}
        </button>
      )}
    </fieldset>
  );
}

/** The same condition under another comparison, keeping what carries over (one answer ↔ a list of answers, a number). */
function withOp(c: Condition, op: Condition['op']): Condition | null {
  if (op === 'in' && c.op === 'eq' && typeof c.value === 'string') return { question: c.question, op, value: [c.value] };
  if (op === 'eq' && c.op === 'in' && Array.isArray(c.value) && c.value.length) return { question: c.question, op, value: c.value[0] };
  if ((op === 'gte' || op === 'lte') && typeof c.value === 'number') return { question: c.question, op, value: c.value };
  return defaultCondition(c.question, op);
}

function ConditionRow({ rule, index, condition: c, lang }: { rule: Rule; index: number; condition: Condition; lang: Lang }) {
  const { t } = useTranslation();
  const n = index + 1;
  const q = ALL_QUESTIONS.find((x) => x.id === c.question);
  const set = (next: Condition | null) => {
    if (next) edit('Edit rule condition', (d) => setRuleCondition(d, rule.id, index, next));
  };
  const ops = q ? CONDITION_OPS[q.kind] : [c.op];
  const opLabel = (op: Condition['op']) =>
    t(`wizard.screening.op.${op === 'eq' && q?.kind === 'boolean' ? 'eqNo' : op === 'truthy' && q?.kind === 'text' ? 'truthyText' : op}`);
  const options = q?.options ?? [];
  const chosen = Array.isArray(c.value) ? c.value : [];
  return (
    <div className="condition-row">
      <select
        className="input"
        aria-label={t('wizard.screening.conditionQuestion', { n })}
        value={c.question}
        onChange={(e) => set(defaultCondition(e.target.value))}
      >
        {!q && <option value={c.question}>{c.question}</option>}
        <Options items={ALL_QUESTIONS} label={(x) => pick(x.label, lang)} />
      </select>
      <select
        className="input"
        aria-label={t('wizard.screening.conditionOp', { n })}
        value={c.op}
        onChange={(e) => set(withOp(c, e.target.value as Condition['op']))}
      >
        <Options items={ops} label={opLabel} />
      </select>
      {c.op === 'eq' && q?.kind !== 'boolean' && (
        <select
          className="input"
          aria-label={t('wizard.screening.conditionValue', { n })}
          value={String(c.value ?? '')}
          onChange={(e) => set({ ...c, value: e.target.value })}
        >
          <Options items={options} value={(o) => o.value} label={(o) => pick(o.label, lang)} />
        </select>
      )}
      {c.op === 'in' && (
        <fieldset className="condition-options">
          <legend className="sr-only">{t('wizard.screening.conditionOptions', { n })}</legend>
          {options.map((o) => (
            <Check
              key={o.value}
              checked={chosen.includes(o.value)}
              disabled={chosen.length === 1 && chosen.includes(o.value)}
              onChange={(on) => set({ ...c, value: on ? [...chosen, o.value] : chosen.filter((v) => v !== o.value) })}
            >
              {pick(o.label, lang)}
            </Check>
          ))}
        </fieldset>
      )}
      {(c.op === 'gte' || c.op === 'lte') && (
        <NumberField
          className="inline-field"
          label={t('wizard.screening.conditionValue', { n })}
          hideLabel
          value={typeof c.value === 'number' ? c.value : null}
          optional={false}
          unit={q?.unit ? pick(q.unit, lang) : undefined}
          action="Edit rule condition"
          onChange={(d, v) => setRuleCondition(d, rule.id, index, { ...c, value: v ?? 0 })}
        />
      )}
      {rule.when.length > 1 && (
        <button
          type="button"
          className="btn btn-ghost btn-danger"
          aria-label={t('wizard.screening.removeCondition', { n })}
          onClick={() => edit('Remove rule condition', (d) => removeRuleCondition(d, rule.id, index))}
        >
          ×
        </button>
      )}
    </div>
  );
}

/** "Business stage is Rapid growth", from the questionnaire's own labels. */
function describeCondition(c: RuleCondition, lang: Lang): string {
  const q = ALL_QUESTIONS.find((x) => x.id === c.question);
  const label = q ? pick(q.label, lang) : c.question;
  const optionLabel = (v: unknown) => {
    const o = q?.options?.find((x) => x.value === v);
    return o ? pick(o.label, lang) : String(v);
  };
  const zh = lang === 'zh-CN';
  switch (c.op) {
    case 'truthy':
      if (q?.kind === 'text') return zh ? `${label}：已填写` : `${label}: filled in`;
      return zh ? `${label}：是` : `${label}: yes`;
    case 'eq':
      if (typeof c.value === 'boolean') return zh ? `${label}：${c.value ? '是' : '否'}` : `${label}: ${c.value ? 'yes' : 'no'}`;
      return `${label} = ${optionLabel(c.value)}`;
    case 'in':
      return `${label} ∈ {${(Array.isArray(c.value) ? c.value : [c.value]).map(optionLabel).join(zh ? '、' : ', ')}}`;
    case 'gte':
      return `${label} ≥ ${c.value}`;
    case 'lte':
      return `${label} ≤ ${c.value}`;
  }
}
