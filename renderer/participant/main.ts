import type { Ballot, BallotResponse, JoinResponse, PacedView, ParticipantStatusResponse, SubmitResponse } from '../../shared/contract/session';
import { stripBidi } from '../../shared/text/bidi';
import { STATUS_WAIT_MS } from '../../shared/contract/session-wait';
import { judgmentOfStep, stepOfJudgment } from '../../shared/scoring/saaty';
import {
  ballotOf,
  cellKey,
  editLeaf,
  editLeafWhy,
  editValue,
  intransitiveTriple,
  invalidCells,
  isAsked,
  leafKey,
  missingCells,
  parseValue,
  previousOf,
  progress,
  sameBallot,
  startingBallot,
  stateOf,
  type PageState,
} from './ballot';
import { claimTime, format, initialLang, STRINGS, type PLang, type StringKey } from './strings';
import './participant.css';

/**
 * The participant page of a room vote: a small page of its own (no framework), served by the
 * session listener. It sees one ballot: its own. Every text from the network goes in with
 * `textContent` (never as HTML). Answers are kept on the device (localStorage) at every
 * keystroke and as a draft on the facilitator's side; a submission counts once acknowledged.
 */

const LANG_KEY = 'sw.p.lang';
const TOKEN_KEY = `sw.p.token`;
const DRAFT_KEY = (roundId: string, pid: string) => `sw.p.draft.${roundId}.${pid}`;

let lang: PLang = initialLang(safeGet(LANG_KEY), navigator.languages ?? [navigator.language]);
const t = (key: StringKey, vars?: Record<string, string | number>) => format(STRINGS[lang][key], vars);
const app = document.getElementById('app')!;

let token: string | null = safeGet(TOKEN_KEY);
let round: BallotResponse | null = null;
let state: PageState = { cells: {}, pairs: {}, cleared: {} };
let lastSubmitted: Ballot | null = null;
let pairIndex = 0;
let offline = false;
let draftTimer: number | undefined;
let notice: { key: StringKey; vars?: Record<string, string | number> } | null = null;
/** A paced question on a cell scored at its focus points: the text typed per focus point, kept across re-renders (language, banners) until the question changes. */
/**
 * What is typed in a paced focus-point question, by focus point id, until it is sent: scores, and
 * rationales with those to send (typed in, or shown filled: a blank one never shown filled is not sent).
 */
let pacedTyped: { roundId: string; index: number; texts: Map<string, string>; whys: Map<string, string>; whySent: Set<string> } | null = null;

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeSet(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the server keeps the draft
  }
}

class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Longest wait for any answer: a waiting `status` is held up to STATUS_WAIT_MS; a network that vanished silently must not hang the page. */
const ANSWER_TIMEOUT_MS = STATUS_WAIT_MS + 10_000;

async function call<T>(method: string, payload: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/p/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(payload),
      cache: 'no-store',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ANSWER_TIMEOUT_MS) : undefined,
    });
  } catch {
    throw new CallError('offline', 'offline');
  }
  let body: { ok: boolean; result?: T; error?: { code: string; message: string } };
  try {
    body = await res.json();
  } catch {
    throw new CallError('offline', `HTTP ${res.status}`);
  }
  if (!body.ok) throw new CallError(body.error?.code ?? 'internal', body.error?.message ?? `HTTP ${res.status}`);
  return body.result as T;
}

/** A tiny element builder: text only ever goes in as textContent. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) el.setAttribute(k, v);
  for (const c of children) if (c !== null) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}
const pick = (text: { 'zh-CN': string; en: string }) => text[lang] || text[lang === 'en' ? 'zh-CN' : 'en'];

function header(): HTMLElement {
  const select = h('select', { id: 'lang', 'aria-label': t('language') }, h('option', { value: 'zh-CN' }, '中文'), h('option', { value: 'en' }, 'English'));
  select.value = lang;
  select.addEventListener('change', () => {
    lang = select.value as PLang;
    safeSet(LANG_KEY, lang);
    render();
  });
  document.documentElement.lang = lang;
  document.title = t('title');
  return h('header', { class: 'top' }, h('h1', {}, round ? round.title : t('title')), select);
}

function banner(): HTMLElement | null {
  // A closed round's listener has stopped: that is "closed", not a lost connection.
  // Pinned to the top of the screen: seen wherever the participant has scrolled to.
  if (round && !round.open) return h('p', { class: 'banner closed', role: 'alert', id: 'closed-banner' }, `${t('closed')} ${t('closedInputs')}`);
  if (offline) return h('p', { class: 'banner warn', role: 'status' }, t('offline'));
  if (notice) return h('p', { class: 'banner warn', role: 'alert' }, t(notice.key, notice.vars));
  return null;
}

/** Shown for as long as the round says this name is also in use on another device (picked by code, or by its personal link). */
function claimBanner(): HTMLElement | null {
  const claim = round?.claimedElsewhere;
  return claim
    ? h(
        'p',
        { class: 'banner warn', role: 'alert', id: 'claimed-elsewhere' },
        t(claim.via === 'code' ? 'claimedElsewhere' : 'linkElsewhere', { time: claimTime(claim.at, lang) }),
      )
    : null;
}

