// Start-up: opens the library's database while the app's modules load. A classic script in the
// page's head, run as soon as the HTML is parsed, before the modules (which wait for their chunks):
// IndexedDB opens the origin's files in the browser process meanwhile, so the app's own open
// (Dexie, db/repository.ts `ensureFirstRun`) finds them open. It reads and writes nothing:
// - a database that does not exist yet is not created (the upgrade is aborted), so the app's
//   first run still creates it with its sample (Dexie's populate);
// - it closes at once when another connection asks to upgrade, and otherwise once the app
//   has its own connection (main.tsx calls `__swEarlyDatabase.close()`), or after 10 s at most.
// Plain JavaScript, not a module: a module would run only after the page is parsed and its
// chunks are fetched, which is what it is here to overlap. The name must be DB_NAME (db/database.ts;
// test/unit/open-early.test.ts checks both).
(function () {
  var connection = null;
  var closed = false;
  function close() {
    closed = true;
    if (connection) connection.close();
  }
  window.__swEarlyDatabase = { close: close };
  try {
    var request = indexedDB.open('selection-workshop');
    request.onupgradeneeded = function () {
      request.transaction.abort();
    };
    request.onsuccess = function () {
      connection = request.result;
      connection.onversionchange = close;
      if (closed) connection.close();
      else setTimeout(close, 10000);
    };
    request.onerror = function (event) {
      event.preventDefault(); // no storage, or the creation aborted above: the app's own open says what is wrong
    };
  } catch {
    // No IndexedDB here: the app's own open tells the user.
  }
})();
