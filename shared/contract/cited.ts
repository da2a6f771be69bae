/**
 * The address of a cited source (a GPU datasheet, a publication), or null when the citation has
 * none the app may link to. A citation is an https address, optionally followed by a note
 * ("https://… (no NVIDIA product page; OEM spec sheets)"); the address is returned normalised
 * (`new URL().href`), which is also the form the desktop shell's allow-list compares.
 */
export function citedUrl(source: string): string | null {
  const m = /^https:\/\/\S+/i.exec(source.trim());
  if (!m) return null;
  try {
    const u = new URL(m[0]);
    return u.protocol === 'https:' && !u.username && !u.password ? u.href : null;
  } catch {
    return null;
  }
}