/** Shown while the facilitator's setting aside of this name's ballot (entered on another device) stands: until a new submission. */
function setAsideBanner(): HTMLElement | null {
  const aside = round?.setAside;
  return aside ? h('p', { class: 'banner warn', role: 'alert', id: 'ballot-set-aside' }, t('ballotSetAside', { time: claimTime(aside.at, lang) })) : null;
}

// ---------------------------------------------------------------------------------------------
// Joining

function renderJoin(names: { id: string; name: string }[] | null, code: string) {
  app.replaceChildren(header());
  const b = banner();
  if (b) app.append(b);
  if (names === null) {
    const input = h('input', { id: 'code', name: 'code', autocomplete: 'off', autocapitalize: 'characters', inputmode: 'text', maxlength: '12', value: code });
    const form = h(
      'form',
      { class: 'card', 'aria-labelledby': 'join-h' },
      h('h2', { id: 'join-h' }, t('joinTitle')),
      h('p', {}, t('joinHint')),
      h('label', { for: 'code' }, t('code')),
      input,
      h('button', { type: 'submit', class: 'primary' }, t('join')),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void joinByCode(input.value.trim());
    });
    app.append(form);
    input.focus();
    return;
  }
  const list = h('div', { class: 'names', role: 'group', 'aria-labelledby': 'pick-h' });
  for (const n of names) {
    const btn = h('button', { type: 'button', class: 'name', title: stripBidi(n.name) }, stripBidi(n.name));
    btn.addEventListener('click', () => void claim(code, n.id));
    list.append(btn);
  }
  app.append(h('section', { class: 'card' }, h('h2', { id: 'pick-h' }, t('pickName')), h('p', {}, names.length ? t('pickHint') : t('noNames')), list));
}

async function joinByCode(code: string) {
  try {
    notice = null;
    const r = await call<JoinResponse>('join', { code });
    if ('names' in r) renderJoin(r.names, code);
  } catch (err) {
    notice = { key: 'error', vars: { message: (err as Error).message } };
    renderJoin(null, code);
  }
}

async function claim(code: string, participantId: string) {
  try {
    const r = await call<JoinResponse>('join', { code, participantId });
    if ('token' in r) {
      token = r.token;
      safeSet(TOKEN_KEY, token);
      notice = null;
      await loadBallot();
    }
  } catch (err) {
    notice = { key: 'error', vars: { message: (err as Error).message } };
    await joinByCode(code);
  }
}

// ---------------------------------------------------------------------------------------------
// The ballot

async function loadBallot() {
  try {
    round = await call<BallotResponse>('ballot', {});
    offline = false;
  } catch (err) {
    return handleError(err, loadBallot);
  }
  lastSubmitted = round.submitted;
  const local = safeGet(DRAFT_KEY(round.roundId, round.participant.id));
  const server = startingBallot(round);
  let fromDevice: { state: PageState; dirty: boolean } | null = null;
  try {
    fromDevice = local ? (JSON.parse(local) as { state: PageState; dirty: boolean }) : null;
  } catch {
    fromDevice = null;
  }
  // What was typed on this device and not yet saved on the server wins; it is sent now.
  state = fromDevice?.dirty ? fromDevice.state : stateOf(server);
  render();
  if (fromDevice?.dirty) scheduleDraft(0);
  void poll();
}

function handleError(err: unknown, retry: () => Promise<void>) {
  const e = err as CallError;
  if (e.code === 'offline' || e.code === 'unavailable') {
    offline = true;
    render();
    setTimeout(() => void retry(), 3000);
    return;
  }
  if (e.code === 'unauthorized') {
    token = null;
    safeSet(TOKEN_KEY, null);
    round = null;
    notice = { key: 'invalidToken' };
    renderJoin(null, '');
    return;
  }
  if (isStorageError(e)) {
    // Nothing was stored on the facilitator's side: say so plainly; the answers stay on this device.
    notice = { key: 'notSaved' };
    render();
    return;
  }
  notice = { key: 'error', vars: { message: e.message } };
  render();
}

const isStorageError = (e: CallError) => e.code === 'storage_full' || e.code === 'storage_failed';

function keepOnDevice(dirty: boolean) {
  if (round) safeSet(DRAFT_KEY(round.roundId, round.participant.id), JSON.stringify({ state, dirty }));
}

function scheduleDraft(delay = 800) {
  window.clearTimeout(draftTimer);
  draftTimer = window.setTimeout(() => void saveDraft(), delay);
}

