import { Options } from './Options';
import type { ReactNode } from 'react';
import { displayName, type Name } from '../../shared/model';
import { currentLang } from '../i18n';

/** A labelled choice of one of the workshop's candidates or criteria, listed by their names in the UI's language. */
export function NamePicker({
  label,
  items,
  kind,
  value,
  onChange,
}: {
  label: ReactNode;
  items: readonly { id: string; name: Name }[];
  kind: 'candidate' | 'criterion';
  value: string;
  onChange: (id: string) => void;
}) {
  const lang = currentLang();
  return (
    <label className="inline-label">
      {label}
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <Options items={items} label={(c, i) => displayName(c, lang, kind, i)} />
      </select>
    </label>
  );
}
