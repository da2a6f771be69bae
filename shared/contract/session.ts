import { z } from 'zod';
import { defineMethod } from './define';

/**
 * Live sessions ("room votes"): participants score from their own devices over the room's
 * network. Two contracts live here:
 * - the facilitator's methods (`session.*`), part of the app's one contract;
 * - the participant contract (`PARTICIPANT_METHODS`), served only by the session listener
 *   (electron/session), which sees one ballot and nothing else.
 */

/** Limits of one round (the listener refuses anything larger). */
export const ROUND_LIMITS = {
  participants: 100,
  criteria: 30,
  candidates: 20,
  focusPoints: 12,
  /** Focus points of one dimension scored at its focus points (the model's cap). */
  leaves: 50,
  /** Focus points asked in one round, over all its dimensions. */
  roundLeaves: 120,
  rationale: 1000,
  /** Largest participant request body, bytes. */
  body: 256 * 1024,
} as const;

const id = () =>
  z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/, 'may contain only letters, digits and . _ : -');
const text = (max = 1000) => z.string().max(max, `must be at most ${max} characters`);
const localized = (max = 1000) => z.strictObject({ 'zh-CN': text(max), en: text(max) });
const finiteNum = () => z.number().refine(Number.isFinite, { message: 'must be a finite number' });

const cellRef = () => z.strictObject({ candidateId: id(), criterionId: id() });
const MAX_CELLS = ROUND_LIMITS.criteria * ROUND_LIMITS.candidates;
/** One answered cell of a ballot. */
export const BallotCellSchema = z.strictObject({
  candidateId: id(),
  criterionId: id(),
  value: finiteNum().nullable(),
  rationale: text(ROUND_LIMITS.rationale).default(''),
});

const MAX_LEAF_CELLS = ROUND_LIMITS.roundLeaves * ROUND_LIMITS.candidates;
const leafRef = () => z.strictObject({ candidateId: id(), criterionId: id(), leafId: id() });
/**
 * One answered focus point of a ballot: a candidate's score on one focus point of a dimension
 * scored at its focus points, and its rationale when the device gives one (absent: the focus
 * point's rationale stays as it is; '' removes it).
 */
export const BallotLeafSchema = z.strictObject({
  candidateId: id(),
  criterionId: id(),
  leafId: id(),
  value: finiteNum(),
  rationale: text(ROUND_LIMITS.rationale).optional(),
});

