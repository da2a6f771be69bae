import type { ErrorReason, Issue, IssueParams } from '../contract/errors';

/**
 * Validation problems in the reader's language — the one place that turns an issue (its
 * `code` and `params`, see `issuesFromZod`, or the English sentence a schema rule wrote) and
 * a failed workshop check (`MigrateReason`) into text for a person. The English text is the
 * issue's own message (what the contract has always answered); the Chinese text is made here
 * from the code and parameters, never from an English fallback: a rule not listed below reads
 * as a generic "值无效" in Chinese rather than as English. Used by the import dialog, the
 * library's load errors and the CLI's `--lang`.
 */
export type TextLang = 'zh-CN' | 'en';

/** Why a workshop file was refused, as a code and its numbers (the headline above the issue list). */
export type MigrateReason = ErrorReason;

/** The headline for a refused workshop file, in `lang`. */
export function migrateMessage(reason: MigrateReason, lang: TextLang): string {
  const zh = lang === 'zh-CN';
  switch (reason.code) {
    case 'too_long': {
      const n = reason.params.lists ?? 0;
      return zh ? `工作坊文件无效：有 ${n} 个列表过长。` : `The workshop is not valid: ${n} list${n === 1 ? ' is' : 's are'} too long.`;
    }
    case 'too_deep':
      return zh ? '工作坊文件无效：嵌套层级过深。' : 'The workshop is not valid: it is nested too deeply.';
    case 'not_object':
      return zh ? '工作坊文件必须是一个 JSON 对象。' : 'A workshop file must contain a JSON object.';
    case 'no_version':
      return zh ? '这不是工作坊文件：缺少有效的 schemaVersion。' : 'This is not a workshop file: it has no valid schemaVersion.';
    case 'newer_version': {
      const { version = 0, supported = 0 } = reason.params;
      return zh
        ? `此工作坊由更新版本的选型工作坊保存（文件格式第 ${version} 版；本版本最多读取第 ${supported} 版）。请更新应用。`
        : `This workshop was saved by a newer version of Selection Workshop (schema ${version}; this version reads up to ${supported}). Please update the app.`;
    }
    case 'migration_failed': {
      const { from = 0, to = 0 } = reason.params;
      return zh
        ? `无法把工作坊从文件格式第 ${from} 版升级到第 ${to} 版：其内容不符合第 ${from} 版。`
        : `The workshop could not be brought from schema ${from} to ${to}: its content does not match schema ${from}.`;
    }
    case 'invalid': {
      const n = reason.params.count ?? 0;
      return zh ? `工作坊文件无效：发现 ${n} 个问题。` : `The workshop is not valid: ${n} problem${n === 1 ? '' : 's'} found.`;
    }
    case 'parts_incomplete':
      return zh ? '此工作坊在本机保存的各部分不完整，无法拼成完整的工作坊。' : 'The stored parts of this workshop are incomplete.';
  }
}

/** One issue's message in `lang` (its path stays as it is: the file's own field names). */
export function issueText(issue: Issue, lang: TextLang): string {
  if (lang === 'en') return enSimIssue(issue) ?? issue.message;
  return zhIssue(issue);
}

/**
 * The cost simulator's engine refusals in a person's English: the engine's own message names
 * its fields (`tensorParallel`, `maxContextTokens`) for programs; a screen names the setting.
 */
