import { registerFeatureLocales } from '../../i18n';
import { wizardLocale } from '../wizard/locales';
import { roomLocale } from '../room/locales';
import { roomVoteLocale } from '../room/vote-locales';
import { simulatorLocale } from '../simulator/locales';

// The strings of the workshop's steps load with the workshop's chunk, not at start-up
// (main.tsx lists what the library needs). One line per feature.
registerFeatureLocales([wizardLocale, roomLocale, roomVoteLocale, simulatorLocale]);