/** What a round asks: the part of the workshop a participant's device may see. */
export const RoundSpecSchema = z
  .strictObject({
    workshopId: id(),
    title: text(),
    lang: z.enum(['zh-CN', 'en']),
    scale: z.strictObject({ min: finiteNum(), max: finiteNum() }).refine((s) => s.min < s.max, { message: 'min must be less than max' }),
    criteria: z
      .array(
        z.strictObject({
          id: id(),
          name: localized(),
          focusPoints: z.array(localized()).max(ROUND_LIMITS.focusPoints).default([]),
          /**
           * Present only for a dimension scored at its focus points: the focus points a device
           * scores, one score per focus point per candidate, instead of the dimension's score.
           */
          leaves: z
            .array(z.strictObject({ id: id(), name: localized() }))
            .min(1, 'a dimension scored at its focus points needs at least one focus point')
            .max(ROUND_LIMITS.leaves)
            .optional(),
        }),
      )
      .min(1, 'a round needs at least one criterion')
      .max(ROUND_LIMITS.criteria),
    /** The candidates to score; none: a pairwise-only round (judgments of the criteria, no scores). */
    candidates: z.array(z.strictObject({ id: id(), name: localized() })).max(ROUND_LIMITS.candidates),
    participants: z
      .array(z.strictObject({ id: id(), name: text().min(1) }))
      .min(1, 'invite at least one participant')
      .max(ROUND_LIMITS.participants),
    /** Also ask pairwise (AHP) judgments of the criteria; a participant may skip pairs. */
    ahp: z.boolean().default(false),
    /** Blind: nobody sees a score until the facilitator reveals. */
    blind: z.boolean().default(true),
    /** A re-vote of some cells only (the disputed ones); absent: every cell of the matrix. */
    cells: z.array(cellRef()).min(1).max(MAX_CELLS).optional(),
    /** The group's previous median and spread (scale units) of the cells, shown beside each on every device. */
    previous: z
      .array(z.strictObject({ candidateId: id(), criterionId: id(), median: finiteNum(), spread: finiteNum().min(0) }))
      .max(MAX_CELLS)
      .optional(),
    /**
     * Facilitator-paced: one question (a cell, or a pair) to the whole room at a time. The
     * questions are the round's cells, then its pairs (electron/session/paced.ts); devices show
     * only the current one, the facilitator moves on and reveals (`session.pace`). A cell of a
     * dimension scored at its focus points asks that candidate's focus points together.
     */
    paced: z.boolean().default(false),
    /** Each participant's previous answers: their device starts from them (each device gets only its own). */
    start: z
      .array(
        z.strictObject({
          participantId: id(),
          cells: z.array(BallotCellSchema).max(MAX_CELLS),
          /** Their previous focus-point scores (dimensions scored at their focus points). */
          leafCells: z.array(BallotLeafSchema).max(MAX_LEAF_CELLS).default([]),
        }),
      )
      .max(ROUND_LIMITS.participants)
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.candidates.length === 0 && !s.ahp)
      ctx.addIssue({ code: 'custom', path: ['candidates'], message: 'a round asks scores of at least one candidate, pairwise judgments, or both' });
    if (s.candidates.length === 0 && s.criteria.length < 2)
      ctx.addIssue({ code: 'custom', path: ['criteria'], message: 'a pairwise-only round needs at least two criteria' });
    const crit = new Set(s.criteria.map((c) => c.id));
    const cand = new Set(s.candidates.map((c) => c.id));
    const people = new Set(s.participants.map((p) => p.id));
    const inMatrix = (c: { candidateId: string; criterionId: string }) => crit.has(c.criterionId) && cand.has(c.candidateId);
    const onScale = (v: number | null) => v === null || (v >= s.scale.min && v <= s.scale.max);
    s.cells?.forEach((c, i) => {
      if (!inMatrix(c)) ctx.addIssue({ code: 'custom', path: ['cells', i], message: 'must be a cell of the round' });
    });
    s.previous?.forEach((c, i) => {
      if (!inMatrix(c)) ctx.addIssue({ code: 'custom', path: ['previous', i], message: 'must be a cell of the round' });
    });
    const leaves = new Map(s.criteria.filter((c) => c.leaves).map((c) => [c.id, new Set(c.leaves!.map((l) => l.id))]));
    s.start?.forEach((p, i) => {
      if (!people.has(p.participantId)) ctx.addIssue({ code: 'custom', path: ['start', i, 'participantId'], message: 'must be an invited participant' });
      p.cells.forEach((c, j) => {
        if (!inMatrix(c) || !onScale(c.value))
          ctx.addIssue({ code: 'custom', path: ['start', i, 'cells', j], message: 'must be a cell of the round, on the scale' });
      });
      p.leafCells.forEach((c, j) => {
        if (!inMatrix(c) || !leaves.get(c.criterionId)?.has(c.leafId) || !onScale(c.value))
          ctx.addIssue({ code: 'custom', path: ['start', i, 'leafCells', j], message: 'must be a focus point of a round criterion, on the scale' });
      });
    });
    s.criteria.forEach((c, i) => {
      const seen = new Set<string>();
      c.leaves?.forEach((l, j) => {
        if (seen.has(l.id)) ctx.addIssue({ code: 'custom', path: ['criteria', i, 'leaves', j, 'id'], message: `duplicate focus point id "${l.id}"` });
        seen.add(l.id);
      });
    });
    const leafCount = s.criteria.reduce((n, c) => n + (c.leaves?.length ?? 0), 0);
    if (leafCount > ROUND_LIMITS.roundLeaves)
      ctx.addIssue({ code: 'custom', path: ['criteria'], message: `a round asks at most ${ROUND_LIMITS.roundLeaves} focus points (this one: ${leafCount})` });
    for (const key of ['criteria', 'candidates', 'participants'] as const) {
      const seen = new Set<string>();
      s[key].forEach((x, i) => {
        if (seen.has(x.id)) ctx.addIssue({ code: 'custom', path: [key, i, 'id'], message: `duplicate id "${x.id}"` });
        seen.add(x.id);
      });
    }
  });
export type RoundSpec = z.output<typeof RoundSpecSchema>;

/**
 * One question of a facilitator-paced round: a cell to score, or a pair of criteria to judge (how
 * much more important `a` is than `b`). A cell of a dimension scored at its focus points (the
 * round spec's `criteria[].leaves`) is answered with a score per focus point.
 */
