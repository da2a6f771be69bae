import { TableHead } from '../../ui/TableHead';
import { Options } from '../../ui/Options';
import { Check } from '../../ui/Check';
import { useMemo, useState } from 'react';
import { dataParticipants } from '../../../shared/model/edits/metrics';
import { useTranslation } from 'react-i18next';
import { ahpGroupRequest, ahpUncounted, displayName, type WorkshopDoc } from '../../../shared/model';
import type { ResponseOf } from '../../../shared/contract';
import {
  answeredPairCount,
  connectingPair,
  equalAsUnanswered,
  judgmentMatrix,
  judgmentOfStep,
  judgmentPairs,
  pairsTracked,
  setAhpAggregation,
  setJudgment,
  stepOfJudgment,
  SAATY_STEPS,
} from '../../../shared/model/edits/ahp-edit';
import { adoptWeights } from '../../../shared/model/edits/weights-edit';
import { nowIso } from '../../../shared/model/ids';
import { useDerived, type Derived } from '../../api/derived';
import { currentLang } from '../../i18n';
import { useWorkshop } from '../../store/workshop';
import { openPairwiseRound } from '../../store/roomVote';
import { useRoom } from '../../store/room';
import { useNativeChange } from './useCommit';
import { Inconsistencies } from './AhpInconsistencies';

/** Saaty's consistency limit: a CR above 0.1 means the judgments contradict each other too much. */
export const CR_LIMIT = 0.1;
/** Saaty's compatibility limit: a participant's index above 1.1 means their judgments do not fit the group weights. */
const COMPATIBILITY_LIMIT = 1.1;

const pairId = (i: number, j: number) => `ahp-pair-${i}-${j}`;

type AhpAnswer = ResponseOf<'engine.ahp'>;
type AhpGroupRequest = NonNullable<ReturnType<typeof ahpGroupRequest>>;

/**
 * AHP pairwise comparison per participant, with pairs left unanswered allowed (the engine's
 * incomplete AHP): how many pairs are answered, the minimum for weights (n − 1 connecting
 * pairs), the next pair to ask, consistency with the top-3 inconsistencies, and the group
 * weights (AIJ or AIP) with the consensus S* and each participant's CR and compatibility.
 */
