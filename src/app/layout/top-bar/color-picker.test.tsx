import { useMantineTheme } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemedMantine } from '../../../components/mantine-root';
import { readablePrimary } from '../../../state/theme';
import { personalisationChanged } from '../../../state/ui-slice';
import { createAppStore } from '../../app-store';
import { ThemeColorPicker } from './color-picker';

/** The colour the console is painted with (Mantine's primary shade). */
function Primary() {
  return <output aria-label="primary">{useMantineTheme().colors.brand?.[6]}</output>;
}

function renderPicker() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <ThemedMantine>
        <ThemeColorPicker />
        <Primary />
      </ThemedMantine>
    </Provider>,
  );
  return store;
}

const primary = () => screen.getByRole('status', { name: 'primary' }).textContent;

async function typeColour(value: string) {
  const input = await screen.findByLabelText('颜色值');
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('ThemeColorPicker with a tenant colour (issue 16 item 6)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it("lets the user's pick override the tenant's saved colour, says which applies, and 恢复默认 returns to the tenant's", async () => {
    const store = renderPicker();
    act(() => {
      store.dispatch(
        personalisationChanged({
          systemColor: '#722ed1',
          sideName: '',
          smallWindowLogoUrl: '',
          navigationBarLogoUrl: '',
        }),
      );
    });
    expect(primary()).toBe('#722ed1');

    fireEvent.click(screen.getByRole('button', { name: '主题色' }));
    expect(await screen.findByText('正在使用租户设置的颜色 #722ed1')).toBeTruthy();
    expect(screen.getByRole('button', { name: '恢复默认' }).hasAttribute('disabled')).toBe(true);

    await typeColour('#eb2f96');
    expect(primary()).toBe(readablePrimary('#eb2f96'));
    expect(screen.getByText('正在使用您选择的颜色（覆盖租户颜色）')).toBeTruthy();
    expect(localStorage.getItem('quanyi.color')).toBe('"#eb2f96"');

    fireEvent.click(screen.getByRole('button', { name: '恢复默认' }));
    expect(primary()).toBe('#722ed1');
    expect(screen.getByText('正在使用租户设置的颜色 #722ed1')).toBeTruthy();
    expect(localStorage.getItem('quanyi.color')).toBeNull();
  });

  it('paints the default colour darkened just enough for white text at 4.5:1', () => {
    renderPicker();
    // #12a182 under white text is 3.3:1; the console paints #0e7a63 (5.3:1).
    expect(primary()).toBe('#0e7a63');
  });
});
