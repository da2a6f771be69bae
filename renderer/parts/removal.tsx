import { useTranslation } from 'react-i18next';
import { removeCandidate, removeCriterion, type WorkshopDoc } from '../../shared/model';
import { useConfirmRemoval } from '../ui/ConfirmRemoval';
import { UndoToast, useUndoOffer } from './fields';

const REMOVE = {
  candidate: { edit: removeCandidate, keys: { button: 'removeCandidate', done: 'removedCandidate' } },
  criterion: { edit: removeCriterion, keys: { button: 'removeCriterion', done: 'removedCriterion' } },
} as const;

/**
 * Removing a candidate or a criterion in screening: asked first when scores or judgments go with
 * it (`useConfirmRemoval`), then one named undo step and an Undo offer. `props` are a
 * RemoveButton's for one row; `ui` (the question and the toast) is rendered once by the panel.
 */
export function useScreeningRemoval(doc: WorkshopDoc) {
  const { t } = useTranslation();
  const undoOffer = useUndoOffer();
  const removal = useConfirmRemoval();
  const props = (kind: keyof typeof REMOVE, id: string, name: string) => ({
    label: t(`wizard.screening.${REMOVE[kind].keys.button}`, { name }),
    action: `Remove ${kind}`,
    remove: (d: WorkshopDoc) => REMOVE[kind].edit(d, id),
    onRemoved: () => undoOffer.offerUndo(t(`wizard.screening.${REMOVE[kind].keys.done}`, { name })),
    confirm: (run: () => void) => removal.request(doc, { kind, id }, name, run),
  });
  const ui = (
    <>
      {removal.dialog}
      <UndoToast undoOffer={undoOffer} />
    </>
  );
  return { props, ui };
}
