// The web host's access token of this tab, apart from the client (client.ts) so that start-up
// (main.tsx) keeps it without loading the contract's error schemas (zod) before the first frame.

const TOKEN_KEY = 'sw.token';
/** The web host's access token of this tab (null in Electron). */
export const webToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

/** The web host's token arrives once in the address (`#token=…`); keep it for this tab's session. */
export function takeTokenFromLocation(loc: Location = window.location): string | null {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(loc.hash);
  if (match) {
    sessionStorage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', loc.pathname + loc.search + '#/');
    return match[1];
  }
  return webToken();
}
