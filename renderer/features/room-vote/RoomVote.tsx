import { Options } from '../../ui/Options';
import { Check } from '../../ui/Check';
import { memo, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JournalHealth, JournalProblem, NetworkInterfaceInfo, ParticipantProgress, RoundSpecInput, RoundStatus } from '../../../shared/contract/session';
import { ROUND_LIMITS } from '../../../shared/contract/session';
import { displayName, type CellRef, type Name, type WorkshopDoc } from '../../../shared/model';
import { CellFocusView } from '../../parts/CellFocus';
import { UnlessBlind } from '../../parts/UnlessBlind';
import { dataParticipants } from '../../../shared/model/edits/metrics';
import { api } from '../../api/client';
import { judgedNow } from '../../api/hierarchy-judged';
import { freeName, moveRound, roundAction } from '../../store/roomVote';
import { useRoom } from '../../store/room';
import './vote.css';
import { TableHead } from '../../ui/TableHead';
import { stripBidi } from '../../../shared/text/bidi';
import { PersonName } from '../../ui/PersonName';
import { VoteProjector } from './VoteProjector';
import { PacedControls, PacedView, type Paced } from './PacedQuestion';
import { Qr } from './Qr';
import { RevoteFields } from './RevoteFields';
import { RoundsView } from './RoundsView';
import { revoteSpec, roundLeaves, type RevoteChoice } from './revote';
import { openRoundRecord, allCells } from '../../../shared/model/round-history';
import { useWorkshop } from '../../store/workshop';
import i18next from 'i18next';

const bothLanguages = (entity: { name: Name }, kind: 'candidate' | 'criterion', i: number) => ({
  'zh-CN': displayName(entity, 'zh-CN', kind, i),
  en: displayName(entity, 'en', kind, i),
});

/** The toolbar button: opens the room-vote panel (a dot while a round is open). */
export function RoomVoteButton() {
  const { t } = useTranslation();
  const panel = useRoom((s) => s.votePanel);
  const open = useRoom((s) => s.round?.state === 'open');
  return (
    <button
      type="button"
      className="btn"
      aria-expanded={panel}
      aria-controls="room-vote"
      onClick={() => (panel ? useRoom.getState().closeVotePanel() : useRoom.getState().openVotePanel('scores'))}
    >
      {t('roomVote.button')}
      {open && <span className="vote-dot" aria-label={t('roomVote.isOpen')} />}
    </button>
  );
}

/** Room vote: open a round, the join screen for the projector, the live progress board. */
export function RoomVotePanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const round = useRoom((s) => s.round);
  const error = useRoom((s) => s.voteError);
  const ask = useRoom((s) => s.ask);
  const unreadJournal = useRoom((s) => s.unreadJournal);
  // Asked for a pairwise-only round (the AHP panel's button) while the last round is closed: its form.
  const [configuring, setConfiguring] = useState(() => ask === 'pairwise' && round?.state === 'closed');
  const onNewRound = useCallback(() => setConfiguring(true), []);
  const [asked, setAsked] = useState(ask);
  if (asked !== ask) {
    setAsked(ask);
    if (ask === 'pairwise' && round?.state === 'closed') setConfiguring(true);
  }
  const focusCell = useRoom((s) => s.focusCell);
  // "Re-vote this cell" with no round to take the address and the people from: the form, asking only that cell.
  const [revoteFor, setRevoteFor] = useState<CellRef | null>(null);
  const onRevote = useCallback(
    (cell: CellRef) => {
      const address = round ? addressOf(round.url) : '';
      if (round?.state !== 'closed' || !address) {
        setRevoteFor(cell);
        setConfiguring(true);
        return;
      }
      // One click: everyone who votes (not the measured-data participants), on the last round's listener, blind as it was.
      const data = dataParticipants(doc);
      const invited = doc.participants.filter((p) => !data.has(p.id)).map((p) => p.id);
      openRound(doc, { invited, blind: round.blind, pairwiseOnly: false, ahp: false, address, choice: cellRevote(cell) }).then(
        () => setConfiguring(false),
        (err: Error) => useRoom.getState().voteFailed(err.message),
      );
    },
    [doc, round],
  );
  const showForm = configuring || !round;
  return (
    <section id="room-vote" className="room-vote" aria-labelledby="room-vote-h">
      <div className="vote-head">
        <h2 id="room-vote-h">{t('roomVote.title')}</h2>
        <button type="button" className="btn btn-small" onClick={() => useRoom.getState().closeVotePanel()}>
          {t('roomVote.hide')}
        </button>
      </div>
      {error && (
        <p className="vote-error" role="alert">
          {error}
        </p>
      )}
      {!round && unreadJournal && <JournalReport journal={unreadJournal} names={new Map()} />}
      {showForm ? (
        <OpenRoundForm
          key={`${ask}|${revoteFor ? `${revoteFor.candidateId}|${revoteFor.criterionId}` : ''}`}
          doc={doc}
          ask={ask}
          revoteFor={revoteFor}
          onOpened={() => {
            setConfiguring(false);
            setRevoteFor(null);
          }}
          onCancel={
            round
              ? () => {
                  setConfiguring(false);
                  setRevoteFor(null);
                }
              : undefined
          }
        />
      ) : (
        <RoundView workshopId={doc.id} round={round} onNewRound={onNewRound} />
      )}
      {focusCell && (
        <UnlessBlind>
          <CellFocusView doc={doc} onRevote={onRevote} />
        </UnlessBlind>
      )}
      {round && <VoteProjector doc={doc} round={round} />}
      <RoundsView doc={doc} />
    </section>
  );
}

