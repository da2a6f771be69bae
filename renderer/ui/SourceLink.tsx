import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopBridge } from '../api/bridge';
import { citedUrl } from '../../shared/contract/cited';
import { openCitedSource } from './sourceLink';

/**
 * A cited source (a GPU datasheet, a publication) as a link: keyboard-usable like any link, in a
 * new tab without an opener in a browser, through the desktop bridge to the system browser in
 * the desktop app. A citation without an https address is shown as text; a note after the address
 * (English data of the catalogue) is not shown, so the link reads the same in both languages.
 */
export function SourceLink({ source }: { source: string }) {
  const { t } = useTranslation();
  const url = citedUrl(source);
  if (!url) return <span className="source-link">{source}</span>;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const bridge = desktopBridge();
    if (openCitedSource(url, bridge)) e.preventDefault();
  };
  return (
    <a className="source-link" href={url} target="_blank" rel="noopener noreferrer" title={t('source.opensOutside')} onClick={onClick}>
      {url}
    </a>
  );
}
