import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addCandidate,
  describeCandidate,
  displayName,
  isDefaultName,
  nameText,
  newId,
  renameCandidate,
  setCandidateKind,
  translateCandidateName,
  type Candidate,
  type WorkshopDoc,
} from '../../shared/model';
import { currentLang } from '../i18n';
import { edit, NameField, SelectField, NotesField, TextField } from './fields';
import { RemoveButton } from './tasks';
import { useScreeningRemoval } from './removal';

const KINDS: Candidate['kind'][] = ['self-built', 'managed', 'hybrid', 'custom'];

/** The candidates being screened: add, rename and describe in the current language, change kind, remove (with undo). */
export function CandidatesPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const other = lang === 'en' ? 'zh-CN' : 'en';
  const removing = useScreeningRemoval(doc);
  const kinds = KINDS.map((k) => ({ value: k, label: t(`shell.kind.${k}`) }));
  return (
    <section aria-labelledby="cands-h" className="panel">
      <h2 id="cands-h">{t('wizard.screening.candidates')}</h2>
      <p className="muted">{t('wizard.screening.candidatesIntro')}</p>
      {doc.candidates.length === 0 ? (
        <p className="empty">{t('wizard.screening.noCandidates')}</p>
      ) : (
        <ul className="card-grid" aria-label={t('wizard.screening.candidates')}>
          {doc.candidates.map((c, i) => {
            const name = displayName(c, lang, 'candidate', i);
            return (
              <li key={c.id} className="card" aria-label={name}>
                <NameField
                  label={t('wizard.screening.candidateName')}
                  value={nameText(c.name, lang)}
                  isDefault={isDefaultName(c.name)}
                  action="Rename candidate"
                  onChange={(d, v) => renameCandidate(d, c.id, v)}
                />
                {c.name.text && (
                  <TextField
                    label={t('wizard.field.translation')}
                    hint={t('wizard.field.translationHint')}
                    value={c.name.translation}
                    action="Translate candidate name"
                    onChange={(d, v) => translateCandidateName(d, c.id, v)}
                  />
                )}
                <SelectField
                  label={t('wizard.screening.kind')}
                  value={c.kind}
                  options={kinds}
                  action="Change candidate kind"
                  onChange={(d, v) => setCandidateKind(d, c.id, v)}
                />
                <NotesField
                  label={t('wizard.screening.description')}
                  value={c.description[lang]}
                  placeholder={c.description[other]}
                  action="Describe candidate"
                  rows={4}
                  onChange={(d, v) => describeCandidate(d, c.id, lang, v)}
                />
                <div className="card-actions-row">
                  <RemoveButton solid {...removing.props('candidate', c.id, name)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {doc.candidates.length === 1 && <p className="warn">{t('wizard.screening.fewCandidates')}</p>}
      <AddByName
        label={t('wizard.screening.newCandidateName')}
        button={t('wizard.screening.addCandidate')}
        disabled={doc.candidates.length >= 50}
        onAdd={(name) => edit('Add candidate', (d) => addCandidate(d, { id: newId(), name }))}
      />
      {removing.ui}
    </section>
  );
}

/** A small "name + Add" form; an empty name uses `fallback`, or '' (the model's default name, shown in the UI's language until renamed). */
export function AddByName({
  label,
  button,
  fallback = '',
  onAdd,
  disabled,
}: {
  label: string;
  button: string;
  fallback?: string;
  onAdd: (name: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAdd(name.trim() || fallback);
    setName('');
  };
  return (
    <form className="add-row" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} className="input" value={name} maxLength={1000} placeholder={label} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="btn" disabled={disabled}>
        + {button}
      </button>
    </form>
  );
}