async function saveDraft() {
  // A paced round keeps no drafts: each answer is sent as it is given.
  if (!round?.open || round.paced) return;
  setStatus(t('saving'));
  try {
    await call('draft', { ballot: ballotOf(round, state) });
    keepOnDevice(false);
    if (offline) {
      offline = false;
      render();
    }
    setStatus(t('saved'));
  } catch (err) {
    if (isStorageError(err as CallError) || (err as CallError).code === 'unavailable') {
      // A draft the host could not store (its disk, or this device's draft budget spent for a moment): kept on this device, sent again shortly.
      setStatus(t('draftNotSaved'));
      scheduleDraft(5000);
      return;
    }
    handleError(err, saveDraft);
  }
}

/**
 * An incomplete ballot is submitted only once the participant confirms it, told what is
 * missing (the cells without a score, or how many pairwise questions are unanswered in a
 * pairwise-only round). Resolves true to submit.
 */
function confirmIncomplete(r: BallotResponse): Promise<boolean> {
  const p = progress(r, state);
  if (p.done >= p.total) return Promise.resolve(true);
  const body: HTMLElement[] = [];
  if (r.candidates.length > 0) {
    const missing = missingCells(r, state);
    const name = (list: { id: string; name: { 'zh-CN': string; en: string } }[], id: string) => pick(list.find((x) => x.id === id)!.name);
    const SHOWN = 8;
    body.push(
      h('p', {}, t('incompleteCells', { missing: missing.length, total: p.total })),
      h(
        'ul',
        { id: 'missing-list' },
        ...missing.slice(0, SHOWN).map((m) => {
          const leaf = m.leafId ? r.criteria.find((k) => k.id === m.criterionId)?.leaves?.find((l) => l.id === m.leafId) : undefined;
          return h('li', {}, `${name(r.criteria, m.criterionId)}${leaf ? ` › ${pick(leaf.name)}` : ''} — ${name(r.candidates, m.candidateId)}`);
        }),
        ...(missing.length > SHOWN ? [h('li', {}, t('incompleteMore', { n: missing.length - SHOWN }))] : []),
      ),
      h('p', { class: 'small' }, t('incompleteKeep')),
    );
  } else body.push(h('p', {}, t('incompletePairs', { missing: p.total - p.done, total: p.total })));
  const anyway = h('button', { type: 'button', class: 'primary', id: 'submit-anyway' }, t('submitAnyway'));
  const keep = h('button', { type: 'button', id: 'keep-answering' }, t('keepAnswering'));
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': 'confirm-h' },
    h('h2', { id: 'confirm-h' }, t('incompleteTitle')),
    ...body,
    h('div', { class: 'row' }, keep, anyway),
  );
  document.body.append(dialog);
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(ok);
    };
    anyway.addEventListener('click', () => finish(true));
    keep.addEventListener('click', () => finish(false));
    dialog.addEventListener('cancel', () => finish(false));
    dialog.showModal();
    keep.focus();
  });
}

async function submit() {
  if (!round) return;
  if (!(await confirmIncomplete(round))) return;
  if (!round.open) return;
  window.clearTimeout(draftTimer);
  const ballot = ballotOf(round, state);
  try {
    const r = await call<SubmitResponse>('submit', { ballot });
    lastSubmitted = ballot;
    round.rev = r.rev;
    keepOnDevice(false);
    offline = false;
    notice = null;
    render();
    document.getElementById('submit-state')?.focus();
  } catch (err) {
    handleError(err, submit);
  }
}

function setStatus(text: string) {
  const el = document.getElementById('draft-state');
  if (el) el.textContent = text;
}

function onEdit() {
  keepOnDevice(true);
  updateProgress();
  scheduleDraft();
}

function updateProgress() {
  if (!round) return;
  const p = progress(round, state);
  const bar = document.getElementById('progress') as HTMLProgressElement | null;
  if (bar) {
    bar.max = p.total;
    bar.value = p.done;
  }
  const label = document.getElementById('progress-label');
  if (label) label.textContent = t('progress', p);
  const bad = invalidCells(round, state);
  const submitBtn = document.getElementById('submit') as HTMLButtonElement | null;
  if (submitBtn) submitBtn.disabled = !round.open || bad.length > 0;
  const st = document.getElementById('submit-state');
  if (st) {
    const changed = lastSubmitted !== null && !sameBallot(lastSubmitted, ballotOf(round, state));
    st.textContent = lastSubmitted === null ? '' : changed ? t('changed') : round.open ? t('submitted') : t('submittedFinal');
    st.dataset.state = lastSubmitted === null ? 'none' : changed ? 'changed' : 'submitted';
  }
}

/**
 * A score field and its error line (ids `${idBase}-v` and `${idBase}-err`, the field described by
 * the error line), for a cell and for a focus point alike. At every keystroke the text is recorded
 * (`edit`), the field checked (`bad`: the recorded text is no score on the scale) and `changed`
 * told (the page's draft and progress by default); the field is checked once at the start too.
 */