/** What a new round asks and of whom, as the form (or "re-vote this cell") chose it. */
interface RoundChoice {
  invited: readonly string[];
  blind: boolean;
  pairwiseOnly: boolean;
  ahp: boolean;
  address: string;
  choice: RevoteChoice;
  /** Facilitator-paced: one question to the whole room at a time. */
  paced?: boolean;
}

/** Opens a round on the listener and records it in the round history: the one open-round path (the form, "re-vote this cell"). */
async function openRound(doc: WorkshopDoc, { invited, blind, pairwiseOnly, ahp, address, choice, paced = false }: RoundChoice): Promise<void> {
  const spec: RoundSpecInput = {
    workshopId: doc.id,
    title: doc.meta.title,
    lang: doc.meta.lang,
    scale: doc.scale,
    // The one name of each (typed, or the default in each language): the ballot shows it in the participant's language.
    criteria: doc.criteria.map((c, i) => ({
      id: c.id,
      name: bothLanguages(c, 'criterion', i),
      focusPoints: c.focusPoints.slice(0, ROUND_LIMITS.focusPoints),
      // A dimension scored at its focus points: the devices score each focus point (a paced question on such a cell asks them together).
      ...(pairwiseOnly ? {} : { leaves: roundLeaves(doc, c.id) }),
    })),
    // A pairwise-only round shows the devices no candidate.
    candidates: pairwiseOnly ? [] : doc.candidates.map((c, i) => ({ id: c.id, name: bothLanguages(c, 'candidate', i) })),
    participants: doc.participants.filter((p) => invited.includes(p.id)).map((p) => ({ id: p.id, name: p.name })),
    ahp: ahp || pairwiseOnly,
    blind,
    paced,
    ...(pairwiseOnly ? {} : revoteSpec(doc, invited, choice)),
  };
  const round = await api.call('session.open', { spec, address: address.trim(), port: 0 });
  // The round's record in the history (round-history.ts): what it asks and the group's view before it.
  const cells = pairwiseOnly ? [] : (spec.cells ?? allCells(doc));
  const no = (doc.rounds.at(-1)?.no ?? 0) + 1;
  useWorkshop.getState().edit(i18next.t('roomVote.undo.roundOpened', { no }), (d) =>
    openRoundRecord(
      d,
      {
        roundId: round.roundId,
        kind: pairwiseOnly ? 'pairwise' : ahp ? 'both' : 'scores',
        openedAt: new Date().toISOString(),
        participants: spec.participants.map((p) => p.id),
        cells,
        revote: { fromPrevious: choice.fromPrevious, showPrevious: choice.showPrevious, onlyCells: choice.onlyCells && choice.picked.length > 0 },
      },
      judgedNow(d).judged,
    ),
  );
  if (blind) useRoom.getState().setBlind(doc.id, true);
  useRoom.getState().roundStarted(round);
}

/** A re-vote of one cell (Delphi): each device starts from its owner's answer, with the group's median and spread beside it. */
const cellRevote = (cell: CellRef): RevoteChoice => ({ fromPrevious: true, showPrevious: true, onlyCells: true, picked: [cell] });

