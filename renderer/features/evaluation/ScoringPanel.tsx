import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkshopDoc } from '../../../shared/model';
import { scoringProgress } from '../../../shared/model/edits/score-grid';
import { AggregatedView } from './AggregatedView';
import { AddParticipant } from '../../parts/ParticipantsPanel';
import { useRoom } from '../../store/room';
import { RatingsPanel } from './RatingsPanel';
import { ScoringGrid } from './ScoringGrid';
import { PersonName } from '../../ui/PersonName';

/** Scoring: one participant's grid (the facilitator may enter it for them), or the group's aggregated view. */
export function ScoringPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const selected = useRoom((s) => s.participantId);
  // Blind: pairwise comparisons, like the scores, stay hidden until the reveal.
  const blind = useRoom((s) => s.blind);
  const participant = doc.participants.find((p) => p.id === selected);
  const current = participant ? participant.id : 'group';
  const [adding, setAdding] = useState(false);
  const progress = useMemo(() => scoringProgress(doc), [doc]);
  return (
    <section className="room-section" aria-labelledby="scoring-h">
      <h2 id="scoring-h" className="sr-only">
        {t('room.view.scoring')}
      </h2>
      {doc.participants.length === 0 ? (
        <div className="empty">
          <p>{t('room.scoring.noParticipants')}</p>
          <AddParticipant onAdded={(id) => useRoom.getState().selectParticipant(id)} />
        </div>
      ) : (
        <div className="participant-picker" role="group" aria-label={t('room.scoring.whose')}>
          <button type="button" className="chip" aria-pressed={current === 'group'} onClick={() => useRoom.getState().selectParticipant('group')}>
            {t('room.scoring.group')}
          </button>
          {doc.participants.map((p) => {
            const pr = progress.get(p.id)!;
            return <ParticipantChip key={p.id} id={p.id} name={p.name} pressed={current === p.id} scored={pr.scored} cells={pr.cells} />;
          })}
          <button type="button" className="chip chip-add" aria-expanded={adding} onClick={() => setAdding(!adding)}>
            + {t('room.participants.add')}
          </button>
        </div>
      )}
      {adding && doc.participants.length > 0 && (
        <AddParticipant
          onAdded={(id) => {
            useRoom.getState().selectParticipant(id);
            setAdding(false);
          }}
        />
      )}
      {participant ? (
        <ScoringGrid key={`grid:${participant.id}`} doc={doc} participantId={participant.id} />
      ) : (
        doc.participants.length > 0 && <AggregatedView doc={doc} />
      )}
      {participant && !blind && <RatingsPanel key={participant.id} doc={doc} participantId={participant.id} />}
    </section>
  );
}

/** One participant's chip with their progress: re-rendered only when it changes (ballots arrive one participant at a time). */
const ParticipantChip = memo(function ParticipantChip({
  id,
  name,
  pressed,
  scored,
  cells,
}: {
  id: string;
  name: string;
  pressed: boolean;
  scored: number;
  cells: number;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={() => useRoom.getState().selectParticipant(id)}>
      <PersonName name={name} />
      <span className="chip-count" aria-label={t('room.scoring.progress', { scored, cells })}>
        {scored}/{cells}
      </span>
    </button>
  );
});
