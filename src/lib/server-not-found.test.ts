import { afterEach, describe, expect, it } from 'vitest';
import { adoptServerNotFound } from './server-not-found';

describe('adoptServerNotFound', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('moves a page the server marked as not found to /404', () => {
    window.history.replaceState(null, '', '/actuator/env');
    document.head.innerHTML = '<meta name="quanyi-status" content="404">';
    expect(adoptServerNotFound(document, window.history)).toBe(true);
    expect(window.location.pathname).toBe('/404');
    expect(document.querySelector('meta[name="quanyi-status"]')).toBeNull();
  });

  it('leaves a console route where it is', () => {
    window.history.replaceState(null, '', '/system/user');
    expect(adoptServerNotFound(document, window.history)).toBe(false);
    expect(window.location.pathname).toBe('/system/user');
  });
});
