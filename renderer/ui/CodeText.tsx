/**
 * A translated sentence that quotes machine names — a file's column names, a framework's
 * setting (`staleness_threshold`) — between backticks: those parts are shown as code, the rest
 * as text. The names stay as they are in every language; the sentence around them is translated.
 */
export function CodeText({ text }: { text: string }) {
  const parts = text.split('`');
  return <>{parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : p))}</>;
}
