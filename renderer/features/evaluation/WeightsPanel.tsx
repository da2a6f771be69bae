import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { AhpPanel } from './AhpPanel';
import { HierarchyPanel } from './HierarchyPanel';
import { ParticipantsPanel } from '../../parts/ParticipantsPanel';
import { ProposalsList } from './ProposalsList';
import { RocPanel } from './RocPanel';
import { WeightSliders } from './WeightSliders';
import { ProvenanceLine, WeightsProposalBanner } from './WeightsProvenance';

const PARTS = ['sliders', 'ahp', 'roc', 'hierarchy', 'influence', 'proposals'] as const;
type Part = (typeof PARTS)[number];

/** Weights: sliders and points, AHP per participant, rank-order (ROC) quick weights, the focus points' local weights, participant influence, adaptation proposals. */
export function WeightsPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const [part, setPart] = useState<Part>('sliders');
  return (
    <section className="room-section" aria-labelledby="weights-h">
      <h2 id="weights-h" className="sr-only">
        {t('room.view.weights')}
      </h2>
      <div className="segmented" role="group" aria-label={t('room.weights.how')}>
        {PARTS.map((p) => (
          <button key={p} type="button" className="chip" aria-pressed={part === p} onClick={() => setPart(p)}>
            {t(`room.weights.part.${p}`)}
          </button>
        ))}
      </div>
      <ProvenanceLine doc={doc} />
      <WeightsProposalBanner doc={doc} />
      {part === 'sliders' && <WeightSliders doc={doc} />}
      {part === 'ahp' && <AhpPanel doc={doc} />}
      {part === 'roc' && <RocPanel doc={doc} />}
      {part === 'hierarchy' && <HierarchyPanel doc={doc} />}
      {part === 'influence' && <ParticipantsPanel doc={doc} />}
      {part === 'proposals' && <ProposalsList doc={doc} />}
    </section>
  );
}