function scoreInput(o: {
  idBase: string;
  /** `data-*` attributes that name the answer (candidate, criterion, focus point). */
  data: Record<string, string>;
  text: string;
  edit: (text: string) => void;
  bad: () => boolean;
  disabled?: boolean;
  changed?: () => void;
}): { value: HTMLInputElement; err: HTMLElement; check: () => void } {
  const scale = round!.scale;
  const value = h('input', {
    id: `${o.idBase}-v`,
    class: 'score',
    inputmode: 'decimal',
    autocomplete: 'off',
    'aria-describedby': `${o.idBase}-err`,
    ...o.data,
  });
  value.value = o.text;
  if (o.disabled ?? !round!.open) value.disabled = true;
  const err = h('span', { id: `${o.idBase}-err`, class: 'err' });
  const check = () => {
    const bad = o.bad();
    value.setAttribute('aria-invalid', bad ? 'true' : 'false');
    err.textContent = bad ? t('notANumber', scale) : '';
  };
  value.addEventListener('input', () => {
    o.edit(value.value);
    check();
    (o.changed ?? onEdit)();
  });
  check();
  return { value, err, check };
}

function cellField(candidate: BallotResponse['candidates'][number], criterion: BallotResponse['criteria'][number]): HTMLElement {
  const key = cellKey(candidate.id, criterion.id);
  const cur = state.cells[key] ?? { value: '', rationale: '' };
  const idBase = `c-${candidate.id}-${criterion.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const scale = round!.scale;
  const { value, err } = scoreInput({
    idBase,
    data: { 'data-candidate': candidate.id, 'data-criterion': criterion.id },
    text: cur.value,
    edit: (text) => editValue(state, key, text),
    bad: () => invalidCells(round!, state).includes(key),
  });
  const rationale = h('textarea', { id: `${idBase}-r`, rows: '2', maxlength: '1000', 'data-candidate': candidate.id, 'data-criterion': criterion.id });
  rationale.value = cur.rationale;
  if (!round!.open) rationale.disabled = true;
  rationale.addEventListener('input', () => {
    state.cells[key] = { value: state.cells[key]?.value ?? '', rationale: rationale.value };
    onEdit();
  });
  return h(
    'div',
    { class: 'cell' },
    h('span', { class: 'cand' }, pick(candidate.name)),
    h('label', { for: value.id, class: 'sr-only' }, `${pick(candidate.name)} — ${pick(criterion.name)}: ${t('score')} (${scale.min}–${scale.max})`),
    value,
    previousNote(candidate.id, criterion.id),
    h('label', { for: rationale.id, class: 'small' }, t('rationale')),
    rationale,
    err,
  );
}

/**
 * A cell of a dimension scored at its focus points: the candidate's name, then per focus point a
 * score field (labelled with the focus point's name) and its rationale, in tab order.
 */
function leafFields(candidate: BallotResponse['candidates'][number], criterion: BallotResponse['criteria'][number]): HTMLElement {
  const scale = round!.scale;
  const groupId = `l-${candidate.id}-${criterion.id}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const rows = (criterion.leaves ?? []).map((leaf, j) => {
    const key = leafKey(candidate.id, criterion.id, leaf.id);
    const { value, err } = scoreInput({
      idBase: `${groupId}-${j}`,
      data: { 'data-candidate': candidate.id, 'data-criterion': criterion.id, 'data-leaf': leaf.id },
      text: state.leaves?.[key] ?? '',
      edit: (text) => editLeaf(state, key, text),
      bad: () => invalidCells(round!, state).includes(key),
    });
    const rationale = h('textarea', { id: `${groupId}-${j}-r`, rows: '1', maxlength: '1000', 'data-leaf': leaf.id });
    rationale.value = state.leafWhy?.[key] ?? '';
    if (!round!.open) rationale.disabled = true;
    rationale.addEventListener('input', () => {
      editLeafWhy(state, key, rationale.value);
      onEdit();
    });
    return h(
      'div',
      { class: 'leaf' },
      h(
        'label',
        { for: value.id, class: 'leaf-name' },
        pick(leaf.name),
        h('span', { class: 'sr-only' }, ` — ${pick(candidate.name)}, ${pick(criterion.name)}: ${t('score')} (${scale.min}–${scale.max})`),
      ),
      value,
      err,
      h(
        'label',
        { for: rationale.id, class: 'small leaf-why' },
        t('rationale'),
        h('span', { class: 'sr-only' }, ` — ${pick(leaf.name)}, ${pick(candidate.name)}`),
      ),
      rationale,
    );
  });
  return h(
    'div',
    { class: 'cell leaves', role: 'group', 'aria-labelledby': `${groupId}-h`, 'data-candidate': candidate.id, 'data-criterion': criterion.id },
    h('span', { class: 'cand', id: `${groupId}-h` }, pick(candidate.name)),
    ...rows,
  );
}

