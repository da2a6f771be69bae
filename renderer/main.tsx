import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { takeTokenFromLocation } from './api/token';
import { exportText as enExport } from '../shared/i18n/en/export';
import { exportText as zhExport } from '../shared/i18n/zh-CN/export';
import { initI18n, initialLang } from './i18n';
import { copyKeeper, repo } from './nav/services';
import { App } from './app/App';
import { useLibrary } from './store/instances';
import { openLibrary } from './store/library';
import { storageMessage } from './db/errors';
import { forgetRooms } from './api/forget-rooms';
import { dropCopies, keepWhatIsMissing } from './api/library-copy';
import { copyCall } from './api/copy-call';
import { whenIdle } from './store/after-paint';
import './ui/styles.css';

performance.mark('sw:start'); // the start-up benchmark's phases (test/bench/foundation.bench.ts)
takeTokenFromLocation();
// The features the library screen needs at start-up bring their strings here (one per feature).
const i18n = initI18n([{ en: enExport, 'zh-CN': zhExport }]);

/** How long after start-up the safety copy is brought up to the library: the first minutes of use come first. */
const COPY_CATCH_UP_DELAY_MS = 5000;

/** The longest the first render waits for the library's first read; a slow IndexedDB shows the app loading instead. */
const FIRST_READ_WAIT_MS = 300;

// Start-up: on the first run add the sample workshop, so the app is meaningful at once; then read
// the library's first page. The first render waits for it (up to FIRST_READ_WAIT_MS): rendering an empty
// library first would keep the main thread busy while IndexedDB answers, then paint a second time.
// While the database's files cannot be opened yet, the library says so and the open is retried.
let retried = false;
const opened = openLibrary(repo, initialLang(), (err) => {
  retried = true;
  useLibrary.setState({ error: storageMessage(err) });
});
// The first page is read as soon as the database is open, beside the start-up's read of the settings
// (Dexie queues it behind the open begun above); it is read again only when the start-up wrote
// something (the sample, a lost library's notice) or the open had to be retried.
const earlyRead = useLibrary.getState().refresh(); // reports its own failure
const firstRead = opened
  .then(
    ({ sample, lost }) => {
      if (retried) useLibrary.setState({ error: null });
      // A library this profile had is missing: say so, with what the safety copy holds.
      if (lost) void useLibrary.getState().showLost(lost);
      return sample || lost !== null || retried;
    },
    (err: Error) => {
      useLibrary.setState({ error: storageMessage(err) });
      return false;
    },
  )
  .then((changed) => (changed ? useLibrary.getState().refresh() : earlyRead));
const firstPage = new Promise<void>((resolve) => {
  const off = useLibrary.subscribe((s) => s.loaded && (off(), resolve()));
});
await Promise.race([firstRead, firstPage, new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]);

performance.mark('sw:library-read');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);

// The window's icon comes once the first screen is painted and the page is idle: fetching and
// decoding it takes the main thread, which the first read and the list's frame need first.
void whenIdle().then(() => {
  const icon = Object.assign(document.createElement('link'), { rel: 'icon', type: 'image/svg+xml', href: './favicon.svg' });
  document.head.append(icon);
});

// Purge what was deleted over a week ago, once the library is on screen (idle after its frame),
// and with each purged workshop its room-vote journals and its safety copy on the Node side
// (nothing participants sent outlives it). Then bring the safety copy up to the library (workshops never kept, as by an older
// version of the app, or changed in a window that could not reach the Node side).
void firstRead
  .then(whenIdle)
  .then(() => repo.purgeDeleted(Date.now() - 7 * 86400_000))
  .then(
    (purged) => (purged.length > 0 ? Promise.all([forgetRooms(purged), dropCopies(purged, copyCall)]) : undefined),
    (err: Error) => useLibrary.setState({ error: storageMessage(err) }),
  )
  .then(() => new Promise((resolve) => setTimeout(resolve, COPY_CATCH_UP_DELAY_MS)))
  .then(() => keepWhatIsMissing(repo, copyKeeper, copyCall))
  .catch((err: Error) => console.warn('safety copy not brought up to date:', err));