function enSimIssue(issue: Issue): string | null {
  const p = issue.params;
  switch (issue.code) {
    case 'sim_model_does_not_fit': {
      const fit = Number(param(p, 'fitTp'));
      return (
        `The model (${param(p, 'weightGB')} GB of weights) plus one ${param(p, 'context')}-token KV cache (${param(p, 'needGB')} GB in all) ` +
        `does not fit in ${param(p, 'tp')} × ${param(p, 'memoryGB')} GB × ${param(p, 'utilization')}: ` +
        (fit > 0
          ? `raise the tensor parallel degree to ${fit}, or shorten the context window.`
          : 'no tensor parallel degree holds it on this run’s GPUs: add GPUs, choose GPUs with more memory or shorten the context window.')
      );
    }
    case 'sim_tp_above_rollout_gpus': {
      const fit = Number(param(p, 'fitTp'));
      return `Tensor parallel ${param(p, 'tp')} is larger than the ${param(p, 'rolloutGpus')} rollout GPUs` + (fit > 0 ? `: set it to ${fit}.` : '.');
    }
    case 'sim_no_train_gpus':
      return 'No GPUs are left for training: lower the rollout GPUs or the tensor parallel degree.';
    case 'sim_failures_too_frequent':
      return 'GPU failures are so frequent that the run cannot make progress: raise the MTBF or checkpoint more often.';
    case 'sim_partial_too_many':
      return `Partial rollout would keep up to ${param(p, 'cap')} rollouts alive (a rollout can span ${param(p, 'spans')} steps): raise the cut-off tokens or lower the prompts per step.`;
    default:
      return null;
  }
}

/** The issues with their messages in `lang`. */
export function localizeIssues(issues: readonly Issue[], lang: TextLang): Issue[] {
  return issues.map((i) => ({ ...i, message: issueText(i, lang) }));
}

const ZH_TYPES: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '布尔值（true 或 false）',
  array: '列表',
  object: '对象',
  null: '空值',
  date: '日期',
  bigint: '整数',
  tuple: '列表',
  record: '对象',
};

const ZH_FORMATS: Record<string, string> = {
  datetime: '日期时间，如 2026-12-01T09:30:00Z',
  date: '日期，如 2026-12-01',
  time: '时间，如 09:30',
  email: '电子邮件地址',
  url: '网址',
  uuid: 'UUID',
};

const ZH_REFS: Record<string, string> = { participant: '参与者', candidate: '候选方案', criterion: '评估维度' };

function param(p: IssueParams | undefined, key: string): string {
  const v = p?.[key];
  return v === undefined ? '' : String(v);
}

