import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazyComponent', () => {
  // No timer runs: the loaded component must show without one (see useArrived).
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('renders the fallback with the props, then the loaded component as soon as it arrives', async () => {
    let arrive!: () => void;
    const load = vi.fn(
      () =>
        new Promise<{ default: typeof Greeting }>((resolve) => {
          arrive = () => resolve({ default: Greeting });
        }),
    );
    const Lazy = lazyComponent(load, ({ name }) => <p>waiting for {name}</p>);
    render(<Lazy name="ops" />);
    expect(screen.getByText('waiting for ops')).toBeTruthy();
    await act(async () => arrive());
    expect(screen.getByText('hello ops')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads once for every place it renders, and tries again after a failure', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new Error('chunk lost'))
        : Promise.resolve({ default: Greeting });
    };
    const Lazy = lazyComponent(load);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = render(<Lazy name="a" />);
    await act(async () => {});
    unmount();
    render(
      <>
        <Lazy name="b" />
        <Lazy name="c" />
      </>,
    );
    await act(async () => {});
    quiet.mockRestore();
    expect(screen.getByText('hello b')).toBeTruthy();
    expect(screen.getByText('hello c')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('preload() loads the code before the first render, which then shows it at once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Lazy = lazyComponent(load, () => <p>waiting</p>);
    Lazy.preload();
    Lazy.preload();
    await act(async () => {});
    render(<Lazy name="early" />);
    expect(screen.getByText('hello early')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
