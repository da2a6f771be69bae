import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../shared/framework';
import { formatDate } from '../../shared/format';
import { confirmDecision, decisionStatus, decisionToConfirm, nowIso, updateDecision, type WorkshopDoc } from '../../shared/model';
import { judgedNow, useDocJudged } from '../api/hierarchy-judged';
import { hrefFor, navigate } from '../nav/route';
import { DateField, edit, SelectField, NotesField } from './fields';
import { isDate } from './tasks';
import { candidateName } from './text';
import { DecisionChanges } from './DecisionChanges';

/** The decision record's free texts, in order (each labelled `wizard.iteration.<key>`, undone as "Write <key>"). */
const DECISION_TEXTS = ['rationale', 'dissent', 'consequences'] as const;

/** How long the record keeps itself in view after "go to the decision record", while the step's answers arrive, ms. */
const SETTLE_MS = 3000;
/** What the user does that ends that: their own scrolling or typing. */
const USER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Set by "go to the decision record" elsewhere: the record scrolls itself into view once it is on screen. */
let revealOnMount = false;

/** Opens step 5 at its decision record (from step 7's summary). */
export function goToDecisionRecord(docId: string) {
  revealOnMount = true;
  navigate({ name: 'workshop', id: docId, step: 'evaluation' });
}

/**
 * The decision record: where the path reaches its decision, at the end of step 5's evaluation
 * and before the canary rollout. Recording or confirming stores the analysis it rests on
 * (decision.basis); a later change of scores or weights marks it stale here.
 */
export function DecisionRecord({ doc, lang }: { doc: WorkshopDoc; lang: Lang }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!revealOnMount) return;
    revealOnMount = false;
    const el = ref.current;
    if (!el) return;
    const reveal = () => el.scrollIntoView({ block: 'start' });
    // After the workshop shell has opened the step at its top (its effect runs after this one).
    const frame = requestAnimationFrame(() => {
      reveal();
      el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    });
    // What sits above the record (the analysis, the cost evidence) fills in as its answers
    // arrive: keep the record in view while the step settles, until the user scrolls or types.
    const above = el.parentElement;
    const settled = new ResizeObserver(reveal);
    if (above) settled.observe(above);
    const stop = () => {
      settled.disconnect();
      for (const type of USER_SCROLLS) window.removeEventListener(type, stop, true);
    };
    for (const type of USER_SCROLLS) window.addEventListener(type, stop, { capture: true, passive: true });
    const timer = window.setTimeout(stop, SETTLE_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      stop();
    };
  }, []);
  const d0 = doc.decision;
  const confirm = decisionToConfirm(doc);
  // Recording or confirming freezes the totals: not before the focus points' pairwise weights are in.
  const { pending } = useDocJudged(doc);
  const options = [
    { value: '', label: t('wizard.iteration.notChosen') },
    ...doc.candidates.map((c) => ({ value: c.id, label: candidateName(doc, c.id, lang, t('wizard.field.unnamed')) })),
  ];
  return (
    <section className="panel decision-record" aria-labelledby="record-h" ref={ref}>
      <h2 id="record-h" tabIndex={-1}>
        {t('wizard.iteration.record')}
      </h2>
      <p className="muted">{t('wizard.iteration.recordIntro')}</p>
      {confirm !== null && (
        <div className={confirm === 'stale' ? 'alert decision-stale' : 'alert decision-no-snapshot'} role="status">
          <p>{t(confirm === 'stale' ? 'wizard.iteration.decisionStale' : 'wizard.iteration.noSnapshot')}</p>
          <button
            type="button"
            className="btn"
            disabled={pending}
            onClick={() => edit('Confirm the decision', (d) => confirmDecision(d, nowIso(), judgedNow(d).judged))}
          >
            {t('wizard.iteration.confirmDecision')}
          </button>
        </div>
      )}
      {pending && (
        <p className="muted" role="status">
          {t('wizard.iteration.weighingFocusPoints')}
        </p>
      )}
      <DecisionChanges doc={doc} lang={lang} />
      <div className="two-col">
        <SelectField
          label={t('wizard.iteration.chosen')}
          value={d0.candidateId ?? ''}
          options={options}
          action="Choose candidate"
          disabled={pending}
          onChange={(d, v) => updateDecision(d, { candidateId: v || null }, nowIso(), judgedNow(d).judged)}
        />
        <div className="two-col">
          <DateField
            label={t('wizard.iteration.decidedAt')}
            value={d0.decidedAt}
            action="Date decision"
            onChange={(d, v) => (isDate(v) ? updateDecision(d, { decidedAt: v }) : d)}
          />
          <DateField
            label={t('wizard.iteration.reviewDate')}
            value={d0.reviewDate}
            action="Set decision review date"
            onChange={(d, v) => (isDate(v) ? updateDecision(d, { reviewDate: v }) : d)}
          />
        </div>
        {DECISION_TEXTS.map((k) => (
          <NotesField
            key={k}
            label={t(`wizard.iteration.${k}`)}
            hint={k === 'dissent' ? t('wizard.iteration.dissentHint') : undefined}
            value={d0[k]}
            action={`Write ${k}`}
            onChange={(d, v) => updateDecision(d, { [k]: v })}
          />
        ))}
      </div>
    </section>
  );
}

/** Step 7's reference to the decision recorded in step 5: what was chosen, when, whether it still holds, and the way to it. */
export function DecisionSummary({ doc, lang }: { doc: WorkshopDoc; lang: Lang }) {
  const { t } = useTranslation();
  const d0 = doc.decision;
  const status = decisionStatus(doc);
  const href = hrefFor({ name: 'workshop', id: doc.id, step: 'evaluation' });
  return (
    <section className="panel decision-summary" aria-labelledby="decision-summary-h">
      <h2 id="decision-summary-h">{t('wizard.iteration.decisionSummary')}</h2>
      {d0.candidateId === null ? (
        <p className="empty">{t('wizard.iteration.noDecisionYet')}</p>
      ) : (
        <dl className="decision-facts">
          <dt>{t('wizard.iteration.chosen')}</dt>
          <dd>
            <strong>{candidateName(doc, d0.candidateId, lang, t('wizard.field.unnamed'))}</strong>
            {status?.stale && <span className="badge">{t('wizard.iteration.staleBadge')}</span>}
          </dd>
          {d0.decidedAt && (
            <>
              <dt>{t('wizard.iteration.decidedAt')}</dt>
              <dd>{formatDate(d0.decidedAt, lang)}</dd>
            </>
          )}
          {d0.reviewDate && (
            <>
              <dt>{t('wizard.iteration.reviewDate')}</dt>
              <dd>{formatDate(d0.reviewDate, lang)}</dd>
            </>
          )}
          {d0.rationale && (
            <>
              <dt>{t('wizard.iteration.rationale')}</dt>
              <dd>{d0.rationale}</dd>
            </>
          )}
        </dl>
      )}
      <a
        className="btn"
        href={href}
        onClick={(e) => {
          if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          goToDecisionRecord(doc.id);
        }}
      >
        {t('wizard.iteration.toDecisionRecord')}
      </a>
    </section>
  );
}