export const PacedQuestionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cell'), candidateId: z.string(), criterionId: z.string() }),
  z.strictObject({ kind: z.literal('pair'), a: z.string(), b: z.string() }),
]);
export type PacedQuestion = z.infer<typeof PacedQuestionSchema>;
/** Most questions a paced round can put: every cell and every pair. */
export const MAX_PACED_QUESTIONS = MAX_CELLS + (ROUND_LIMITS.criteria * (ROUND_LIMITS.criteria - 1)) / 2;
export type RoundSpecInput = z.input<typeof RoundSpecSchema>;

/**
 * One participant's answers. A cell left out is not answered: merged into the workshop it keeps
 * the value it had. A cell the participant emptied on purpose is listed in `cleared` (its score
 * is then removed); a skipped pair is simply absent.
 */
export const BallotSchema = z.strictObject({
  cells: z.array(BallotCellSchema).max(MAX_CELLS),
  /** Cells whose score the participant removed on purpose (emptied the field); unanswered cells are never listed. */
  cleared: z
    .array(z.strictObject({ candidateId: id(), criterionId: id() }))
    .max(ROUND_LIMITS.criteria * ROUND_LIMITS.candidates)
    .default([]),
  /**
   * Focus-point scores (dimensions scored at their focus points), merged like cells: a focus
   * point left out is not answered; one emptied on purpose is listed in `clearedLeaves`.
   */
  leafCells: z.array(BallotLeafSchema).max(MAX_LEAF_CELLS).default([]),
  /** Focus points whose score the participant removed on purpose. */
  clearedLeaves: z.array(leafRef()).max(MAX_LEAF_CELLS).default([]),
  /** Pairwise judgments: how much more important `a` is than `b`, 1/9 … 9. */
  ahp: z
    .array(
      z.strictObject({
        a: id(),
        b: id(),
        value: finiteNum()
          .min(1 / 9 - 1e-9)
          .max(9),
      }),
    )
    .max((ROUND_LIMITS.criteria * (ROUND_LIMITS.criteria - 1)) / 2)
    .default([]),
});
export type Ballot = z.output<typeof BallotSchema>;
export type BallotInput = z.input<typeof BallotSchema>;

// ---------------------------------------------------------------------------------------------
// The participant contract (served by the session listener at `POST /p/<method>`).

const tokenSchema = () => z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'is not a valid token');

export const ParticipantRequestSchemas = {
  /** By personal link (`token`), or by join code: without `participantId` lists the names still free; with it claims that name. */
  join: z.union([
    z.strictObject({ token: tokenSchema() }),
    z.strictObject({
      code: z.string().regex(/^[A-Za-z0-9]{4,12}$/, 'is not a join code'),
      participantId: id().optional(),
    }),
  ]),
  ballot: z.strictObject({}),
  draft: z.strictObject({ ballot: BallotSchema }),
  submit: z.strictObject({ ballot: BallotSchema }),
  /**
   * Is the round open, and the participant's submitted revision. With `wait` (a long poll) an
   * open round answers only when it closes, or after `STATUS_WAIT_MS`: a device learns that the
   * round was closed before the listener stops.
   */
  status: z.strictObject({ wait: z.boolean().optional() }),
  /**
   * A facilitator-paced round: the answer to the question on the room's screen (`index`, which
   * must be the current one, not yet revealed). A cell's score on the scale (`value`), a pair's
   * judgment 1/9 … 9 (`value`), or for a cell of a dimension scored at its focus points a score
   * per focus point of that cell (`leafCells`, every one of them); it joins the participant's
   * earlier answers of the round (a submission).
   */
  answer: z
    .strictObject({
      index: z
        .number()
        .int()
        .min(0)
        .max(MAX_PACED_QUESTIONS - 1),
      value: finiteNum().optional(),
      rationale: text(ROUND_LIMITS.rationale).optional(),
      leafCells: z.array(BallotLeafSchema).min(1).max(ROUND_LIMITS.leaves).optional(),
    })
    .refine((a) => (a.value === undefined) !== (a.leafCells === undefined), {
      message: 'give either value (a cell or a pair) or leafCells (a cell scored at its focus points)',
    }),
} as const;
export { STATUS_WAIT_MS } from './session-wait';
export type ParticipantMethod = keyof typeof ParticipantRequestSchemas;
export const PARTICIPANT_METHODS = Object.keys(ParticipantRequestSchemas) as ParticipantMethod[];

