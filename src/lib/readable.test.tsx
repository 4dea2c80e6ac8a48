import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readable, useArrived } from './readable';

function Shows({ loading }: { loading: Promise<string> }) {
  const text = useArrived(loading);
  return <p>{text ?? 'loading'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
  override state: { error?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

function deferred() {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = readable(
    new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    }),
  );
  return { promise, resolve, reject };
}

describe('useArrived (code that arrives after the first render)', () => {
  // No timer runs in these tests: what arrives must show without one (React holds a suspended
  // boundary's reveal on a 300 ms timer, which is what this hook avoids).
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] }));
  afterEach(() => vi.useRealTimers());

  it('shows the placeholder, then the value as soon as it arrives', async () => {
    const code = deferred();
    render(<Shows loading={code.promise} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => code.resolve('the screen'));
    expect(screen.getByText('the screen')).toBeTruthy();
  });

  it('renders at once what has already arrived', async () => {
    const code = deferred();
    code.resolve('preloaded');
    await act(async () => {});
    render(<Shows loading={code.promise} />);
    expect(screen.getByText('preloaded')).toBeTruthy();
  });

  it('throws a failed load to the error boundary', async () => {
    const code = deferred();
    render(
      <Boundary>
        <Shows loading={code.promise} />
      </Boundary>,
    );
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => code.reject(new Error('chunk lost')));
    quiet.mockRestore();
    expect(screen.getByText('failed: chunk lost')).toBeTruthy();
  });
});
