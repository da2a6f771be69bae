import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_QUESTIONS, pick, type Lang, type RuleCondition } from '../../../../shared/framework';
import { decideProposal, nowIso, proposals, removeRuleEffect, ruleApplies, setRuleEffect, setRuleReason, type ProposalStatus, type WorkshopDoc } from '../../../../shared/model';
import { hrefFor } from '../../../app/route';
import { currentLang } from '../../../i18n';
import { edit, NumberField, TextField } from '../fields';
import { criterionName, formatDelta, listJoin } from '../text';

type Rule = WorkshopDoc['adaptation']['rules'][number];

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
        <div className="empty">
          <p>{t('wizard.screening.noProposals')}</p>
          <a className="btn" href={hrefFor({ name: 'workshop', id: doc.id, step: 'needs' })}>
            {t('wizard.screening.goToNeeds')}
          </a>
        </div>
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
                <span className={`badge ${ruleApplies(rule, doc.needs.answers) ? 'badge-ok' : ''}`}>{ruleApplies(rule, doc.needs.answers) ? t('wizard.screening.applies') : t('wizard.screening.doesNotApply')}</span>{' '}
                <span className="muted">{t('wizard.screening.when')}:</span> {listJoin(rule.when.map((c) => describeCondition(c, lang)), lang)}
              </p>
              <p>{pick(rule.reason, lang)}</p>
              <Effects doc={doc} rule={rule} lang={lang} />
              <RuleEditor doc={doc} rule={rule} lang={lang} />
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

function ProposalCard({ doc, rule, status, lang, decidedAt }: { doc: WorkshopDoc; rule: Rule; status: ProposalStatus; lang: Lang; decidedAt?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const reason = pick(rule.reason, lang);
  const decide = (s: ProposalStatus) => edit(s === 'accepted' ? 'Accept proposal' : s === 'rejected' ? 'Reject proposal' : 'Withdraw decision', (d) => decideProposal(d, rule.id, s, nowIso()));
  return (
    <li className={`proposal proposal-${status}`} aria-labelledby={`${id}-reason`}>
      <div className="proposal-head">
        <span className={`badge state-${status}`}>{t(`wizard.screening.state.${status}`)}</span>
        {decidedAt && status !== 'pending' && <span className="muted small">{t('wizard.screening.decidedOn', { date: new Date(decidedAt).toLocaleDateString(lang) })}</span>}
      </div>
      <p id={`${id}-reason`} className="reason">
        {reason}
      </p>
      <Effects doc={doc} rule={rule} lang={lang} />
      <div className="decide" role="group" aria-label={t('wizard.screening.proposals')}>
        <button type="button" className={`btn ${status === 'accepted' ? 'btn-primary' : ''}`} aria-pressed={status === 'accepted'} onClick={() => decide('accepted')} aria-describedby={`${id}-reason`}>
          ✓ {t('wizard.screening.accept')}
        </button>
        <button type="button" className={`btn ${status === 'rejected' ? 'btn-primary' : ''}`} aria-pressed={status === 'rejected'} onClick={() => decide('rejected')} aria-describedby={`${id}-reason`}>
          ✕ {t('wizard.screening.reject')}
        </button>
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
  return (
    <details className="rule-editor">
      <summary>{t('wizard.screening.editRule')}</summary>
      <TextField
        label={t('wizard.screening.ruleReason', { lang: t(`lang.${lang}`) })}
        value={rule.reason[lang]}
        placeholder={rule.reason[other]}
        action="Edit rule reason"
        multiline
        maxLength={100_000}
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
                <button type="button" className="btn btn-ghost btn-danger" aria-label={t('wizard.screening.removeItem', { text: name })} onClick={() => edit('Remove rule weight change', (d) => removeRuleEffect(d, rule.id, e.criterionId))}>
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
              {unused.map((c) => (
                <option key={c.id} value={c.id}>
                  {pick(c.name, lang)}
                </option>
              ))}
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
    </details>
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
      return zh ? `${label}：是` : `${label}: yes`;
    case 'eq':
      return `${label} = ${optionLabel(c.value)}`;
    case 'in':
      return `${label} ∈ {${(Array.isArray(c.value) ? c.value : [c.value]).map(optionLabel).join(zh ? '、' : ', ')}}`;
    case 'gte':
      return `${label} ≥ ${c.value}`;
    case 'lte':
      return `${label} ≤ ${c.value}`;
  }
}
