import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import type { WorkshopDoc } from '../../shared/model';
import { currentLang } from '../i18n';
import { setWorkshopMeta } from '../../shared/model/edits/meta';
import { DateField, NameField, TextField } from '../parts/fields';

/**
 * The workshop's details in its header: title, team, facilitator, date and description,
 * stored in the document (`meta`). A button opens them; each field is one undo step per
 * edit (typing until the field is left); an empty title is refused where it is typed.
 */
export function MetaPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const m = doc.meta;
  const summary = [m.team, m.facilitator ? t('shell.meta.facilitatedBy', { name: m.facilitator }) : '', formatDate(m.date, currentLang())]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="workshop-meta">
      <button type="button" className="btn btn-ghost btn-small" aria-expanded={open} aria-controls={`${id}-meta`} onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} {t('shell.meta.toggle')}
      </button>
      {!open && summary && <span className="muted small"> {summary}</span>}
      {open && (
        <div id={`${id}-meta`} className="meta-form" role="group" aria-label={t('shell.meta.toggle')}>
          <NameField
            label={t('shell.meta.title')}
            value={m.title}
            isDefault={false}
            action="Rename workshop"
            onChange={(d, v) => setWorkshopMeta(d, 'title', v)}
          />
          <TextField label={t('shell.meta.team')} value={m.team} action="Set team" maxLength={200} onChange={(d, v) => setWorkshopMeta(d, 'team', v)} />
          <TextField
            label={t('shell.meta.facilitator')}
            value={m.facilitator}
            action="Set facilitator"
            maxLength={200}
            onChange={(d, v) => setWorkshopMeta(d, 'facilitator', v)}
          />
          <DateField label={t('shell.meta.date')} value={m.date} action="Set workshop date" onChange={(d, v) => setWorkshopMeta(d, 'date', v)} />
          <TextField
            label={t('shell.meta.description')}
            value={m.description}
            action="Describe workshop"
            multiline
            rows={3}
            maxLength={100_000}
            className="meta-description"
            onChange={(d, v) => setWorkshopMeta(d, 'description', v)}
          />
          <p className="muted small meta-hint">{t('shell.meta.hint')}</p>
        </div>
      )}
    </div>
  );
}