/** The group's previous median and spread beside a cell (a re-vote that shows them), or nothing. */
function previousNote(candidateId: string, criterionId: string): HTMLElement | null {
  const p = previousOf(round!, candidateId, criterionId);
  if (!p) return null;
  const fmt = (v: number) => String(Math.round(v * 10) / 10);
  return h('span', { class: 'previous small', 'data-previous': '' }, t('previous', { median: fmt(p.median), spread: fmt(p.spread) }));
}

/** The words for a slider step k of the pair (a, b): k > 0 favours a (k + 1 times), k < 0 favours b. */
const pairStepText =
  (a: string, b: string) =>
  (k: number): string =>
    k === 0 ? t('equal') : k > 0 ? t('more', { name: a, n: k + 1 }) : t('more', { name: b, n: 1 - k });

function pairsSection(): HTMLElement | null {
  if (!round?.ahp || round.criteria.length < 2) return null;
  const ids = round.criteria.map((c) => c.id);
  const list: [string, string][] = [];
  if (round.pairs?.length) list.push(...round.pairs);
  else for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) list.push([ids[i], ids[j]]);
  pairIndex = Math.max(0, Math.min(list.length - 1, pairIndex));
  const [a, b] = list[pairIndex];
  const name = (id: string) => pick(round!.criteria.find((c) => c.id === id)!.name);
  const key = `${a}|${b}`;
  const answered = state.pairs[key];
  const slider = h('input', { type: 'range', id: 'pair', min: '-8', max: '8', step: '1', 'aria-describedby': 'pair-value' });
  slider.value = String(answered === undefined ? 0 : stepOfJudgment(answered));
  if (!round.open) slider.disabled = true;
  const describe = pairStepText(name(a), name(b));
  const valueText = h('p', { id: 'pair-value', class: 'pair-value' }, answered === undefined ? t('skipped') : describe(Number(slider.value)));
  slider.addEventListener('input', () => {
    const k = Number(slider.value);
    state.pairs[key] = judgmentOfStep(k);
    valueText.textContent = describe(k);
    slider.setAttribute('aria-valuetext', describe(k));
    hint.textContent = hintText();
    onEdit();
  });
  const hintText = () => {
    const tri = intransitiveTriple(ids, state.pairs);
    return tri ? t('inconsistent', { a: name(tri[0]), b: name(tri[1]), c: name(tri[2]) }) : t('consistent');
  };
  const hint = h('p', { class: 'hint', role: 'status' }, hintText());
  const nav = (d: number) => {
    pairIndex += d;
    const sec = pairsSection();
    if (sec) document.getElementById('pairs')?.replaceWith(sec);
    document.getElementById('pair')?.focus();
  };
  const back = h('button', { type: 'button' }, t('back'));
  back.disabled = pairIndex === 0 || !round.open;
  back.addEventListener('click', () => nav(-1));
  const skip = h('button', { type: 'button' }, t('skip'));
  skip.disabled = !round.open;
  skip.addEventListener('click', () => {
    delete state.pairs[key];
    onEdit();
    if (pairIndex < list.length - 1) nav(1);
    else nav(0);
  });
  const next = h('button', { type: 'button', class: 'primary' }, t('next'));
  next.disabled = pairIndex >= list.length - 1 || !round.open;
  next.addEventListener('click', () => nav(1));
  const done = Object.keys(state.pairs).length;
  return h(
    'section',
    { id: 'pairs', class: 'card', 'aria-labelledby': 'pairs-h' },
    h('h2', { id: 'pairs-h' }, t('pairs')),
    h('p', { class: 'small' }, t('pairOf', { i: pairIndex + 1, n: list.length })),
    h('div', { class: 'pair-names' }, h('span', {}, name(b)), h('span', {}, name(a))),
    h('label', { for: 'pair', class: 'sr-only' }, `${name(a)} / ${name(b)}`),
    slider,
    valueText,
    h('div', { class: 'row' }, back, skip, next),
    h('p', { class: 'small' }, t('pairsDone', { done, n: list.length })),
    hint,
  );
}

/** An answer sent in a paced round: one value (a cell, a pair), or a score per focus point (a cell scored at its focus points). */
type PacedSend = { value: number; rationale?: string } | { leafCells: Ballot['leafCells'] };

/**
 * A facilitator-paced round: only the question on the room's screen. The answer is sent as it
 * is given (acknowledged once stored); it can be changed until the facilitator reveals. A cell
 * of a dimension scored at its focus points asks its focus points together: a score field each,
 * with its rationale.
 */
