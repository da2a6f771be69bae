import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { impactParts, isEmptyImpact, removalImpact, type RemovalImpact, type RemovalTarget, type WorkshopDoc } from '../../shared/model';
import { Dialog } from './Dialog';

interface Pending {
  name: string;
  impact: RemovalImpact;
  run: () => void;
}

/**
 * Removing a candidate, dimension or participant that has scores, judgments or results asks
 * first, naming what goes with it ("45 scores, 1 simulation…"; counted by the model's
 * `removalImpact`). One that has none is removed at once. Either way the removal is the
 * caller's one edit, so one undo brings everything back.
 */
export function useConfirmRemoval() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const request = (doc: WorkshopDoc, target: RemovalTarget, name: string, run: () => void) => {
    const impact = removalImpact(doc, target);
    if (isEmptyImpact(impact)) run();
    else setPending({ name, impact, run });
  };
  const close = () => setPending(null);
  const parts = pending
    ? [
        ...impactParts(pending.impact).map(({ part, count }) => t(`removal.part.${part}`, { count })),
        ...(pending.impact.decision ? [t('removal.part.decision')] : []),
      ]
    : [];
  const dialog = (
    <Dialog title={pending ? t('removal.title', { name: pending.name }) : ''} open={pending !== null} onClose={close}>
      {pending && (
        <div className="form">
          <p>{t('removal.lose', { items: parts.join(t('removal.sep')) })}</p>
          <p className="muted small">{t('removal.undo')}</p>
          <div className="form-actions">
            <button type="button" className="btn" onClick={close} autoFocus>
              {t('action.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                const run = pending.run;
                close();
                run();
              }}
            >
              {t('removal.confirm')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
  return { request, dialog };
}
