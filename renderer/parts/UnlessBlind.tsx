import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../store/room';

/** The room's results, unless it is blind (each scores unseen): then a note that they are hidden. */
export function UnlessBlind({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const blind = useRoom((s) => s.blind);
  return blind ? <p className="empty">{t('room.blind.resultsHidden')}</p> : children;
}
