import { Menu } from '@mantine/core';
import { useT } from '../../state/hooks';

export interface ContextMenuState {
  key: string;
  label: string;
  x: number;
  y: number;
  /** Where focus goes back to when the menu closes. */
  returnTo: HTMLElement | null;
}

/**
 * The tab's right-click menu (spec screen 9): close others, close all, cancel. Opened at the
 * pointer through an invisible anchor, or under the tab for Shift+F10 / the ContextMenu key.
 */
export function TabContextMenu({
  state,
  onClose,
  closeOthers,
  closeAll,
}: {
  state: ContextMenuState | null;
  onClose: () => void;
  closeOthers: (key: string) => void;
  closeAll: () => void;
}) {
  const t = useT();
  const close = () => {
    const target = state?.returnTo;
    onClose();
    // After the menu's own focus handling, back to the tab (or its successor when it closed).
    setTimeout(() => {
      if (target?.isConnected) target.focus();
      else document.querySelector<HTMLElement>('[data-tab-link][aria-current="page"]')?.focus();
    }, 0);
  };
  return (
    <Menu
      opened={state !== null}
      onChange={(open) => {
        if (!open) close();
      }}
      position="bottom-start"
      offset={2}
      withinPortal
    >
      <Menu.Target>
        <div
          aria-hidden="true"
          style={{
            position: 'fixed',
            left: state?.x ?? 0,
            top: state?.y ?? 0,
            width: 1,
            height: 1,
            pointerEvents: 'none',
          }}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={state ? t('layout.tabs.menu', { label: state.label }) : undefined}>
        <Menu.Item onClick={() => state && closeOthers(state.key)}>
          {t('layout.tabs.closeOthers')}
        </Menu.Item>
        <Menu.Item onClick={closeAll}>{t('layout.tabs.closeAll')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={close}>{t('common.cancel')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
