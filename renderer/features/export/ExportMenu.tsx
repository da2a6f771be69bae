/** Export of the open workshop (report, PDF, Markdown, CSV, workshop file). Filled by the export feature. */
export function ExportMenu() {
  return null;
}
