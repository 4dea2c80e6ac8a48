import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app-store';
import { SidebarOpenContext } from '../sidebar-open';
import { CollapseToggle } from './collapse-toggle';

function renderToggle(open: boolean | undefined) {
  const store = createAppStore();
  const view = render(
    <Provider store={store}>
      <MantineProvider>
        <SidebarOpenContext value={open}>
          <CollapseToggle />
        </SidebarOpenContext>
      </MantineProvider>
    </Provider>,
  );
  return { store, view };
}

/** Issue 25 item 21: the toggle names what a press does to the sidebar on screen. */
describe('CollapseToggle', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('says 收起菜单 over an open sidebar and 展开菜单 over a closed one, whatever is stored', () => {
    // A small screen's overlay: open while the stored flag says collapsed, and closed while not.
    const { store } = renderToggle(true);
    act(() => void store.dispatch({ type: 'ui/collapseToggled' }));
    expect(store.getState().ui.collapsed).toBe(true);
    const open = screen.getByRole('button', { name: '收起菜单' });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    cleanup();
    renderToggle(false);
    expect(screen.getByRole('button', { name: '展开菜单' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('follows the stored flag outside the layout (a wide screen)', () => {
    const { store } = renderToggle(undefined);
    const button = screen.getByRole('button', { name: '收起菜单' });
    fireEvent.click(button);
    expect(store.getState().ui.collapsed).toBe(true);
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeTruthy();
  });
});
