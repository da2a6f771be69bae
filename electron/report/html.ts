import type { Block, Cell, Inline, ReportSection } from './blocks';
import type { ReportContent } from './content';
import { escapeHtml as c, userHtml as u } from './escape';
import { buildSections } from './sections';
import { REPORT_CSS } from './style';

/**
 * The HTML report: one self-contained document (inline CSS and SVG; no script, no external
 * reference of any kind), readable offline and printable. `c()` escapes our own words,
 * `u()` escapes and isolates user text — nothing else reaches the output.
 */

/** The report page allows nothing but its own inline styles: even a rendering bug cannot run script or fetch. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** The report's sections (sections.ts) in one page, after a cover with the summary and the contents. */
export function renderHtml(r: ReportContent, sections: readonly ReportSection[] = buildSections(r)): string {
  const { s, doc } = r;
  const meta = [
    doc.meta.team && [s.team, doc.meta.team],
    doc.meta.facilitator && [s.facilitator, doc.meta.facilitator],
    doc.meta.date && [s.date, doc.meta.date],
  ].filter(Boolean) as Array<[string, string]>;

  return `<!DOCTYPE html>
<html lang="${r.lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${c(REPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Selection Workshop">
<title>${c(`${s.reportTitle} — `)}${c(doc.meta.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header class="cover">
<p class="kicker">${c(s.reportTitle)}</p>
<h1>${u(doc.meta.title)}</h1>
${meta.length ? `<dl class="meta">${meta.map(([k, v]) => `<div><dt>${c(k)}</dt><dd>${u(v)}</dd></div>`).join('')}</dl>` : ''}
${doc.meta.description.trim() ? `<p class="prose lead">${u(doc.meta.description)}</p>` : ''}
${summaryBox(r)}
<nav class="toc" aria-label="${c(s.contents)}"><h2>${c(s.contents)}</h2><ol>${sections.map((x) => `<li><a href="#${c(x.id)}">${c(x.title)}</a></li>`).join('')}</ol></nav>
</header>
<main>
${sections.map((x) => `<section id="${c(x.id)}"${x.pageBreak ? ' class="page-break"' : ''}><h2>${c(x.title)}</h2>${blocks(x.blocks)}</section>`).join('\n')}
</main>
<footer><p>${c(s.generatedBy)} · ${c(s.versions(doc.schemaVersion, doc.frameworkVersion))}</p></footer>
</body>
</html>
`;
}

function summaryBox(r: ReportContent): string {
  const { s, analysis } = r;
  const lines: string[] = [];
  if (analysis.problem) lines.push(c(s.analysisUnavailable(analysis.problem)));
  else if (r.winner) lines.push(c(s.summaryWinner('\uE000')).replace('\uE000', `<strong>${u(r.winner.name)}</strong>`));
  else lines.push(c(s.summaryNoScores));
  lines.push(r.decided ? c(s.summaryDecided('\uE000')).replace('\uE000', `<strong>${u(r.decided.name)}</strong>`) : c(s.summaryNoDecision));
  const v = analysis.verdict;
  const badge = v ? `<span class="badge ${v.fragile ? 'bad' : 'good'}">${c(v.fragile ? s.fragile : s.robust)}</span>` : '';
  return `<div class="summary"><h2>${c(s.summary)} ${badge}</h2>${lines.map((l) => `<p>${l}</p>`).join('')}</div>`;
}

/** Inline text: our words escaped, the user's escaped and isolated. */
function inline(x: Inline): string {
  if (typeof x === 'string') return c(x);
  if (Array.isArray(x)) return x.map(inline).join('');
  if ('user' in x) return u(x.user);
  if ('strong' in x) return `<strong>${inline(x.strong)}</strong>`;
  if ('span' in x) return x.div ? `<div class="${c(x.cls)}">${inline(x.span)}</div>` : `<span class="${c(x.cls)}">${inline(x.span)}</span>`;
  if ('br' in x) return '<br>';
  return `<span class="meter"><span style="width:${(x.meter * 100).toFixed(1)}%"></span></span>`;
}

function blocks(list: readonly Block[]): string {
  return list.map(block).join('');
}

/** One renderer per block kind. */
function block(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return b.level === 4 ? `<h4>${inline(b.text)}</h4>` : `<h3>${inline(b.text)}</h3>`;
    case 'paragraph':
      return `<p${b.style ? ` class="${c(b.style)}"` : ''}>${inline(b.text)}</p>`;
    case 'table':
      return table(b.head, b.rows, b.cls);
    case 'pairs':
      return `<dl class="${b.style}">${b.entries.map(([k, v]) => `<div><dt>${inline(k)}</dt><dd>${inline(v)}</dd></div>`).join('')}</dl>`;
    case 'chart':
      return `<figure class="chart-figure${b.cls ? ` ${c(b.cls)}` : ''}">${b.title ? `<figcaption class="chart-title">${c(b.title)}</figcaption>` : ''}${b.svg}<figcaption>${c(b.caption)}</figcaption></figure>`;
    case 'callout':
      return `<div class="verdict ${b.tone}"><h3>${inline(b.title)}</h3>${list(b.items)}</div>`;
    case 'list':
      return list(b.items);
    case 'kpis':
      return `<div class="kpis">${b.items.map(([k, v]) => `<div class="kpi"><div class="kpi-label">${c(k)}</div><div class="kpi-value">${c(v)}</div></div>`).join('')}</div>`;
    case 'group':
      return group(b);
  }
}

function group(b: Extract<Block, { kind: 'group' }>): string {
  const inner = blocks(b.blocks);
  switch (b.box) {
    case 'card':
      return `<article class="card">${inner}</article>`;
    case 'sim':
      return `<article class="sim">${inner}</article>`;
    case 'details':
      return `<details class="scenario" open><summary>${c(b.summary ?? '')}</summary>${inner}</details>`;
    default:
      return `<div class="${b.box}">${inner}</div>`;
  }
}

const list = (items: readonly Inline[]) => `<ul>${items.map((l) => `<li>${inline(l)}</li>`).join('')}</ul>`;

function table(head: readonly string[], rows: readonly Cell[][], cls: string): string {
  const cell = (x: Cell) => (x.rowHeader ? `<th scope="row">${inline(x.text)}</th>` : `<td${x.cls ? ` class="${c(x.cls)}"` : ''}>${inline(x.text)}</td>`);
  return `<table class="${c(cls)}"><thead><tr>${head.map((h) => `<th scope="col">${c(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}
