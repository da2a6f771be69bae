import { expect, type Locator, type Page } from '@playwright/test';

/** The workshop library, in the user's terms. */
export class LibraryPage {
  readonly list: Locator;
  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: /^(Workshops|工作坊)$/ });
  }
  card(title: string | RegExp): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('link', { name: title }) });
  }
  async expectWorkshop(title: string | RegExp) {
    await expect(this.card(title)).toBeVisible();
  }
  async create(title: string, lang: 'en' | 'zh-CN' = 'en') {
    await this.page.getByRole('button', { name: /New workshop|新建工作坊/ }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(title);
    await dialog.getByRole('combobox').selectOption(lang);
    await dialog.getByRole('button', { name: /Create|创建/ }).click();
  }
  async rename(from: string, to: string) {
    await this.card(from)
      .getByRole('button', { name: /Rename|重命名/ })
      .click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(to);
    await dialog.getByRole('button', { name: /Save|保存/ }).click();
  }
  async remove(title: string) {
    await this.card(title)
      .getByRole('button', { name: /Delete|删除/ })
      .click();
  }
  async undoDelete() {
    await this.page
      .getByRole('status')
      .getByRole('button', { name: /Undo|撤销/ })
      .click();
  }
  async search(q: string) {
    await this.page.getByRole('searchbox').fill(q);
  }
  async switchLanguage(lang: 'en' | 'zh-CN') {
    await this.page.getByRole('combobox', { name: /^(Language|语言)$/ }).selectOption(lang);
  }
  /** Opens the sample workshop with the app in `lang`. */
  async openSample(lang: 'en' | 'zh-CN') {
    if (lang === 'zh-CN') await this.switchLanguage('zh-CN');
    await this.card(/Sample|示例/)
      .getByRole('link')
      .first()
      .click();
  }
}
