import { Check } from '../../ui/Check';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAMEWORK_CRITERIA, NEEDS_GROUPS, pick, type Lang, type NeedsQuestion } from '../../../shared/framework';
import { answeredQuestions, isAnswered, proposals, setAnswer, setNeedsNotes, type Answer, type WorkshopDoc } from '../../../shared/model';
import { edit, NumberField, NotesField } from '../../parts/fields';
import { criterionName, formatDelta, listJoin } from '../../parts/text';
import { StepFrame, useStep } from '../../parts/step';
import '../../parts/step.css';

/** Step 1 需求确认: the seed's §二 questionnaire as structured inputs. */
export function NeedsStep() {
  const { t, lang, doc } = useStep();
  if (!doc) return null;
  const { answered, total } = answeredQuestions(doc);
  const open = proposals(doc);
  return (
    <StepFrame index={0} name="needs" intro={t('wizard.needs.intro')}>
      <p className="muted" aria-live="polite">
        <progress max={total} value={answered} aria-hidden="true" /> {t('wizard.needs.answered', { count: answered, total })}
      </p>
      {answered === 0 && <p className="empty-hint">{t('wizard.needs.emptyHint')}</p>}
      {NEEDS_GROUPS.map((g) => (
        <section key={g.id} className="needs-group" aria-labelledby={`needs-${g.id}`}>
          <h2 id={`needs-${g.id}`}>{pick(g.title, lang)}</h2>
          {g.questions.map((q) => (
            <Question key={q.id} q={q} doc={doc} lang={lang} proposes={open.filter((p) => p.rule.when.some((c) => c.question === q.id)).map((p) => p.rule)} />
          ))}
        </section>
      ))}
      <section aria-labelledby="needs-notes">
        <h2 id="needs-notes" className="sr-only">
          {t('wizard.needs.notes')}
        </h2>
        <NotesField
          label={t('wizard.needs.notes')}
          hint={t('wizard.needs.notesHint')}
          value={doc.needs.notes}
          action="Edit needs notes"
          onChange={(d, v) => setNeedsNotes(d, v)}
        />
      </section>
    </StepFrame>
  );
}

interface QuestionProps {
  q: NeedsQuestion;
  doc: WorkshopDoc;
  lang: Lang;
  proposes: WorkshopDoc['adaptation']['rules'];
}

function Question({ q, doc, lang, proposes }: QuestionProps) {
  const { t } = useTranslation();
  const id = useId();
  const value = doc.needs.answers[q.id];
  const label = pick(q.label, lang);
  const feeds = q.feeds.map((c) => criterionName(doc, c, lang) ?? pick(FRAMEWORK_CRITERIA.find((f) => f.id === c)?.name ?? { 'zh-CN': c, en: c }, lang));
  const action = `Answer: ${q.id}`;
  const set = (v: Answer) => edit(action, (d) => setAnswer(d, q.id, v));
  const why = (
    <div id={`${id}-why`} className="why small">
      <span className="muted">{t('wizard.needs.why')}:</span> {pick(q.help, lang)}{' '}
      <span className="feeds">
        <span className="muted">{t('wizard.needs.feeds')}:</span>{' '}
        {feeds.map((f) => (
          <span key={f} className="chip">
            {f}
          </span>
        ))}
      </span>
      {proposes.length > 0 && (
        <div className="proposes">
          <span className="muted">{t('wizard.needs.proposes')}:</span>{' '}
          {listJoin(
            proposes.flatMap((r) => r.effects.map((e) => `${criterionName(doc, e.criterionId, lang) ?? e.criterionId} ${formatDelta(e.delta)}`)),
            lang,
          )}
        </div>
      )}
    </div>
  );

  // What the number and text fields share: the question, its explanation, one named edit of its answer.
  const field = { label, action, hint: why, onChange: (d: WorkshopDoc, v: Answer) => setAnswer(d, q.id, v) };
  if (q.kind === 'number') {
    const unit = q.unit ? pick(q.unit, lang) : undefined;
    return (
      <div className="question">
        <NumberField {...field} value={typeof value === 'number' ? value : null} min={q.min} max={q.max} unit={unit} />
      </div>
    );
  }
  if (q.kind === 'text') {
    return (
      <div className="question">
        <NotesField {...field} value={typeof value === 'string' ? value : ''} rows={2} />
      </div>
    );
  }
  // Choices and yes/no as radio groups: arrow keys move between options, as the platform does.
  const options =
    q.kind === 'boolean'
      ? [
          { value: 'true', label: t('wizard.field.yes') },
          { value: 'false', label: t('wizard.field.no') },
        ]
      : (q.options ?? []).map((o) => ({ value: o.value, label: pick(o.label, lang) }));
  const current = value === null || value === undefined ? '' : String(value);
  return (
    <fieldset className="question" aria-describedby={`${id}-why`}>
      <legend>{label}</legend>
      <div className="radio-row">
        {options.map((o) => (
          <Check
            key={o.value}
            type="radio"
            className="radio"
            name={id}
            value={o.value}
            checked={current === o.value}
            onChange={() => set(q.kind === 'boolean' ? o.value === 'true' : o.value)}
          >
            {o.label}
          </Check>
        ))}
        {isAnswered(value) && (
          <button type="button" className="btn btn-ghost small" aria-label={t('wizard.field.clearAnswer', { question: label })} onClick={() => set(null)}>
            {t('wizard.field.clear')}
          </button>
        )}
      </div>
      {why}
    </fieldset>
  );
}