function zhIssue(issue: Issue): string {
  const p = issue.params;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = param(p, 'expected');
      return `缺失或类型不符：应为${ZH_TYPES[expected] ?? expected}`;
    }
    case 'too_small': {
      const limit = param(p, 'limit');
      const inclusive = param(p, 'inclusive') !== '0';
      switch (param(p, 'origin')) {
        case 'string':
          return limit === '1' ? '不能为空' : `至少 ${limit} 个字符`;
        case 'array':
        case 'set':
          return `至少 ${limit} 项`;
        default:
          return inclusive ? `不能小于 ${limit}` : `必须大于 ${limit}`;
      }
    }
    case 'too_big': {
      const limit = param(p, 'limit');
      const inclusive = param(p, 'inclusive') !== '0';
      switch (param(p, 'origin')) {
        case 'string':
          return `最多 ${limit} 个字符`;
        case 'array':
        case 'set':
          return `最多 ${limit} 项`;
        default:
          return inclusive ? `不能大于 ${limit}` : `必须小于 ${limit}`;
      }
    }
    case 'invalid_format': {
      const format = ZH_FORMATS[param(p, 'format')];
      return format ? `格式不正确：应为${format}` : '格式不正确';
    }
    case 'invalid_value':
      return `应为以下之一：${param(p, 'values')}`;
    case 'not_multiple_of':
      return `必须是 ${param(p, 'divisor')} 的倍数`;
    case 'unknown_field':
      return '未知字段';
    case 'invalid_union':
      return '不符合任何允许的形式';
    case 'too_many_items':
      return `项目过多（${param(p, 'count')} 项；最多 ${param(p, 'max')} 项）`;
    case 'too_deep':
      return `嵌套过深（工作坊最多嵌套 ${param(p, 'max')} 层）`;
    case 'expected_object':
      return '应为对象';
    case 'expected_version':
      return '应为正整数';
    case 'unsupported_version':
      return `不支持的版本 ${param(p, 'version')}`;
    case 'not_version':
      return `不是有效的第 ${param(p, 'version')} 版文档`;
    case 'parts_incomplete':
      return '保存的各部分对不上';
    case 'custom':
      return zhCustom(issue.message);
    // The cost simulator's engine (electron/costsim: SimInputError codes).
    case 'sim_model_does_not_fit': {
      const fit = Number(param(p, 'fitTp'));
      return (
        `模型（权重 ${param(p, 'weightGB')} GB）加一条 ${param(p, 'context')} token 的 KV 缓存（共 ${param(p, 'needGB')} GB）` +
        `放不进 ${param(p, 'tp')} × ${param(p, 'memoryGB')} GB × ${param(p, 'utilization')} 的显存：` +
        (fit > 0
          ? `请把张量并行度提高到 ${fit}，或缩小上下文窗口。`
          : '本次运行的 GPU 数下没有放得下的张量并行度：请增加 GPU、换用显存更大的 GPU 或缩小上下文窗口。')
      );
    }
    case 'sim_tp_above_rollout_gpus': {
      const fit = Number(param(p, 'fitTp'));
      return `张量并行度 ${param(p, 'tp')} 大于 rollout 的 ${param(p, 'rolloutGpus')} 张 GPU` + (fit > 0 ? `：请改为 ${fit}。` : '。');
    }
    case 'sim_no_train_gpus':
      return '没有留给训练的 GPU：请减少 rollout GPU 数或张量并行度。';
    case 'sim_failures_too_frequent':
      return 'GPU 故障过于频繁，训练无法推进：请提高平均无故障时间或更频繁地保存检查点。';
    case 'sim_partial_too_many':
      return `部分 rollout 会同时保留多达 ${param(p, 'cap')} 个 rollout（一个 rollout 可跨 ${param(p, 'spans')} 步）：请提高截止 token 数或减少每步提示数。`;
    case 'sim_pilot_gpus_below_tp':
      return `有一行试点数据在 ${param(p, 'gpus')} 张 GPU 上运行，少于一个张量并行度为 ${param(p, 'tp')} 的推理引擎所需。`;
    case 'sim_pilot_separate_one_gpu':
      return `有一行试点数据只在 ${param(p, 'gpus')} 张 GPU 上运行，但试点把 rollout 与训练放在分离的资源池（至少 2 张 GPU）。`;
    case 'sim_pilot_no_measurements':
      return '试点数据中没有步耗时、rollout 或训练耗时，也没有每秒 token 数。';
    case 'sim_pilot_too_few':
      return `试点数据只有 ${param(p, 'n')} 个测量值，要拟合 ${param(p, 'q')} 个参数并给出其不确定性至少需要 ${param(p, 'need')} 个。`;
    default:
      return '值无效';
  }
}

/**
 * The schema rules' own sentences (shared/model/schema.ts, shared/contract/sim.ts,
 * shared/scoring/value-function.ts), each with its Chinese text. A sentence not listed here
 * reads as "值无效" (the path still says where).
 */