export type JoinResponse = { names: { id: string; name: string }[] } | { token: string; participantId: string };

/**
 * Told to a device when its name is also in use on another one: to the personal link's holder
 * when the name was picked by join code (`via: 'code'`), to the device that picked it by code
 * when the personal link is in use (`via: 'link'`); `at` is when (ISO time). The ballot either
 * sees may then not be their own.
 */
export interface ClaimedElsewhere {
  at: string;
  via: 'code' | 'link';
}

/** What a participant's device receives: the round's questions and their own ballot only. */
export interface BallotResponse {
  roundId: string;
  title: string;
  lang: 'zh-CN' | 'en';
  scale: { min: number; max: number };
  criteria: RoundSpec['criteria'];
  candidates: RoundSpec['candidates'];
  ahp: boolean;
  /**
   * The order in which this participant is asked the pairwise questions (criterion ids `[a, b]`:
   * how much more important `a` is than `b`). The first ones link all criteria, and each
   * participant starts at a different part of them, so partial answers from a few people
   * still give group weights. Absent: every pair in criterion order.
   */
  pairs?: [string, string][];
  participant: { id: string; name: string };
  /** A re-vote of these cells only (absent: every cell). */
  cells?: { candidateId: string; criterionId: string }[];
  /** The group's previous median and spread of each cell, to show beside it. */
  previous?: { candidateId: string; criterionId: string; median: number; spread: number }[];
  /** This participant's previous answers: the ballot starts from them when there is no draft or submission yet. */
  start?: Ballot['cells'];
  /** This participant's previous focus-point scores (with `start`). */
  startLeaves?: Ballot['leafCells'];
  open: boolean;
  draft: Ballot | null;
  submitted: Ballot | null;
  /** Number of the last acknowledged submission (0: none). */
  rev: number;
  /** When the name is also in use on another device (see ClaimedElsewhere). */
  claimedElsewhere?: ClaimedElsewhere;
  /** A facilitator-paced round: the one question the device shows now, and this participant's answer to it (null: none yet). */
  paced?: PacedView;
  /** The facilitator set this name's ballot aside (it was entered on another device) at `at`, and nothing was submitted since. */
  setAside?: { at: string };
}
/** Where a paced round stands, as a device sees it. */
export interface PacedView {
  index: number;
  total: number;
  revealed: boolean;
  question: PacedQuestion;
  /** This participant's answer to the question (null: none yet; always null for a cell scored at its focus points). */
  answer: { value: number; rationale: string } | null;
  /** A cell of a dimension scored at its focus points: this participant's scores of its focus points so far, with their rationales (empty: none yet). */
  leaves?: { leafId: string; value: number; rationale?: string }[];
}
export interface ParticipantStatusResponse {
  open: boolean;
  rev: number;
  /** A paced round: the current question and whether it is revealed (a change means the page reloads its ballot). */
  pace?: { index: number; revealed: boolean };
  /** As in BallotResponse. */
  claimedElsewhere?: ClaimedElsewhere;
  /** As in BallotResponse: a change of `at` means the page reloads its ballot. */
  setAside?: { at: string };
}
export interface SubmitResponse {
  rev: number;
  /** When the ballot was durably stored (ISO time). */
  storedAt: string;
}

// ---------------------------------------------------------------------------------------------
// The facilitator's side.

export const ParticipantProgressSchema = z.object({
  id: z.string(),
  name: z.string(),
  joined: z.boolean(),
  /** Saved a draft or submitted in the last two minutes. */
  active: z.boolean(),
  filled: z.number().int(),
  cells: z.number().int(),
  submitted: z.boolean(),
  rev: z.number().int(),
  link: z.string(),
  /** The name was picked by join code on a device while its personal link is in use too ("free this name" signs that device out). */
  conflict: z.boolean(),
  /** The latest answers (draft or submission) were entered on the device that picked the name by join code. */
  byCode: z.boolean().optional(),
  /**
   * Where the participant is: not joined; joined (nothing typed yet); answering; submitted (and
   * not changed since); away (joined, but no contact from the device for `awayAfterS` seconds).
   */
  state: z.enum(['invited', 'joined', 'answering', 'submitted', 'away']),
});
export type ParticipantProgress = z.infer<typeof ParticipantProgressSchema>;

export const NetworkInterfaceSchema = z.object({ name: z.string(), address: z.string(), internal: z.boolean() });
export type NetworkInterfaceInfo = z.infer<typeof NetworkInterfaceSchema>;

