import { registerFeatureLocales } from '../i18n';
import { room as enRoom } from '../../shared/i18n/en/room';
import { roomVote as enRoomVote } from '../../shared/i18n/en/roomVote';
import { simulator as enSimulator } from '../../shared/i18n/en/simulator';
import { wizard as enWizard } from '../../shared/i18n/en/wizard';
import { room as zhRoom } from '../../shared/i18n/zh-CN/room';
import { roomVote as zhRoomVote } from '../../shared/i18n/zh-CN/roomVote';
import { simulator as zhSimulator } from '../../shared/i18n/zh-CN/simulator';
import { wizard as zhWizard } from '../../shared/i18n/zh-CN/wizard';

// The strings of the workshop's steps load with the workshop's chunk, not at start-up
// (main.tsx lists what the library needs). One line per feature; the text is in shared/i18n.
registerFeatureLocales([
  { en: enWizard, 'zh-CN': zhWizard },
  { en: enRoom, 'zh-CN': zhRoom },
  { en: enRoomVote, 'zh-CN': zhRoomVote },
  { en: enSimulator, 'zh-CN': zhSimulator },
]);
