import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import { langChanged } from '../../state/ui-slice';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The browser goes offline (navigator.onLine turns false, then the window hears it). */
function connection(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('OfflineBanner (issue 15 item 19)', () => {
  it('says the console is offline while it is, in the status region, and goes when back', () => {
    const store = renderSignedIn(<OfflineBanner />, { notifications: false });
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    connection(false);
    expect(screen.getByRole('status').textContent).toBe('网络已断开，恢复连接后将自动刷新列表');

    act(() => {
      store.dispatch(langChanged('en'));
    });
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline; lists will refresh when the connection returns',
    );

    connection(true);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows at once when the console starts offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSignedIn(<OfflineBanner />, { notifications: false });
    expect(screen.getByRole('status').textContent).toContain('网络已断开');
  });
});