export function AhpPanel({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const edit = useWorkshop((s) => s.edit);
  // The first person (not a participant standing for measured data) is the judge shown first.
  const [who, setWho] = useState(() => {
    const data = dataParticipants(doc);
    return (doc.participants.find((p) => !data.has(p.id)) ?? doc.participants[0])?.id ?? '';
  });
  const [onlyMissing, setOnlyMissing] = useState(false);
  const blind = useRoom((s) => s.blind);
  const crMethod = useRoom((s) => s.crMethod);
  const participant = doc.participants.find((p) => p.id === who) ?? doc.participants[0];
  const n = doc.criteria.length;
  const labels = useMemo(() => doc.criteria.map((c, i) => displayName(c, lang, 'criterion', i).slice(0, 200)), [doc.criteria, lang]);
  const matrix = useMemo(() => (participant ? judgmentMatrix(doc, participant.id) : []), [doc, participant]);
  const linking = useMemo(() => connectingPair(matrix), [matrix]);
  const answered = answeredPairCount(matrix);
  // The engine gives weights only once the answered pairs connect all criteria.
  const ownReq = useMemo(() => (n >= 2 && n <= 15 && participant && !linking ? { matrix, labels } : null), [n, participant, matrix, linking, labels]);
  const own = useDerived('engine.ahp', blind ? null : ownReq);
  const group = useMemo(() => ahpGroupRequest(doc, lang), [doc, lang]);
  // Only participants whose pairs link all criteria are in the group (ahpJudges): the others are named apart.
  const uncounted = useMemo(() => ahpUncounted(doc), [doc]);
  const groupAnswer = useDerived('engine.ahp', group && !blind ? group.request : null);

  if (doc.participants.length === 0) return <p className="empty">{t('room.scoring.noParticipants')}</p>;
  if (n < 2 || n > 15) return <p className="empty">{t('room.ahp.size')}</p>;
  // Blind: like the scores, nobody's judgments, weights or consistency reach the page before the reveal.
  if (blind) return <BlindAhp doc={doc} />;
  const pid = participant!.id;
  const name = (i: number) => labels[i];
  const total = (n * (n - 1)) / 2;
  const result = own.value && ownReq ? own.value : null;
  const cr = (crMethod === 'alonso-lamata' ? result?.crAlonsoLamata : result?.cr) ?? null;
  // Harker's next pair only from the answer for these judgments: while it is pending the last one is
  // the pair just answered, and "Go to this pair" would lead back to it.
  const next: [number, number] | null = linking ?? (own.current ? result?.nextPair : null) ?? null;
  // The most inconsistent judgment is marked "worst", the next two "flagged".
  const flagged = new Map<string, 'worst' | 'flagged'>(
    (result && cr !== null && cr > 0.0005 ? result.inconsistencies : []).map((x, k) => [`${x.i}-${x.j}`, k === 0 ? 'worst' : 'flagged']),
  );
  const setPair = (i: number, j: number, value: number | null) =>
    edit(t('room.undo.judgment'), (d) => setJudgment(d, pid, d.criteria[i].id, d.criteria[j].id, value));
  const goTo = (i: number, j: number) => {
    setOnlyMissing(false);
    requestAnimationFrame(() => {
      const el = document.getElementById(pairId(i, j));
      el?.scrollIntoView({ block: 'center' });
      el?.focus();
    });
  };

  return (
    <div className="ahp">
      <p className="muted small">{t('room.ahp.intro')}</p>
      <AhpHead doc={doc} pid={pid} cr={cr} alonsoLamata={crMethod === 'alonso-lamata'} linking={linking !== null} onWho={setWho} />
      {!pairsTracked(doc, pid) && <LegacyNote pid={pid} />}
      <AhpProgress answered={answered} total={total} n={n} name={name} linking={linking} next={next} onGo={goTo} />
      {result && cr !== null && cr > 0.0005 && result.inconsistencies.length > 0 && (
        <Inconsistencies items={result.inconsistencies} name={name} onApply={setPair} />
      )}
      <Check className="inline-label small" checked={onlyMissing} onChange={setOnlyMissing}>
        {t('room.ahp.onlyMissing')}
      </Check>
      <ul className="pairs">
        {judgmentPairs(n)
          .filter(([i, j]) => !onlyMissing || matrix[i][j] === null)
          .map(([i, j]) => (
            <PairRow
              key={`${i}-${j}`}
              id={pairId(i, j)}
              a={name(i)}
              b={name(j)}
              value={matrix[i][j]}
              highlight={flagged.get(`${i}-${j}`) ?? null}
              next={next !== null && next[0] === i && next[1] === j}
              onCommit={(v) => setPair(i, j, v)}
            />
          ))}
      </ul>
      <AhpGroup doc={doc} group={group} answer={groupAnswer} uncounted={uncounted} name={name} total={total} />
    </div>
  );
}

/** Whose judgments are shown, their consistency ratio, and the room's pairwise round. */
function AhpHead({
  doc,
  pid,
  cr,
  alonsoLamata,
  linking,
  onWho,
}: {
  doc: WorkshopDoc;
  pid: string;
  cr: number | null;
  alonsoLamata: boolean;
  linking: boolean;
  onWho: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ahp-head">
      <label className="inline-label">
        {t('room.ahp.participant')}
        <select className="input" value={pid} onChange={(e) => onWho(e.target.value)}>
          <Options items={doc.participants} label={(p) => p.name} />
        </select>
      </label>
      <p className={cr !== null && cr > CR_LIMIT ? 'cr cr-bad' : 'cr'} role="status" data-testid="ahp-cr">
        {linking ? '' : cr === null ? t('room.ahp.crNone') : t(alonsoLamata ? 'room.ahp.crAL' : 'room.ahp.cr', { cr: cr.toFixed(3) })}{' '}
        {!linking && cr !== null && (cr > CR_LIMIT ? t('room.ahp.crHigh') : t('room.ahp.crOk'))}
      </p>
      <label className="inline-label">
        {t('room.ahp.crMethod')}
        <select
          className="input"
          value={alonsoLamata ? 'alonso-lamata' : 'saaty'}
          onChange={(e) => useRoom.getState().setCrMethod(e.target.value === 'alonso-lamata' ? 'alonso-lamata' : 'saaty')}
        >
          <option value="saaty">{t('room.ahp.crSaaty')}</option>
          <option value="alonso-lamata">{t('room.ahp.crAlonsoLamata')}</option>
        </select>
      </label>
      <button type="button" className="btn" onClick={openPairwiseRound}>
        {t('roomVote.pairwiseRound')}
      </button>
    </div>
  );
}

/** Judgments from before unanswered pairs were tracked: "Equal" may mean "not asked"; one click says so. */
function LegacyNote({ pid }: { pid: string }) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  return (
    <div className="ahp-note" role="note" data-testid="ahp-legacy">
      <p>{t('room.ahp.legacy')}</p>
      <button type="button" className="btn btn-small" onClick={() => edit(t('room.undo.equalAsUnanswered'), (d) => equalAsUnanswered(d, pid))}>
        {t('room.ahp.legacyFix')}
      </button>
    </div>
  );
}

