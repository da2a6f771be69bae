import { Options } from '../ui/Options';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId, RoleSchema, type Role, type WorkshopDoc } from '../../shared/model';
import { addRoomParticipant, removeParticipant, renameParticipant, setParticipantRole } from '../../shared/model/edits/participants-edit';
import { setInfluence } from '../../shared/model/edits/weights-edit';
import { useWorkshop } from '../store/workshop';
import { useConfirmRemoval } from '../ui/ConfirmRemoval';
import { useRoom } from '../store/room';
import { numCol, TableHead } from '../ui/TableHead';

const ROLES = RoleSchema.options;

/** Adds a participant by name and role; the new participant becomes the one being scored. */
export function AddParticipant({ onAdded }: { onAdded?: (id: string) => void }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('other');
  return (
    <form
      className="add-participant"
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) return;
        const id = `p-${newId().slice(0, 8)}`;
        edit(t('room.undo.addParticipant', { name: trimmed }), (d) => addRoomParticipant(d, { id, name: trimmed, role }));
        setName('');
        onAdded?.(id);
      }}
    >
      <label className="inline-label">
        {t('room.participants.name')}
        <input className="input" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="inline-label">
        {t('room.influence.role')}
        <select className="input" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          <RoleOptions />
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={!name.trim()}>
        {t('room.participants.add')}
      </button>
    </form>
  );
}

/** The people in the room: names, roles, and how much each counts in the group (0 = observer). */
export function ParticipantsPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const removal = useConfirmRemoval();
  const total = doc.participants.reduce((a, p) => a + p.influence, 0) || 1;
  return (
    <div className="influence">
      <p className="muted small">{t('room.influence.intro')}</p>
      {doc.participants.length > 0 && (
        <table className="table">
          <TableHead
            cols={[
              t('room.influence.participant'),
              t('room.influence.role'),
              numCol(t('room.influence.weight')),
              numCol(t('room.weights.share')),
              { label: '', blank: true },
            ]}
          />
          <tbody>
            {doc.participants.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <input
                    key={p.name}
                    className="input"
                    defaultValue={p.name}
                    maxLength={200}
                    aria-label={t('room.participants.nameOf', { name: p.name })}
                    onBlur={(e) => edit(t('room.undo.renameParticipant'), (d) => renameParticipant(d, p.id, e.currentTarget.value))}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') e.currentTarget.blur();
                    }}
                  />
                </th>
                <td>
                  <select
                    className="input"
                    value={p.role}
                    aria-label={t('room.participants.roleOf', { name: p.name })}
                    onChange={(e) => edit(t('room.undo.role'), (d) => setParticipantRole(d, p.id, e.target.value as Role))}
                  >
                    <RoleOptions />
                  </select>
                </td>
                <td className="num">
                  <input
                    key={p.influence}
                    className="input points-input"
                    type="number"
                    min={0}
                    max={100}
                    step="any"
                    defaultValue={p.influence}
                    aria-label={t('room.influence.of', { name: p.name })}
                    onBlur={(e) => {
                      const v = Number(e.currentTarget.value);
                      if (e.currentTarget.value !== '' && Number.isFinite(v)) edit(t('room.undo.influence', { name: p.name }), (d) => setInfluence(d, p.id, v));
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') e.currentTarget.blur();
                    }}
                  />
                </td>
                <td className="num">{p.influence === 0 ? t('room.influence.observer') : `${((p.influence / total) * 100).toFixed(0)} %`}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small btn-danger"
                    aria-label={t('room.participants.remove', { name: p.name })}
                    onClick={() =>
                      removal.request(doc, { kind: 'participant', id: p.id }, p.name, () => {
                        edit(t('room.undo.removeParticipant', { name: p.name }), (d) => removeParticipant(d, p.id));
                        useRoom.getState().participantRemoved(p.id);
                      })
                    }
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddParticipant />
      {doc.participants.length > 0 && <p className="muted small">{t('room.participants.removeHint')}</p>}
      {removal.dialog}
    </div>
  );
}

/** The participant roles as a select's options, in the UI language. */
function RoleOptions() {
  const { t } = useTranslation();
  return <Options items={ROLES} label={(r) => t(`room.role.${r}`)} />;
}