function pacedSection(r: BallotResponse, p: PacedView): HTMLElement {
  const q = p.question;
  const name = (list: { id: string; name: { 'zh-CN': string; en: string } }[], id: string) => pick(list.find((x) => x.id === id)!.name);
  const locked = !r.open || p.revealed;
  const answered = p.answer !== null || (p.leaves?.length ?? 0) > 0;
  const state = h('p', { id: 'paced-state', role: 'status', tabindex: '-1' }, p.revealed ? t('pacedRevealed') : answered ? t('pacedStored') : '');
  const send = h('button', { type: 'button', id: 'paced-send', class: 'primary big' }, t('pacedAnswer'));
  send.disabled = locked;
  let read: () => PacedSend | null;
  const body: HTMLElement[] = [];
  let heading: string;
  const leaves = q.kind === 'cell' ? r.criteria.find((k) => k.id === q.criterionId)?.leaves : undefined;
  if (q.kind === 'cell' && leaves) {
    const [candidate, criterion] = [name(r.candidates, q.candidateId), name(r.criteria, q.criterionId)];
    heading = `${criterion} — ${candidate}`;
    // Typed text per focus point (else the stored answer); an empty field is flagged only once the answer is sent (every focus point is asked).
    if (pacedTyped?.roundId !== r.roundId || pacedTyped.index !== p.index)
      pacedTyped = {
        roundId: r.roundId,
        index: p.index,
        texts: new Map(leaves.map((l) => [l.id, String(p.leaves?.find((a) => a.leafId === l.id)?.value ?? '')])),
        whys: new Map(p.leaves?.flatMap((a) => (a.rationale === undefined ? [] : [[a.leafId, a.rationale]])) ?? []),
        whySent: new Set(p.leaves?.flatMap((a) => (a.rationale === undefined ? [] : [a.leafId])) ?? []),
      };
    const typed = pacedTyped.texts;
    const { whys, whySent } = pacedTyped;
    let sending = false;
    const badText = (text: string) => {
      const v = parseValue(text, r.scale);
      return v === undefined || (sending && v === null);
    };
    const fields = leaves.map((leaf, j) => {
      const f = scoreInput({
        idBase: `paced-l-${j}`,
        data: { 'data-candidate': q.candidateId, 'data-criterion': q.criterionId, 'data-leaf': leaf.id },
        text: typed.get(leaf.id)!,
        edit: (text) => typed.set(leaf.id, text),
        bad: () => badText(typed.get(leaf.id)!),
        disabled: locked,
        changed: () => {},
      });
      const why = h('textarea', { id: `paced-l-${j}-r`, rows: '1', maxlength: '1000', 'data-leaf': leaf.id });
      why.value = whys.get(leaf.id) ?? '';
      why.disabled = locked;
      why.addEventListener('input', () => {
        whys.set(leaf.id, why.value);
        whySent.add(leaf.id);
      });
      const row = h(
        'div',
        { class: 'leaf' },
        h(
          'label',
          { for: f.value.id, class: 'leaf-name' },
          pick(leaf.name),
          h('span', { class: 'sr-only' }, ` — ${candidate}, ${criterion}: ${t('score')} (${r.scale.min}–${r.scale.max})`),
        ),
        f.value,
        f.err,
        h('label', { for: why.id, class: 'small leaf-why' }, t('rationale'), h('span', { class: 'sr-only' }, ` — ${pick(leaf.name)}, ${candidate}`)),
        why,
      );
      return { ...f, row };
    });
    read = () => {
      sending = true;
      for (const f of fields) f.check();
      const values = leaves.map((l) => parseValue(typed.get(l.id)!, r.scale));
      const first = values.findIndex((v) => v === null || v === undefined);
      if (first >= 0) {
        fields[first].value.focus();
        return null;
      }
      return {
        leafCells: leaves.map((l, j) => ({
          candidateId: q.candidateId,
          criterionId: q.criterionId,
          leafId: l.id,
          value: values[j]!,
          ...(whySent.has(l.id) ? { rationale: (whys.get(l.id) ?? '').slice(0, 1000) } : {}),
        })),
      };
    };
    body.push(
      h('p', { class: 'small' }, t('pacedLeafHint', r.scale)),
      h('div', { class: 'cell leaves', role: 'group', 'aria-labelledby': 'paced-h' }, ...fields.map((f) => f.row)),
    );
  } else if (q.kind === 'cell') {
    heading = `${name(r.criteria, q.criterionId)} — ${name(r.candidates, q.candidateId)}`;
    const value = h('input', { id: 'paced-value', class: 'score', inputmode: 'decimal', autocomplete: 'off', 'aria-describedby': 'paced-err' });
    value.value = p.answer ? String(p.answer.value) : '';
    const rationale = h('textarea', { id: 'paced-rationale', rows: '2', maxlength: '1000' });
    rationale.value = p.answer?.rationale ?? '';
    value.disabled = rationale.disabled = locked;
    const err = h('span', { id: 'paced-err', class: 'err' });
    read = () => {
      const v = parseValue(value.value, r.scale);
      const bad = v === null || v === undefined;
      value.setAttribute('aria-invalid', bad ? 'true' : 'false');
      err.textContent = bad ? t('notANumber', r.scale) : '';
      return bad ? null : { value: v, rationale: rationale.value };
    };
    body.push(
      h('label', { for: 'paced-value' }, `${t('score')} (${r.scale.min}–${r.scale.max})`),
      value,
      err,
      h('label', { for: 'paced-rationale', class: 'small' }, t('rationale')),
      rationale,
    );
  } else {
    const [a, b] = [name(r.criteria, q.a), name(r.criteria, q.b)];
    heading = `${a} / ${b}`;
    const slider = h('input', { type: 'range', id: 'paced-pair', min: '-8', max: '8', step: '1', 'aria-describedby': 'paced-pair-value' });
    slider.value = String(p.answer ? stepOfJudgment(p.answer.value) : 0);
    slider.disabled = locked;
    const describe = pairStepText(a, b);
    const valueText = h('p', { id: 'paced-pair-value', class: 'pair-value' }, describe(Number(slider.value)));
    slider.setAttribute('aria-valuetext', describe(Number(slider.value)));
    slider.addEventListener('input', () => {
      valueText.textContent = describe(Number(slider.value));
      slider.setAttribute('aria-valuetext', valueText.textContent);
    });
    read = () => ({ value: judgmentOfStep(Number(slider.value)) });
    body.push(
      h('p', { class: 'small' }, t('pairs')),
      h('div', { class: 'pair-names' }, h('span', {}, b), h('span', {}, a)),
      h('label', { for: 'paced-pair', class: 'sr-only' }, `${a} / ${b}`),
      slider,
      valueText,
    );
  }
  send.addEventListener('click', () => {
    const answer = read();
    if (answer) void sendAnswer(p.index, answer);
  });
  return h(
    'section',
    {
      id: 'paced',
      class: 'card',
      'aria-labelledby': 'paced-h',
      'data-index': String(p.index),
      'data-question': q.kind === 'cell' ? `cell:${q.candidateId}:${q.criterionId}` : `pair:${q.a}:${q.b}`,
    },
    h('p', { class: 'small' }, t('pairOf', { i: p.index + 1, n: p.total })),
    h('h2', { id: 'paced-h' }, heading),
    ...body,
    h('div', { class: 'row' }, send),
    state,
  );
}

