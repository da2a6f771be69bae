import { useTranslation } from 'react-i18next';

/** The seed's guidance for a step, collapsible so it never crowds the work. */
export function Guidance({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <details className="guidance" open>
      <summary>{t('shell.guidance')}</summary>
      <p>{text}</p>
    </details>
  );
}
