import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadableLazy', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = preloadableLazy(load);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Erik" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Erik')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('suspends like React.lazy when not preloaded, then loads once', async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = preloadableLazy(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Erik" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Erik')).toBeInTheDocument();
    await act(() => Lazy.preload());
    expect(load).toHaveBeenCalledOnce();
  });

  it('loads again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Greeting);
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toBe(Greeting);
  });
});