async function sendAnswer(index: number, answer: PacedSend) {
  try {
    await call<SubmitResponse>('answer', { index, ...answer });
    if (round?.paced) {
      if ('leafCells' in answer)
        round.paced.leaves = answer.leafCells.map((c) => ({
          leafId: c.leafId,
          value: c.value,
          ...(c.rationale === undefined ? {} : { rationale: c.rationale }),
        }));
      else round.paced.answer = { value: answer.value, rationale: answer.rationale ?? '' };
    }
    offline = false;
    notice = null;
    render();
    document.getElementById('paced-state')?.focus();
  } catch (err) {
    const code = (err as CallError).code;
    // The room moved on (or revealed) meanwhile: show the question that is on the screen now.
    if (code === 'invalid_request' || code === 'forbidden') {
      pacedTyped = null;
      return void loadBallot();
    }
    handleError(err, () => sendAnswer(index, answer));
  }
}

/**
 * Draws the ballot (or the paced question) again from the page's state, keeping the keyboard
 * where it was: the field that had the focus (found again by its id) gets it back with its caret,
 * so keys typed after a redraw (the connection dropped or came back, the round closed) are not
 * lost on a field that left the page.
 */
function render() {
  const was = document.activeElement;
  const id = was instanceof HTMLElement && app.contains(was) ? was.id : '';
  const caret = was instanceof HTMLInputElement || was instanceof HTMLTextAreaElement ? [was.selectionStart, was.selectionEnd] : null;
  draw();
  const now = id ? document.getElementById(id) : null;
  if (!now || now === was) return;
  now.focus({ preventScroll: true });
  if (caret && caret[0] !== null && (now instanceof HTMLInputElement || now instanceof HTMLTextAreaElement)) {
    try {
      now.setSelectionRange(caret[0], caret[1]);
    } catch {
      // an input type without a caret
    }
  }
}