/**
 * Why an open round is not listening: its address is gone (another network), its port is taken,
 * or another failure. `restarts`: the listener was up and kept stopping (the desktop app's
 * listener process died), it was started again this many times and then left stopped.
 */
export const ListenProblemSchema = z.object({
  reason: z.enum(['address_gone', 'port_taken', 'failed']),
  message: z.string(),
  restarts: z.number().int().min(0).optional(),
});
export type ListenProblem = z.infer<typeof ListenProblemSchema>;

/** What recovery found in a round's journal (and what it did about it). */
export const JOURNAL_PROBLEM_KINDS = [
  /** An incomplete last line (a crash or a full disk mid-write; never acknowledged): cut off, kept in `sideFile`. */
  'torn-tail',
  /** A line whose frame, checksum or JSON is wrong: skipped (that participant's previous revision stands). */
  'corrupt-record',
  /** A readable record of the wrong shape: skipped likewise. */
  'bad-record',
  /** The round's first record was unreadable; the round was rebuilt from the header kept beside the journal. */
  'header-recovered',
  /** The journal holds records but no readable round (no header either): moved aside when a new round opens. */
  'no-round',
] as const;
export const JournalProblemSchema = z.object({
  kind: z.enum(JOURNAL_PROBLEM_KINDS),
  /** 1-based line of the journal as it was read (0: the whole journal). */
  line: z.number().int(),
  participantId: z.string().optional(),
  rev: z.number().int().optional(),
  /** English detail (the kind says the same for the other language). */
  message: z.string(),
  /** The side file (next to the journal, in `<data folder>/sessions/`) that keeps what was cut. */
  sideFile: z.string().optional(),
});
export type JournalProblem = z.infer<typeof JournalProblemSchema>;

/** A write of the round's journal that failed: the participant was told "not saved". */
export const WriteFailureSchema = z.object({
  at: z.string(),
  code: z.enum(['storage_full', 'storage_failed']),
  participantId: z.string().optional(),
  message: z.string(),
});
export type WriteFailure = z.infer<typeof WriteFailureSchema>;

export const JournalHealthSchema = z.object({
  problems: z.array(JournalProblemSchema),
  /** Failed writes since the round was loaded, and the last one. */
  writeFailures: z.number().int(),
  lastWriteFailure: WriteFailureSchema.nullable(),
  /** Bytes of the journal on disk. */
  bytes: z.number().int(),
});
export type JournalHealth = z.infer<typeof JournalHealthSchema>;

export const RoundStatusSchema = z.object({
  roundId: z.string(),
  workshopId: z.string(),
  state: z.enum(['open', 'closed']),
  /** Whether the listener is up right now. */
  listening: z.boolean(),
  blind: z.boolean(),
  revealed: z.boolean(),
  ahp: z.boolean(),
  address: z.string(),
  port: z.number().int(),
  https: z.boolean(),
  /** The address participants open, e.g. http://192.168.1.20:51234/ */
  url: z.string(),
  joinCode: z.string(),
  /** The round's criterion and candidate ids (what a ballot may cover). */
  criteria: z.array(z.string()),
  candidates: z.array(z.string()),
  participants: z.array(ParticipantProgressSchema),
  /** An open round whose listener could not come back; with the interfaces it could move to (session.reopen with `address`). */
  listenProblem: ListenProblemSchema.extend({ interfaces: z.array(NetworkInterfaceSchema) }).optional(),
  /** A joined device that has not been in contact for this many seconds is "away" (devices check in at least every STATUS_WAIT_MS while open). */
  awayAfterS: z.number().int(),
  /** What recovery found in the round's journal, and failed writes. */
  journal: JournalHealthSchema.optional(),
  /**
   * A facilitator-paced round: the current question, how many of the invited answered it, and
   * once revealed the answers (sorted, nobody's name) with the group's geometric mean (a pair,
   * AIJ) or median (a cell). A cell of a dimension scored at its focus points: the focus points
   * it asks (`leafIds`), and once revealed each one's answers and median (`leaves`, in that
   * order) instead of `values` and `group`, and each answer's scores of its focus points
   * (`leafRows`: one row per answer, in `leafIds` order; the rows sorted, so their order gives
   * nobody away), from which the board derives the dimension's value as the grid does.
   */
  paced: z
    .object({
      index: z.number().int(),
      total: z.number().int(),
      revealed: z.boolean(),
      question: PacedQuestionSchema,
      answered: z.number().int(),
      leafIds: z.array(z.string()).optional(),
      values: z.array(z.number()).optional(),
      group: z.number().nullable().optional(),
      leaves: z.array(z.object({ leafId: z.string(), values: z.array(z.number()), group: z.number().nullable() })).optional(),
      leafRows: z.array(z.array(z.number())).optional(),
    })
    .optional(),
});
export type RoundStatus = z.infer<typeof RoundStatusSchema>;

