/// <reference types="vite/client" />

interface Window {
  /** The start-up's early open of the library's database (public/open-early.js), absent where that script did not run. */
  __swEarlyDatabase?: { close(): void };
}
