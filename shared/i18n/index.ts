/**
 * The one text catalogue: every word the screens, the participant page, the reports and the
 * CLI show, per language (`en/`, `zh-CN/`) and per area. `zh-CN/<area>.ts` is typed
 * `Widen<typeof en>`, so a key missing or extra in one language does not compile. Bundles
 * import the areas they need (`en/room`, `zh-CN/room`…), so the library's first paint and the
 * participant page carry only their own text; this index is for tools and tests. Domain wording
 * used on screen and in the reports is a function here: `verdictText` (verdict.ts), `roleLabel`
 * (roles.ts), the scenario labels (simLabels.ts), the issue sentences (issues.ts).
 */
import { assumptions as enAssumptions } from './en/assumptions';
import { common as enCommon } from './en/common';
import { costEvidence as enCostEvidence } from './en/costEvidence';
import { exportText as enExport } from './en/export';
import { participant as enParticipant } from './en/participant';
import { report as enReport } from './en/report';
import { roles as enRoles } from './en/roles';
import { room as enRoom } from './en/room';
import { roomVote as enRoomVote } from './en/roomVote';
import { simLabels as enSimLabels } from './en/simLabels';
import { simulator as enSimulator } from './en/simulator';
import { verdict as enVerdict } from './en/verdict';
import { wizard as enWizard } from './en/wizard';
import { assumptions as zhAssumptions } from './zh-CN/assumptions';
import { common as zhCommon } from './zh-CN/common';
import { costEvidence as zhCostEvidence } from './zh-CN/costEvidence';
import { exportText as zhExport } from './zh-CN/export';
import { participant as zhParticipant } from './zh-CN/participant';
import { report as zhReport } from './zh-CN/report';
import { roles as zhRoles } from './zh-CN/roles';
import { room as zhRoom } from './zh-CN/room';
import { roomVote as zhRoomVote } from './zh-CN/roomVote';
import { simLabels as zhSimLabels } from './zh-CN/simLabels';
import { simulator as zhSimulator } from './zh-CN/simulator';
import { verdict as zhVerdict } from './zh-CN/verdict';
import { wizard as zhWizard } from './zh-CN/wizard';

/** Every area of the catalogue in both languages. */
export const CATALOGUE = {
  en: {
    assumptions: enAssumptions,
    common: enCommon,
    costEvidence: enCostEvidence,
    export: enExport,
    participant: enParticipant,
    report: enReport,
    roles: enRoles,
    room: enRoom,
    roomVote: enRoomVote,
    simLabels: enSimLabels,
    simulator: enSimulator,
    verdict: enVerdict,
    wizard: enWizard,
  },
  'zh-CN': {
    assumptions: zhAssumptions,
    common: zhCommon,
    costEvidence: zhCostEvidence,
    export: zhExport,
    participant: zhParticipant,
    report: zhReport,
    roles: zhRoles,
    room: zhRoom,
    roomVote: zhRoomVote,
    simLabels: zhSimLabels,
    simulator: zhSimulator,
    verdict: zhVerdict,
    wizard: zhWizard,
  },
} as const;
