import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomUi } from './roomUi';

/** The room's results, unless it is blind (each scores unseen): then a note that they are hidden. */
export function UnlessBlind({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const blind = useRoomUi((s) => s.blind);
  return blind ? <p className="empty">{t('room.blind.resultsHidden')}</p> : children;
}