/** How many pairs are answered, whether that is enough, and the next pair to ask with a way to it. */
function AhpProgress({
  answered,
  total,
  n,
  name,
  linking,
  next,
  onGo,
}: {
  answered: number;
  total: number;
  n: number;
  name: (i: number) => string;
  linking: [number, number] | null;
  next: [number, number] | null;
  onGo: (i: number, j: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ahp-progress" data-testid="ahp-progress" aria-live="polite">
      <p>{t('room.ahp.progress', { answered, total, min: n - 1 })}</p>
      {linking ? (
        <p className="ahp-missing">{t('room.ahp.disconnected', { name: name(linking[1]) })}</p>
      ) : answered < total ? (
        <p>{t('room.ahp.enough')}</p>
      ) : (
        <p>{t('room.ahp.complete')}</p>
      )}
      {next && (
        <p className="ahp-next" data-testid="ahp-next">
          {t('room.ahp.next', { a: name(next[0]), b: name(next[1]) })}{' '}
          <span className="muted small">{linking ? t('room.ahp.nextConnect', { name: name(linking[1]) }) : t('room.ahp.nextHarker')}</span>{' '}
          <button type="button" className="btn btn-small" onClick={() => onGo(next[0], next[1])}>
            {t('room.ahp.goNext')}
          </button>
        </p>
      )}
    </div>
  );
}

/** The group: AIJ or AIP, the group weights with consensus and CR, each judge, and "Use these weights". */
function AhpGroup({
  doc,
  group,
  answer,
  uncounted,
  name,
  total,
}: {
  doc: WorkshopDoc;
  group: AhpGroupRequest | null;
  answer: Derived<AhpAnswer>;
  uncounted: readonly string[];
  name: (i: number) => string;
  total: number;
}) {
  const { t } = useTranslation();
  const edit = useWorkshop((s) => s.edit);
  const person = new Map(doc.participants.map((p) => [p.id, p.name]));
  const g = answer.value && group ? answer.value : null;
  const notCounted = uncounted.length > 0 && (
    <p className="muted small" data-testid="ahp-uncounted">
      {t('room.ahp.uncounted', { names: uncounted.map((id) => person.get(id) ?? id).join(', ') })}
    </p>
  );
  return (
    <div className="ahp-group">
      <h3 className="small-h" data-testid="ahp-group-count">
        {t('room.ahp.group', { count: group?.participantIds.length ?? 0 })}
      </h3>
      <fieldset className="ahp-aggregation">
        <legend>{t('room.ahp.aggregation')}</legend>
        {(['aij', 'aip'] as const).map((a) => (
          <Check
            key={a}
            type="radio"
            name="ahp-aggregation"
            className="inline-label small"
            checked={doc.weighting.ahpAggregation === a}
            onChange={() => edit(t('room.undo.ahpAggregation'), (d) => setAhpAggregation(d, a))}
          >
            {t(`room.ahp.${a}`)}
          </Check>
        ))}
      </fieldset>
      {g && group ? (
        <>
          <p className="muted small" aria-busy={!answer.current}>
            {doc.criteria.map((_, i) => `${name(i)} ${(g.weights[i] * 100).toFixed(1)}%`).join(' · ')}
          </p>
          <p className="small" data-testid="ahp-consensus">
            {g.consensus
              ? t('room.ahp.consensus', { s: g.consensus.sStar.toFixed(2), label: t(`room.ahp.consensusLabel.${g.consensus.label}`) })
              : t('room.ahp.consensusNa')}
            {g.cr !== null && ` · ${t('room.ahp.cr', { cr: g.cr.toFixed(3) })}`}
          </p>
          <JudgesTable group={group} answer={g} person={person} total={total} />
          <p className="muted small">{t('room.ahp.compatibilityHelp')}</p>
          {notCounted}
          {/* Weights computed from judgments since changed are not offered until the new answer is in. */}
          <button
            type="button"
            className="btn btn-primary"
            disabled={!answer.current}
            onClick={() => edit(t('room.undo.ahpWeights'), (d) => adoptWeights(d, g.weights, { source: 'ahp' }, nowIso()))}
          >
            {t('room.ahp.use')}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{group ? (answer.error?.message ?? '') : uncounted.length > 0 ? t('room.ahp.noneCounted') : t('room.ahp.noJudges')}</p>
          {notCounted}
        </>
      )}
    </div>
  );
}

/** One row per judge in the group: pairs answered, their CR and their compatibility with the group weights. */
function JudgesTable({ group, answer, person, total }: { group: AhpGroupRequest; answer: AhpAnswer; person: Map<string, string>; total: number }) {
  const { t } = useTranslation();
  return (
    <table className="table ahp-judges" data-testid="ahp-judges">
      <TableHead cols={[t('room.ahp.judge'), t('room.ahp.answered'), t('room.ahp.crShort'), t('room.ahp.compatibility')]} />
      <tbody>
        {group.participantIds.map((id, k) => {
          const mine = answer.individual?.[k] ?? null;
          const c = answer.compatibility?.[k] ?? null;
          return (
            <tr key={id}>
              <th scope="row">{person.get(id) ?? id}</th>
              <td>{t('room.ahp.answeredOf', { answered: answeredPairCount(group.request.matrices[k]), total })}</td>
              <td className={mine?.cr != null && mine.cr > CR_LIMIT ? 'cr-bad' : ''}>
                {mine === null ? t('room.ahp.tooFew') : mine.cr === null ? '–' : mine.cr.toFixed(3)}
              </td>
              <td className={c !== null && c > COMPATIBILITY_LIMIT ? 'cr-bad' : ''}>
                {c === null ? '–' : `${c.toFixed(3)} ${c > COMPATIBILITY_LIMIT ? t('room.ahp.incompatible') : t('room.ahp.compatible')}`}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * One pair on Saaty's scale as a slider (left = the first item more), with Equal / Clear.
 * `words`: the strings' namespace — criteria weights ('room.ahp', "more important") or
 * candidates on a dimension ('room.ratings', "better").
 */
export function PairRow({
  id,
  a,
  b,
  value,
  highlight,
  next,
  onCommit,
  words = 'room.ahp',
}: {
  id: string;
  a: string;
  b: string;
  value: number | null;
  highlight: 'worst' | 'flagged' | null;
  next: boolean;
  onCommit: (value: number | null) => void;
  words?: 'room.ahp' | 'room.ratings';
}) {
  const { t } = useTranslation();
  const step = value === null ? 0 : stepOfJudgment(value);
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? step;
  const ref = useNativeChange<HTMLInputElement>((el) => {
    setDraft(null);
    const v = judgmentOfStep(-Number(el.value));
    if (value === null || Math.abs(v - value) > 1e-12) onCommit(v);
  });
  const missing = value === null && draft === null;
  const label = missing
    ? t(`${words}.notAnswered`)
    : shown === 0
      ? t(`${words}.equal`)
      : shown > 0
        ? t(`${words}.more`, { name: a, times: shown + 1 })
        : t(`${words}.more`, { name: b, times: 1 - shown });
  const cls = ['pair', highlight, missing && 'missing', next && 'next'].filter(Boolean).join(' ');
  return (
    <li className={cls} data-answered={value !== null}>
      <span className="pair-a">{a}</span>
      <input
        ref={ref}
        id={id}
        type="range"
        // Left = the first criterion more important, so the slider runs from +8 to −8.
        min={-SAATY_STEPS}
        max={SAATY_STEPS}
        step={1}
        value={-shown}
        aria-label={t(`${words}.pair`, { a, b })}
        aria-valuetext={label}
        onChange={(e) => setDraft(-Number(e.currentTarget.value))}
        dir="ltr"
      />
      <span className="pair-b">{b}</span>
      <span className="pair-value">{label}</span>
      {value === null ? (
        <button type="button" className="btn btn-small" aria-label={t(`${words}.setEqualLabel`, { a, b })} onClick={() => onCommit(1)}>
          {t(`${words}.setEqual`)}
        </button>
      ) : (
        <button type="button" className="btn btn-small" aria-label={t(`${words}.clearLabel`, { a, b })} onClick={() => onCommit(null)}>
          {t(`${words}.clear`)}
        </button>
      )}
    </li>
  );
}

/** The AHP panel in blind mode: how many pairs each participant answered, no value. */
function BlindAhp({ doc }: { doc: WorkshopDoc }) {
  const { t } = useTranslation();
  const n = doc.criteria.length;
  const total = (n * (n - 1)) / 2;
  return (
    <div className="ahp" data-testid="ahp-blind">
      <p className="muted small">{t('room.ahp.intro')}</p>
      <div className="ahp-head">
        <button type="button" className="btn" onClick={openPairwiseRound}>
          {t('roomVote.pairwiseRound')}
        </button>
      </div>
      <p className="room-blind-note" role="status">
        {t('room.ahp.blindHidden')}
      </p>
      <ul className="ahp-blind-list">
        {doc.participants.map((p) => (
          <li key={p.id}>
            {p.name}: {t('room.ahp.blindCount', { answered: answeredPairCount(judgmentMatrix(doc, p.id)), total })}
          </li>
        ))}
      </ul>
    </div>
  );
}