export const SessionStatusSchema = z.object({
  round: RoundStatusSchema.nullable(),
  /** A journal that holds no readable round: what was found (opening a new round moves it aside first). */
  journal: JournalHealthSchema.optional(),
});
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

export const SubmittedBallotSchema = z.object({ participantId: z.string(), rev: z.number().int(), storedAt: z.string(), ballot: BallotSchema });
export type SubmittedBallot = z.infer<typeof SubmittedBallotSchema>;

/** Events the Node side streams to the facilitator's page (SSE in the web host, IPC in Electron). */
export type SessionEvent =
  | { type: 'status'; status: RoundStatus }
  | { type: 'ballot'; roundId: string; workshopId: string; participantId: string; rev: number; storedAt: string; ballot: Ballot };

const roundRef = z.strictObject({ workshopId: id() });

export const sessionMethods = {
  'session.interfaces': defineMethod({
    name: 'session.interfaces',
    summary: 'The network interfaces a round may listen on (IPv4 addresses of this machine, loopback included).',
    request: z.strictObject({}),
    response: z.array(NetworkInterfaceSchema),
  }),
  'session.open': defineMethod({
    name: 'session.open',
    summary: 'Opens a room-vote round for a workshop on the chosen address: starts the listener, returns the join details.',
    request: z.strictObject({
      spec: RoundSpecSchema,
      address: z.string().min(1).max(100),
      /** 0: any free port (fixed from then on and kept in the journal). */
      port: z.number().int().min(0).max(65535).default(0),
    }),
    response: RoundStatusSchema,
  }),
  'session.status': defineMethod({
    name: 'session.status',
    summary: 'The round of a workshop, if any; resumes the listener of an open round after a restart.',
    request: roundRef,
    response: SessionStatusSchema,
  }),
  'session.close': defineMethod({
    name: 'session.close',
    summary: 'Closes the open round: ballots become final and the listener stops.',
    request: roundRef,
    response: SessionStatusSchema,
  }),
  'session.reopen': defineMethod({
    name: 'session.reopen',
    summary:
      'Reopens the last round of a workshop on the same address and port; with `address`, moves it to that interface (a new port: personal links change).',
    request: z.strictObject({ workshopId: id(), address: z.string().min(1).max(100).optional() }),
    response: SessionStatusSchema,
  }),
  'session.reveal': defineMethod({
    name: 'session.reveal',
    summary: 'Marks a blind round as revealed.',
    request: roundRef,
    response: SessionStatusSchema,
  }),
  'session.pace': defineMethod({
    name: 'session.pace',
    summary:
      'A facilitator-paced round: puts question `index` to the room (devices show only it), and reveals its answers when `revealed`. Journaled; the devices are told at once.',
    request: z.strictObject({
      workshopId: id(),
      index: z
        .number()
        .int()
        .min(0)
        .max(MAX_PACED_QUESTIONS - 1),
      revealed: z.boolean(),
    }),
    response: SessionStatusSchema,
  }),
  'session.free': defineMethod({
    name: 'session.free',
    summary:
      'Frees a participant name picked by join code: that device is signed out and the name can be picked again. With `setAside`, the name’s ballot (entered on that device) leaves the round first, journaled.',
    request: z.strictObject({ workshopId: id(), participantId: id(), setAside: z.boolean().optional() }),
    response: SessionStatusSchema,
  }),
  'session.forget': defineMethod({
    name: 'session.forget',
    summary:
      'A workshop deleted for good: its round stops and its journal, header and side files are deleted. Answers how many files were removed (0 when it never had a round).',
    request: roundRef,
    response: z.strictObject({ removed: z.number().int().min(0) }),
  }),
  'session.ballots': defineMethod({
    name: 'session.ballots',
    summary: 'Every acknowledged ballot of the workshop’s last round (the latest per participant).',
    request: roundRef,
    response: z.array(SubmittedBallotSchema),
  }),
};
