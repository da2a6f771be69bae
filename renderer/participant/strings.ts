/** The participant page's strings, zh-CN and en (a tiny page: no i18n library). */
export type PLang = 'zh-CN' | 'en';

export const STRINGS = {
  en: {
    title: 'Room vote',
    language: 'Language',
    joinTitle: 'Join the room vote',
    joinHint: 'Type the code shown on the screen, or open your personal link.',
    code: 'Join code',
    join: 'Join',
    pickName: 'Who are you?',
    pickHint: 'Pick your own name. Names already taken are not listed.',
    noNames: 'Every name is taken. Ask the facilitator to free yours.',
    hello: 'Ballot of {name}',
    scale: 'Score each candidate from {min} (worst) to {max} (best). Add a short rationale.',
    pairsOnly: 'This round asks only which criteria matter more, one pair at a time. You may skip a pair you cannot judge.',
    focus: 'What to look at',
    score: 'Score',
    rationale: 'Rationale',
    notANumber: 'Type a number between {min} and {max}.',
    progress: '{done} of {total} answered',
    submit: 'Submit ballot',
    resubmit: 'Submit changes',
    submitted: 'Submitted. You can still change your ballot until the round is closed.',
    submittedFinal: 'Submitted.',
    changed: 'You have changes that are not submitted yet.',
    saving: 'Saving draft…',
    saved: 'Draft saved.',
    offline: 'No connection. Your answers are kept on this device; retrying…',
    closed: 'The round is closed. Your last submitted ballot counts.',
    invalidToken: 'This link or device is no longer signed in. Join again with the code.',
    error: 'Something went wrong: {message}',
    notSaved: 'Not saved — try again. The facilitator’s computer could not store your answers (its disk is full or failing); they are kept on this device.',
    draftNotSaved: 'Draft not saved — retrying…',
    pairs: 'Which criterion matters more?',
    pairOf: 'Question {i} of {n}',
    equal: 'Equally important',
    more: '{name} matters more ({n}×)',
    skip: 'Skip',
    next: 'Next',
    back: 'Back',
    skipped: 'skipped',
    pairsDone: 'Pairwise questions answered: {done} of {n} (a pair you skip keeps your earlier judgment, if any).',
    inconsistent: 'Hint: {a} > {b} and {b} > {c}, yet {c} > {a}. Check whether that is what you mean.',
    consistent: 'Your judgments are consistent so far.',
    claimedElsewhere: 'This name was picked on another device at {time}; what you see may have been entered there. If that was not you, tell the facilitator.',
    linkElsewhere:
      'The personal link of this name was opened on another device at {time}; what you see may have been entered there. If that was not you, tell the facilitator.',
    incompleteTitle: 'Submit an incomplete ballot?',
    incompleteCells: '{missing} of {total} cells have no score:',
    incompleteMore: '… and {n} more',
    incompletePairs: '{missing} of {total} pairwise questions are not answered.',
    incompleteKeep: 'A cell you leave empty is not an answer: a score recorded for it before stays as it was.',
    submitAnyway: 'Submit anyway',
    keepAnswering: 'Keep answering',
    closedInputs: 'Answers can no longer be changed.',
  },
  'zh-CN': {
    title: '投票会话',
    language: '语言',
    joinTitle: '加入投票会话',
    joinHint: '输入屏幕上显示的加入码，或打开你的个人链接。',
    code: '加入码',
    join: '加入',
    pickName: '你是谁？',
    pickHint: '选择你自己的名字。已被选择的名字不再列出。',
    noNames: '所有名字都已被选择。请主持人释放你的名字。',
    hello: '{name} 的评分表',
    scale: '为每个候选方案打分：{min}（最差）到 {max}（最好），并写下简短理由。',
    pairsOnly: '本轮只比较维度的重要性，一次一对。无法判断的一对可以跳过。',
    focus: '关注要点',
    score: '分数',
    rationale: '理由',
    notANumber: '请输入 {min} 到 {max} 之间的数字。',
    progress: '已完成 {done} / {total}',
    submit: '提交评分',
    resubmit: '提交修改',
    submitted: '已提交。投票关闭前仍可修改。',
    submittedFinal: '已提交。',
    changed: '有尚未提交的修改。',
    saving: '正在保存草稿…',
    saved: '草稿已保存。',
    offline: '网络已断开。你的回答保存在本设备上，正在重试…',
    closed: '本轮投票已关闭，以你最后提交的评分为准。',
    invalidToken: '此链接或设备已不再有效，请用加入码重新加入。',
    error: '出错了：{message}',
    notSaved: '未保存——请重试。主持人的电脑无法保存你的回答（磁盘已满或出错）；回答仍保存在本设备上。',
    draftNotSaved: '草稿未保存——正在重试…',
    pairs: '哪个维度更重要？',
    pairOf: '第 {i} 题，共 {n} 题',
    equal: '同等重要',
    more: '{name} 更重要（{n} 倍）',
    skip: '跳过',
    next: '下一题',
    back: '上一题',
    skipped: '已跳过',
    pairsDone: '两两比较已回答 {done} / {n}（跳过的比较保留你之前的判断，如有）。',
    inconsistent: '提示：{a} > {b}，{b} > {c}，但 {c} > {a}。请确认这是你的本意。',
    consistent: '目前你的判断是一致的。',
    claimedElsewhere: '此名字已于 {time} 在另一台设备上被选择；你看到的内容可能是在那台设备上填写的。如果那不是你，请告诉主持人。',
    linkElsewhere: '此名字的个人链接已于 {time} 在另一台设备上打开；你看到的内容可能是在那台设备上填写的。如果那不是你，请告诉主持人。',
    incompleteTitle: '提交未完成的评分表？',
    incompleteCells: '{total} 格中有 {missing} 格没有分数：',
    incompleteMore: '……另有 {n} 格',
    incompletePairs: '{total} 个两两比较中有 {missing} 个未回答。',
    incompleteKeep: '留空的格子不算作回答：之前为它记录的分数保持不变。',
    submitAnyway: '仍然提交',
    keepAnswering: '继续作答',
    closedInputs: '答案已无法修改。',
  },
} as const;
export type StringKey = keyof (typeof STRINGS)['en'];

export function format(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? `{${k}}`));
}

/** The browser's language decides, unless the participant chose one. */
export function initialLang(stored: string | null, languages: readonly string[]): PLang {
  if (stored === 'zh-CN' || stored === 'en') return stored;
  for (const l of languages) {
    if (/^zh\b/i.test(l)) return 'zh-CN';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
}

/** When a name was picked elsewhere, as the participant reads it: the local time of day (and the date if not today). */
export function claimTime(at: string, lang: PLang, now: Date = new Date()): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return at;
  const time = d.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return d.toDateString() === now.toDateString() ? time : `${d.toLocaleDateString(lang)} ${time}`;
}
