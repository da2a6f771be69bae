/**
 * The report's stylesheet, inlined into every HTML report. Screen and print: A4 pages,
 * headings kept with what follows, charts and table rows never cut across pages, long
 * unbroken user text wrapped instead of widening the page.
 */
export const REPORT_CSS = `
:root { --text: #16202c; --muted: #5a6675; --border: #d5dbe3; --soft: #eef1f5; --accent: #1f5fbf; --good: #1b7f3b; --bad: #b3261e; --warn: #a35a00; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 980px; padding: 32px 40px 48px; color: var(--text); background: #fff;
  font: 14px/1.55 system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif; }
h1 { font-size: 28px; line-height: 1.25; margin: 4px 0 12px; }
h2 { font-size: 20px; margin: 36px 0 12px; padding-bottom: 6px; border-bottom: 2px solid var(--accent); }
h3 { font-size: 15px; margin: 22px 0 8px; }
h4 { font-size: 13px; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .03em; }
p, li, dd, dt, td, th, figcaption { overflow-wrap: break-word; }
bdi.wrap { overflow-wrap: anywhere; }
code bdi { overflow-wrap: normal; }
.kicker { text-transform: uppercase; letter-spacing: .08em; color: var(--accent); font-weight: 600; font-size: 12px; margin: 0; }
.lead { font-size: 15px; }
.prose { white-space: normal; }
.muted { color: var(--muted); }
.small { font-size: 12px; }
.empty { color: var(--muted); font-style: italic; }
.note { font-size: 12px; color: var(--warn); }
.meta { display: flex; flex-wrap: wrap; gap: 4px 28px; margin: 0 0 12px; }
.meta div { display: flex; gap: 6px; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; font-weight: 600; }
.summary { border: 1px solid var(--border); border-left: 4px solid var(--accent); border-radius: 6px; padding: 4px 16px 8px; margin: 18px 0; background: #f8fafc; }
.summary h2 { border: 0; margin: 10px 0 4px; font-size: 16px; }
.summary p { margin: 4px 0; }
.badge { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 10px; border-radius: 999px; vertical-align: middle; }
.badge.good { background: #e3f4e8; color: var(--good); }
.badge.bad { background: #fbe4e2; color: var(--bad); }
.toc ol { columns: 2; margin: 0; padding-left: 20px; }
.toc h2 { font-size: 15px; border: 0; margin: 16px 0 4px; }
.toc a { color: var(--accent); text-decoration: none; }
table { width: 100%; border-collapse: collapse; margin: 8px 0 12px; font-size: 13px; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--border); }
thead th { background: var(--soft); font-size: 12px; font-weight: 600; }
tbody tr:nth-child(even) td, tbody tr:nth-child(even) th { background: #fafbfc; }
th[scope=row] { font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.date { white-space: nowrap; font-variant-numeric: tabular-nums; }
td.share { min-width: 150px; }
.meter { display: inline-block; width: 70px; height: 8px; background: var(--soft); border-radius: 4px; overflow: hidden; vertical-align: middle; margin-right: 4px; }
.meter span { display: block; height: 100%; background: var(--accent); }
.scroll { overflow-x: auto; }
table.scores td, table.scores th { font-size: 12px; padding: 4px 6px; }
/* The cost evidence's bands ("1 h (p10–p90 55 min – 1 h 10 min)") wrap inside their cells. */
table.cost-evidence td, table.cost-evidence th { font-size: 12px; padding: 4px 6px; }
table.cost-evidence .num { white-space: normal; }
.sd { display: block; font-size: 10px; color: var(--muted); }
td.disputed { background: #fff4e5 !important; }
.disputed-key { display: inline-block; padding: 0 6px; background: #fff4e5; border: 1px solid #f1d3a6; border-radius: 3px; font-size: 12px; }
.tag { display: inline-block; font-size: 11px; font-weight: 500; padding: 0 7px; border-radius: 999px; background: var(--soft); color: var(--muted); border: 1px solid var(--border); vertical-align: middle; }
.tag.chosen { background: var(--accent); color: #fff; border-color: var(--accent); }
.tag.tag-stale, p.stale { color: #8a4b00; border-color: #d9a400; background: #fff6da; }
p.stale { padding: 4px 8px; border: 1px solid #d9a400; border-radius: 4px; }
.status { font-size: 12px; white-space: nowrap; }
.status.done, .status.accepted { color: var(--good); }
.status.blocked, .status.rejected { color: var(--bad); }
.status.in-progress, .status.pending { color: var(--warn); }
td.check { width: 24px; font-size: 15px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px; }
.card { border: 1px solid var(--border); border-radius: 6px; padding: 4px 14px 8px; break-inside: avoid; }
.card h3 { margin: 10px 0 4px; }
.chart-figure { margin: 12px 0; break-inside: avoid; page-break-inside: avoid; }
.chart-figure.centred svg.chart { margin: 0 auto; }
.chart-figure.centred figcaption { text-align: center; }
table.qa td:first-child { width: 62%; }
table.assumptions td:nth-child(2) { white-space: nowrap; }
table.validation-matrix td { font-size: 12px; }
.chart-figure figcaption { font-size: 12px; color: var(--muted); }
.chart-figure .chart-title { font-size: 13px; font-weight: 600; color: var(--text); }
svg.chart { display: block; max-width: 100%; height: auto; break-inside: avoid; page-break-inside: avoid; }
.multiples { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 8px 20px; }
.verdict { border-radius: 6px; padding: 2px 16px 6px; margin: 8px 0 16px; break-inside: avoid; }
.verdict.good { background: #eef8f1; border: 1px solid #bfe3ca; }
.verdict.bad { background: #fdf0ef; border: 1px solid #f0c4bf; }
.verdict h3 { margin: 10px 0 4px; }
.verdict ul { margin: 4px 0 6px; padding-left: 20px; }
.sim { border: 1px solid var(--border); border-radius: 6px; padding: 2px 16px 10px; margin: 10px 0; break-inside: avoid; }
.kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 8px; margin: 8px 0; }
.kpi { background: var(--soft); border-radius: 6px; padding: 6px 10px; }
.kpi-label { font-size: 11px; color: var(--muted); }
.kpi-value { font-size: 16px; font-weight: 600; font-variant-numeric: tabular-nums; }
.kv { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 0 16px; font-size: 12px; margin: 6px 0; }
.kv div { display: flex; justify-content: space-between; gap: 8px; border-bottom: 1px dotted var(--border); padding: 2px 0; min-width: 0; }
.kv dt { color: var(--muted); min-width: 0; }
.kv dd { margin: 0; text-align: right; min-width: 0; }
.scenario summary { font-size: 12px; color: var(--muted); cursor: default; }
.record { display: grid; grid-template-columns: 160px 1fr; gap: 6px 16px; }
.record div { display: contents; }
.record dt { font-weight: 600; color: var(--muted); }
.record dd { margin: 0; }
code { font-size: 12px; background: var(--soft); padding: 0 4px; border-radius: 3px; }
footer { margin-top: 40px; padding-top: 8px; border-top: 1px solid var(--border); color: var(--muted); font-size: 11px; }
@page { size: A4; margin: 16mm 14mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 11.5px; }
  .page-break { break-before: page; page-break-before: always; }
  h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
  tr, .card, .kpi, .record div { break-inside: avoid; page-break-inside: avoid; }
  /* Small tables stay whole; long ones break between rows and repeat their header. */
  table.ranking, table.acceptability, table.costs, table.sim-compare, table.cost-evidence, table.weights, table.validation-matrix, table.scores { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  .scroll { overflow: visible; }
  .toc a { color: var(--text); }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;
