/** Import of workshop files and library backup/restore, in the library toolbar. Filled by the export feature. */
export function LibraryTransfer() {
  return null;
}
