import type { MenuCommand } from '../../shared/contract/bridge';

/**
 * The desktop close guard. The page's `beforeunload` (renderer/store/autosave.ts) refuses to
 * unload while something unsaved would not survive it; Electron then emits
 * `will-prevent-unload` and the shell asks with this dialog. Save and Discard go back to the
 * page as commands (it saves, or forgets its journal, and closes itself); Cancel keeps the
 * window open.
 */
export const CLOSE_BUTTONS = { save: 0, discard: 1, cancel: 2 } as const;

export function unsavedCloseDialog(locale: string) {
  const zh = /^zh/i.test(locale);
  return {
    type: 'warning' as const,
    buttons: zh ? ['保存', '不保存', '取消'] : ['Save', 'Discard', 'Cancel'],
    defaultId: CLOSE_BUTTONS.save,
    cancelId: CLOSE_BUTTONS.cancel,
    noLink: true,
    title: 'Selection Workshop',
    message: zh ? '此工作坊有尚未保存的修改。' : 'This workshop has changes that are not saved.',
    detail: zh
      ? '保存：再试一次保存，成功后关闭。不保存：丢弃这些修改并关闭。取消：回到工作坊。'
      : 'Save tries to save again and closes once it has. Discard drops these changes and closes. Cancel goes back to the workshop.',
  };
}

/** The command for the page after the user's answer (the dialog's button index), or null: stay open. */
export function closeCommand(response: number): MenuCommand | null {
  if (response === CLOSE_BUTTONS.save) return 'close:save';
  if (response === CLOSE_BUTTONS.discard) return 'close:discard';
  return null;
}