const ZH_CUSTOM: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^must be a finite number$/, () => '必须是有限的数字'],
  [/^must have at most (\d+) entries$/, (m) => `最多 ${m[1]} 项`],
  [/^must have at most (\d+) points$/, (m) => `最多 ${m[1]} 个点`],
  [/^min must be less than max$/, () => '最小值必须小于最大值'],
  [/^must not be empty$/, () => '不能为空'],
  [/^must be a list of \[x, y\] pairs$/, () => '必须是 [x, y] 数对的列表'],
  [/^must be an \[x, y\] pair of numbers$/, () => '必须是一对数字 [x, y]'],
  [/^must be in ([[(][^,]+), ([^\])]+[\])])$/, (m) => `必须在区间 ${m[1]}, ${m[2]} 内`],
  [/^must be > (\S+)$/, (m) => `必须大于 ${m[1]}`],
  [/^must be >= (\S+)$/, (m) => `不能小于 ${m[1]}`],
  [/^must be <= (\S+)$/, (m) => `不能大于 ${m[1]}`],
  [/^duplicate id "(.*)"$/s, (m) => `重复的标识 “${m[1]}”`],
  [/^colour slot (\d+) is already taken$/, (m) => `颜色位 ${m[1]} 已被占用`],
  [/^unknown (participant|candidate|criterion) "(.*)"$/s, (m) => `未知的${ZH_REFS[m[1]]} “${m[2]}”`],
  [/^must be within the scale (-?[\d.]+?)(?:\.\.|…)(-?[\d.]+)$/, (m) => `必须在评分量表 ${m[1]}–${m[2]} 之内`],
  [/^must be (\d+)×(\d+)$/, (m) => `必须是 ${m[1]}×${m[2]} 的矩阵`],
  [/^the diagonal is 1$/, () => '对角线上的值为 1'],
  [/^an unanswered pair is null on both sides of the diagonal$/, () => '未回答的一对比较在对角线两侧都必须留空'],
  [/^worst and best must be finite numbers$/, () => '最差值和最佳值必须是有限的数字'],
  [/^worst and best must differ$/, () => '最差值和最佳值必须不同'],
  [/^needs at least two breakpoints$/, () => '至少需要两个折点'],
  [/^breakpoint (\d+) must be finite numbers$/, (m) => `第 ${m[1]} 个折点必须是有限的数字`],
  [/^breakpoint (\d+): value must be within 0\.\.1$/, (m) => `第 ${m[1]} 个折点：取值必须在 0–1 之内`],
  [/^breakpoint (\d+): measurements must increase$/, (m) => `第 ${m[1]} 个折点：测量值必须递增`],
  [/^threshold, pass and fail must be finite numbers$/, () => '阈值、达标值和未达标值必须是有限的数字'],
  [/^pass and fail must be within 0\.\.1$/, () => '达标值和未达标值必须在 0–1 之内'],
  // The cost simulator's scenario (shared/contract/sim.ts).
  [/^(.+): (p99|max) must be >= median$/, (m) => (m[2] === 'p99' ? 'p99 不能小于中位数' : '上限不能小于中位数')],
  [/^promptTokens must be < maxContextTokens$/, () => '提示长度必须小于上下文窗口'],
  [/^promptTokens \+ summaryTokens must be < maxContextTokens$/, () => '提示加摘要的长度必须小于上下文窗口'],
  [/^activeParamsB must be <= paramsB$/, () => '激活参数不能超过模型总参数'],
  [/^steps × promptsPerStep × rolloutsPerPrompt must be <= (\d+)$/, (m) => `步数 × 每步提示数 × 每个提示的 rollout 数不能超过 ${m[1]}`],
  [/^tensorParallel must be <= gpus$/, () => '张量并行度不能超过 GPU 数'],
  [/^rolloutGpus \+ trainGpus must equal gpus$/, () => 'Rollout GPU 数与训练 GPU 数之和必须等于 GPU 总数'],
  [
    /^(rolloutGpus|trainGpus) must be < gpus when not colocated$/,
    (m) => `分离资源池时，${m[1] === 'trainGpus' ? '训练' : ' Rollout '} GPU 数必须小于 GPU 总数`,
  ],
  [/^separate pools need at least 2 GPUs \(or set colocated\)$/, () => '分离资源池至少需要 2 张 GPU（或改为共置）'],
  [/^hybridOwnedGpus must be <= cluster\.gpus$/, () => '自有 GPU 数不能超过 GPU 总数'],
  [/^partial rollout needs async mode/, () => '部分 rollout 需要异步模式：权重更新后续写的 rollout 来自旧策略'],
];

function zhCustom(message: string): string {
  for (const [re, text] of ZH_CUSTOM) {
    const m = re.exec(message);
    if (m) return text(m);
  }
  return '值无效';
}
