import { expect, type Download, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The export dialog of an open workshop, and the library's file actions, in the user's terms. */
export class ExportDialog {
  readonly dialog: Locator;
  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /Export this workshop|导出此工作坊/ });
  }
  /** Opens the sample workshop from the library, then its export dialog. */
  static async ofSample(page: Page): Promise<ExportDialog> {
    await page.getByRole('link', { name: /Sample|示例/ }).click();
    const dialog = new ExportDialog(page);
    await dialog.open();
    return dialog;
  }
  /** Saves a download in the test's output folder under the name the app suggested; returns its path. */
  static async keep(download: Download, info: TestInfo): Promise<string> {
    const file = info.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    return file;
  }
  async open() {
    await this.page.getByRole('button', { name: /^⤓ (Export|导出)$/ }).click();
    await expect(this.dialog).toBeVisible();
  }
  /** Picks a format and returns the download it produces. */
  async export(label: RegExp, timeout = 60_000): Promise<Download> {
    const download = this.page.waitForEvent('download', { timeout });
    await this.dialog.getByRole('button', { name: label }).click();
    return download;
  }
  async close() {
    await this.dialog.getByRole('button', { name: /^(Close|关闭)$/ }).click();
  }
}

export class LibraryTransferBar {
  constructor(readonly page: Page) {}
  async importFile(file: string | { name: string; mimeType: string; buffer: Buffer }) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: /Import workshop|导入工作坊/ }).click();
    await (await chooser).setFiles(file);
  }
  async restore(file: string) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: /Restore backup|从备份恢复/ }).click();
    await (await chooser).setFiles(file);
  }
  async backup(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: /Back up library|备份全部工作坊/ }).click();
    return download;
  }
  get problems(): Locator {
    return this.page.getByRole('dialog', { name: /This file was not imported|此文件未导入/ });
  }
  get toast(): Locator {
    return this.page.getByRole('status').filter({ hasText: /Added|Restored|Nothing to restore|Saved a backup|已将|已恢复|无需恢复/ });
  }
}