function draw() {
  if (!round) return;
  const r = round;
  if (r.paced) {
    app.replaceChildren(header());
    for (const el of [banner(), claimBanner(), setAsideBanner()]) if (el) app.append(el);
    app.append(h('p', { class: 'who' }, t('hello', { name: stripBidi(r.participant.name) })), h('p', { class: 'small' }, t('pacedWait')));
    app.append(pacedSection(r, r.paced));
    return;
  }
  app.replaceChildren(header());
  const b = banner();
  if (b) app.append(b);
  const claim = claimBanner();
  if (claim) app.append(claim);
  const aside = setAsideBanner();
  if (aside) app.append(aside);
  app.append(h('p', { class: 'who' }, t('hello', { name: stripBidi(r.participant.name) })));
  app.append(h('p', { class: 'small' }, r.candidates.length > 0 ? t('scale', r.scale) : t('pairsOnly')));
  const prog = h('progress', { id: 'progress', 'aria-labelledby': 'progress-label' });
  app.append(h('div', { class: 'progress' }, prog, h('span', { id: 'progress-label' })));
  // A pairwise-only round: the questions first, the criteria (with their focus points) below as help.
  const pairs = pairsSection();
  if (pairs && r.candidates.length === 0) app.append(pairs);
  for (const k of r.criteria) {
    const asked = r.candidates.filter((c) => isAsked(r, c.id, k.id));
    if (r.candidates.length > 0 && asked.length === 0) continue;
    if (k.leaves && r.candidates.length > 0) {
      // Scored at its focus points: the focus points are the questions, not help.
      app.append(
        h(
          'section',
          { class: 'card criterion', 'aria-label': pick(k.name), 'data-leaves': '' },
          h('h2', {}, pick(k.name)),
          h('p', { class: 'small' }, t('leafHint')),
          ...asked.map((c) => leafFields(c, k)),
        ),
      );
      continue;
    }
    const focus = k.focusPoints.length ? h('details', {}, h('summary', {}, t('focus')), h('ul', {}, ...k.focusPoints.map((f) => h('li', {}, pick(f))))) : null;
    app.append(h('section', { class: 'card criterion', 'aria-label': pick(k.name) }, h('h2', {}, pick(k.name)), focus, ...asked.map((c) => cellField(c, k))));
  }
  if (pairs && r.candidates.length > 0) app.append(pairs);
  const submitBtn = h('button', { type: 'button', id: 'submit', class: 'primary big' }, r.rev > 0 ? t('resubmit') : t('submit'));
  submitBtn.addEventListener('click', () => void submit());
  app.append(
    h('footer', { class: 'actions' }, submitBtn, h('p', { id: 'submit-state', tabindex: '-1', role: 'status' }), h('p', { id: 'draft-state', class: 'small' })),
  );
  updateProgress();
}

// Is the round still open? While it is, a waiting request (long poll) is answered the moment
// the facilitator closes it, so the device says "closed" before the listener stops. While it is
// closed the device asks now and then (its listener is down: no answer is expected) and comes
// back when the round is reopened.
let polling = false;
let pollTimer: number | undefined;
async function poll() {
  if (polling || !round || !token) return;
  polling = true;
  window.clearTimeout(pollTimer);
  let next = 5000;
  const asked = Date.now();
  try {
    const s = await call<ParticipantStatusResponse>('status', { wait: round.open });
    const wasOffline = offline;
    offline = false;
    if (s.setAside && s.setAside.at !== round.setAside?.at) {
      // The ballot shown here was set aside: what this page holds of it is dropped, and the round's state is read again.
      safeSet(DRAFT_KEY(round.roundId, round.participant.id), null);
      window.clearTimeout(draftTimer);
      return void loadBallot();
    }
    // A paced round moved on to another question, or revealed this one: the page shows it.
    if (s.pace && round.paced && (s.pace.index !== round.paced.index || s.pace.revealed !== round.paced.revealed)) {
      pacedTyped = null;
      return void loadBallot();
    }
    if (s.open !== round.open || s.claimedElsewhere?.at !== round.claimedElsewhere?.at || s.setAside?.at !== round.setAside?.at) {
      round.setAside = s.setAside;
      round.open = s.open;
      round.claimedElsewhere = s.claimedElsewhere;
      render();
    } else if (wasOffline) render();
    // Open: wait again at once (unless the answer came back at once, which a waiting request never does).
    if (s.open) next = Date.now() - asked > 1000 ? 0 : 1000;
  } catch (err) {
    if ((err as CallError).code === 'offline') {
      if (!offline) {
        offline = true;
        if (round.open) render();
      }
    } else if ((err as CallError).code === 'unauthorized') handleError(err, poll);
  } finally {
    polling = false;
    pollTimer = window.setTimeout(() => void poll(), next);
  }
}

async function start() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const linkToken = hash.get('t');
  const code = hash.get('c') ?? '';
  if (linkToken || code) history.replaceState(null, '', location.pathname);
  if (linkToken) {
    try {
      token = null;
      const r = await call<JoinResponse>('join', { token: linkToken });
      if ('token' in r) {
        token = r.token;
        safeSet(TOKEN_KEY, token);
      }
    } catch (err) {
      if ((err as CallError).code === 'offline') {
        token = linkToken;
        safeSet(TOKEN_KEY, token);
      } else {
        notice = { key: 'invalidToken' };
        return renderJoin(null, code);
      }
    }
  }
  if (token) return loadBallot();
  // The QR code carries the join code in the fragment (never sent to a server): straight to the names.
  if (code) return joinByCode(code);
  renderJoin(null, code);
}

window.addEventListener('online', () => {
  void poll();
  if (round?.open) scheduleDraft(0);
});
void start();