/** The listener address of a round, from its URL (an IPv6 host without its brackets). */
function addressOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return '';
  }
}

function OpenRoundForm({
  doc,
  ask,
  revoteFor,
  onOpened,
  onCancel,
}: {
  doc: WorkshopDoc;
  ask: 'scores' | 'pairwise';
  /** "Re-vote this cell": the form starts asking only this cell, from each participant's answer. */
  revoteFor: CellRef | null;
  onOpened: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [interfaces, setInterfaces] = useState<NetworkInterfaceInfo[]>([]);
  const [address, setAddress] = useState('');
  // Everyone is invited, except participants that stand for measured data (nobody votes for them).
  const [invited, setInvited] = useState<Set<string>>(() => {
    const data = dataParticipants(doc);
    return new Set(doc.participants.filter((p) => !data.has(p.id)).map((p) => p.id));
  });
  const [blind, setBlindChoice] = useState(true);
  const [paced, setPaced] = useState(false);
  const [scores, setScores] = useState(ask === 'scores' || revoteFor !== null);
  const [ahp, setAhp] = useState(ask === 'pairwise' && revoteFor === null);
  const pairwiseOnly = !scores;
  const [busy, setBusy] = useState(false);
  const [revote, setRevote] = useState<RevoteChoice>(() =>
    revoteFor ? cellRevote(revoteFor) : { fromPrevious: false, showPrevious: false, onlyCells: false, picked: [] },
  );
  const canRevote = scores && (doc.scores.some((s) => s.value !== null) || doc.leafScores.some((s) => s.value !== null));
  const choice: RevoteChoice = canRevote ? revote : { fromPrevious: false, showPrevious: false, onlyCells: false, picked: [] };
  const listId = useId();
  useEffect(() => {
    let live = true;
    void api
      .call('session.interfaces', {})
      .then((list) => {
        if (!live) return;
        setInterfaces(list);
        setAddress((a) => a || (list.find((i) => !i.internal) ?? list[0])?.address || '');
      })
      .catch((err: Error) => useRoom.getState().voteFailed(err.message));
    return () => {
      live = false;
    };
  }, []);
  if (doc.participants.length === 0) return <p className="empty">{t('roomVote.noParticipants')}</p>;
  // Who is invited and already has answers the round asks for: their devices start empty.
  const answered = doc.participants
    .filter((p) => invited.has(p.id))
    .filter(
      (p) =>
        (scores && !choice.fromPrevious && doc.scores.some((s) => s.participantId === p.id && s.value !== null)) ||
        ((ahp || pairwiseOnly) &&
          doc.weighting.ahp.some((a) => a.participantId === p.id && a.matrix.some((row, i) => row.some((v, j) => i !== j && v !== null)))),
    )
    .map((p) => p.name);
  const submit = async () => {
    setBusy(true);
    try {
      await openRound(doc, { invited: [...invited], blind, pairwiseOnly, ahp, address, choice, paced });
      onOpened();
    } catch (err) {
      useRoom.getState().voteFailed((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="vote-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset>
        <legend>{t('roomVote.asked')}</legend>
        <Check checked={scores} onChange={setScores}>
          {t('roomVote.askScores', { min: doc.scale.min, max: doc.scale.max })}
        </Check>
        <Check checked={ahp || pairwiseOnly} disabled={pairwiseOnly} onChange={setAhp}>
          {t(pairwiseOnly ? 'roomVote.askAhpOnly' : 'roomVote.askAhp')}
        </Check>
        {pairwiseOnly && doc.criteria.length < 2 && <p className="hint">{t('roomVote.pairsNeedTwo')}</p>}
      </fieldset>
      <fieldset>
        <legend>{t('roomVote.invited')}</legend>
        {doc.participants.map((p) => (
          <Check
            key={p.id}
            checked={invited.has(p.id)}
            onChange={(on) => {
              const next = new Set(invited);
              if (on) next.add(p.id);
              else next.delete(p.id);
              setInvited(next);
            }}
          >
            <PersonName name={p.name} />
          </Check>
        ))}
      </fieldset>
      {answered.length > 0 && (
        <p className="hint" role="note" data-testid="vote-starts-empty">
          {t('roomVote.startsEmpty', { names: answered.join(t('roomVote.listSep')) })}
        </p>
      )}
      {canRevote && <RevoteFields doc={doc} choice={revote} onChange={setRevote} />}
      <Check checked={blind} onChange={setBlindChoice}>
        {t('roomVote.blind')}
      </Check>
      <Check checked={paced} onChange={setPaced}>
        {t('roomVote.paced.ask')}
      </Check>
      <p className="hint">{t('roomVote.paced.askHint')}</p>
      <label className="vote-address">
        {t('roomVote.address')}
        <input value={address} onChange={(e) => setAddress(e.target.value)} list={listId} required spellCheck={false} />
        <datalist id={listId}>
          <Options items={interfaces} value={(i) => i.address} label={(i) => `${i.name}${i.internal ? ` (${t('roomVote.loopback')})` : ''}`} />
        </datalist>
      </label>
      <p className="hint">{t('roomVote.addressHint')}</p>
      <div className="vote-actions">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={
            busy || invited.size === 0 || !address.trim() || (pairwiseOnly && doc.criteria.length < 2) || (choice.onlyCells && choice.picked.length === 0)
          }
        >
          {t('roomVote.open')}
        </button>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            {t('roomVote.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** The join screen and the board: renders when the round's status changes, not on every edit of the document. */
const RoundView = memo(function RoundView({ workshopId, round, onNewRound }: { workshopId: string; round: RoundStatus; onNewRound: () => void }) {
  const { t } = useTranslation();
  const open = round.state === 'open';
  const joinUrl = `${round.url}#c=${round.joinCode}`;
  const submitted = round.participants.filter((p) => p.submitted).length;
  const projectNames = useRoom((s) => s.projectNames);
  return (
    <div className="vote-round" data-state={round.state}>
      <div className="vote-actions">
        {round.blind && !round.revealed && (
          <button type="button" className="btn btn-primary" onClick={() => void roundAction(workshopId, 'session.reveal')}>
            {t('roomVote.reveal')}
          </button>
        )}
        <button type="button" className="btn" onClick={() => useRoom.getState().setProjecting(true)}>
          {t('roomVote.project')}
        </button>
        {open ? (
          <button type="button" className="btn" onClick={() => void roundAction(workshopId, 'session.close')}>
            {t('roomVote.close')}
          </button>
        ) : (
          <>
            <button type="button" className="btn" onClick={() => void roundAction(workshopId, 'session.reopen')}>
              {t('roomVote.reopen')}
            </button>
            <button type="button" className="btn" onClick={onNewRound}>
              {t('roomVote.newRound')}
            </button>
          </>
        )}
      </div>
      <Check checked={projectNames} onChange={(on) => useRoom.getState().setProjectNames(on)}>
        {t('roomVote.projectNames')}
      </Check>
      <p className="vote-state" role="status">
        {round.paced
          ? t(open ? 'roomVote.stateOpenPaced' : 'roomVote.stateClosedPaced', { submitted, total: round.participants.length })
          : t(open ? 'roomVote.stateOpen' : 'roomVote.stateClosed', { submitted, total: round.participants.length })}
        {round.blind && (round.revealed ? ` ${t('roomVote.revealed')}` : ` ${t('roomVote.blindOn')}`)}
        {!round.https && open && ` ${t('roomVote.plainHttp')}`}
      </p>
      {round.paced && <PacedBoard workshopId={workshopId} paced={round.paced} open={open} invited={round.participants.length} />}
      {round.journal && (round.journal.problems.length > 0 || round.journal.writeFailures > 0) && (
        <JournalReport journal={round.journal} names={new Map(round.participants.map((p) => [p.id, p.name]))} />
      )}
      {open && round.listenProblem && <ListenProblemPanel workshopId={workshopId} problem={round.listenProblem} />}
      {open && !round.listenProblem && (
        <div className="vote-join" aria-label={t('roomVote.joinScreen')}>
          <Qr text={joinUrl} label={t('roomVote.qr', { url: round.url })} />
          <div>
            <p className="vote-big-label">{t('roomVote.openAddress')}</p>
            <p className="vote-url" data-testid="vote-url">
              {round.url}
            </p>
            <p className="vote-big-label">{t('roomVote.code')}</p>
            <p className="vote-code" data-testid="vote-code">
              {round.joinCode}
            </p>
          </div>
        </div>
      )}
      <table className="vote-board">
        <caption>{t('roomVote.board')}</caption>
        <TableHead
          cols={[
            t('roomVote.col.name'),
            t('roomVote.col.joined'),
            round.candidates.length === 0 ? t('roomVote.col.pairs') : t('roomVote.col.cells'),
            t('roomVote.col.submitted'),
            t('roomVote.col.link'),
            { label: t('roomVote.col.actions'), hidden: true },
          ]}
        />
        <tbody>
          {round.participants.map((p) => (
            <BoardRow key={p.id} workshopId={workshopId} p={p} open={open} paced={!!round.paced} awayAfterS={round.awayAfterS} />
          ))}
        </tbody>
      </table>
      {open && <p className="hint">{t('roomVote.awayNote', { seconds: round.awayAfterS })}</p>}
    </div>
  );
});

/** An open round that cannot listen where its links point: why, and this machine's interfaces to move it to. */
function ListenProblemPanel({ workshopId, problem }: { workshopId: string; problem: NonNullable<RoundStatus['listenProblem']> }) {
  const { t } = useTranslation();
  const choices = problem.interfaces.filter((i) => !i.internal).concat(problem.interfaces.filter((i) => i.internal));
  const [address, setAddress] = useState(choices[0]?.address ?? '');
  const id = useId();
  return (
    <div className="vote-problem" role="alert">
      {problem.restarts === undefined ? (
        <p>{t(`roomVote.listenProblem.${problem.reason}`)}</p>
      ) : (
        <p>
          {t('roomVote.listenProblem.stopped', { count: problem.restarts })}{' '}
          <button type="button" className="btn btn-primary" onClick={() => void roundAction(workshopId, 'session.reopen')}>
            {t('roomVote.listenProblem.listenAgain')}
          </button>
        </p>
      )}
      {choices.length > 0 && (
        <p>
          <label htmlFor={id}>{t('roomVote.listenProblem.moveTo')}</label>{' '}
          <select id={id} value={address} onChange={(e) => setAddress(e.target.value)}>
            {choices.map((i) => (
              <option key={i.address} value={i.address}>
                {`${i.name} ${i.address}${i.internal ? ` (${t('roomVote.loopback')})` : ''}`}
              </option>
            ))}
          </select>{' '}
          <button type="button" className="btn btn-primary" disabled={!address} onClick={() => void moveRound(workshopId, address)}>
            {t('roomVote.listenProblem.move')}
          </button>
        </p>
      )}
    </div>
  );
}

/**
 * What recovery found in the round's journal (each damaged record skipped, a torn tail cut into
 * a side file) and the writes that failed (those participants were told "not saved").
 */
function JournalReport({ journal, names }: { journal: JournalHealth; names: Map<string, string> }) {
  const { t } = useTranslation();
  const kind = (k: JournalProblem['kind']) =>
    ({
      'torn-tail': t('roomVote.journal.tornTail'),
      'corrupt-record': t('roomVote.journal.corruptRecord'),
      'bad-record': t('roomVote.journal.badRecord'),
      'header-recovered': t('roomVote.journal.headerRecovered'),
      'no-round': t('roomVote.journal.noRound'),
    })[k];
  const failure = journal.lastWriteFailure;
  return (
    <div className="vote-journal" role="status" data-testid="vote-journal">
      {journal.problems.length > 0 && (
        <>
          <p>{t('roomVote.journal.recovered', { count: journal.problems.length })}</p>
          <ul>
            {journal.problems.map((p, i) => (
              <li key={i} data-kind={p.kind}>
                {kind(p.kind)}
                {p.line > 0 && ` ${t('roomVote.journal.line', { line: p.line })}`}
                {p.participantId && ` ${t('roomVote.journal.who', { name: names.get(p.participantId) ?? p.participantId })}`}
                {p.rev !== undefined && ` ${t('roomVote.journal.rev', { rev: p.rev })}`}
                {p.sideFile && ` ${t('roomVote.journal.sideFile', { file: p.sideFile })}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {failure && (
        <p className="vote-error" data-testid="vote-write-failure">
          {t(failure.code === 'storage_full' ? 'roomVote.journal.diskFull' : 'roomVote.journal.writeFailed', {
            count: journal.writeFailures,
            time: new Date(failure.at).toLocaleTimeString(),
            name: failure.participantId ? (names.get(failure.participantId) ?? failure.participantId) : '—',
          })}
        </p>
      )}
    </div>
  );
}

type BoardParticipant = ParticipantProgress;

/** One participant's row of the board: re-rendered only when that participant's progress changes. */
const BoardRow = memo(
  function BoardRow({
    workshopId,
    p,
    open,
    paced,
    awayAfterS,
  }: {
    workshopId: string;
    p: BoardParticipant;
    open: boolean;
    paced: boolean;
    awayAfterS: number;
  }) {
    const { t } = useTranslation();
    // In a paced round each answer is stored as a submission, yet the participant goes on answering the next questions.
    const state = paced && open && p.state === 'submitted' ? 'answering' : p.state;
    return (
      <tr data-participant={p.id}>
        <th scope="row">
          <PersonName name={p.name} className="vote-name" />
        </th>
        <td data-col="joined" data-state={state}>
          {t(`roomVote.state.${state}`, { seconds: awayAfterS })}
          {p.conflict && (
            <strong className="vote-conflict" role="note">
              {' '}
              {t('roomVote.conflict')}
            </strong>
          )}
        </td>
        <td data-col="cells">
          <progress max={p.cells} value={p.filled} aria-hidden="true" /> {t('roomVote.cells', { filled: p.filled, cells: p.cells })}
        </td>
        <td data-col="submitted">
          {p.submitted && paced
            ? t('roomVote.answersSent')
            : p.submitted
              ? p.rev > 1
                ? t('roomVote.submittedRev', { rev: p.rev })
                : t('roomVote.submitted')
              : '—'}
        </td>
        <td>
          <details>
            <summary>{t('roomVote.personalLink')}</summary>
            <input
              className="vote-link"
              readOnly
              value={p.link}
              aria-label={t('roomVote.personalLinkOf', { name: stripBidi(p.name) })}
              onFocus={(e) => e.target.select()}
            />
          </details>
        </td>
        <td>{p.joined && open && <FreeName workshopId={workshopId} p={p} />}</td>
      </tr>
    );
  },
  (a, b) => a.workshopId === b.workshopId && a.open === b.open && a.awayAfterS === b.awayAfterS && sameParticipant(a.p, b.p),
);

/**
 * "Free name". When the name's ballot was entered on the device that picked it by code, the
 * facilitator first chooses: keep that ballot, or set it aside (it leaves the round).
 */
function FreeName({ workshopId, p }: { workshopId: string; p: BoardParticipant }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const name = stripBidi(p.name);
  if (!asking)
    return (
      <button
        type="button"
        className={p.conflict ? 'btn btn-small btn-primary' : 'btn btn-small'}
        onClick={() => (p.byCode ? setAsking(true) : void freeName(workshopId, p.id))}
      >
        {t('roomVote.free')}
      </button>
    );
  const choose = (setAside: boolean) => {
    setAsking(false);
    void freeName(workshopId, p.id, setAside);
  };
  return (
    <div className="vote-free-ask" role="group" aria-label={t('roomVote.free')}>
      <p>{t('roomVote.freeBallot.ask', { name })}</p>
      <p className="vote-free-note">{t('roomVote.freeBallot.note', { name })}</p>
      <button type="button" className="btn btn-small" onClick={() => choose(false)}>
        {t('roomVote.freeBallot.keep')}
      </button>{' '}
      <button type="button" className="btn btn-small btn-primary" onClick={() => choose(true)}>
        {t('roomVote.freeBallot.setAside')}
      </button>{' '}
      <button type="button" className="btn btn-small" onClick={() => setAsking(false)}>
        {t('roomVote.freeBallot.cancel')}
      </button>
    </div>
  );
}

function sameParticipant(a: BoardParticipant, b: BoardParticipant): boolean {
  const ka = Object.keys(a) as (keyof BoardParticipant)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** The paced round on the board: the question, its answers once revealed, and the controls (the document gives the names). */
function PacedBoard({ workshopId, paced, open, invited }: { workshopId: string; paced: Paced; open: boolean; invited: number }) {
  const { t } = useTranslation();
  const doc = useWorkshop((s) => s.doc);
  if (!doc) return null;
  return (
    <section className="paced-board" aria-label={t('roomVote.paced.title')}>
      <h3 className="small-h">{t('roomVote.paced.title')}</h3>
      <PacedView doc={doc} paced={paced} invited={invited} />
      <PacedControls workshopId={workshopId} paced={paced} open={open} />
    </section>
  );
}
