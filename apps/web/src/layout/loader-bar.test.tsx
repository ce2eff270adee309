import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n';
import { LoaderBar } from './loader-bar';

/** A call the test finishes by hand. */
function deferred() {
  let resolve: (value: string) => void = () => {};
  const promise = new Promise<string>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
type Deferred = ReturnType<typeof deferred>;

function Calls({ first, second, save }: { first: Deferred; second: Deferred; save: Deferred }) {
  useQuery({ queryKey: ['a'], queryFn: () => first.promise });
  useQuery({ queryKey: ['b'], queryFn: () => second.promise });
  const mutation = useMutation({ mutationFn: () => save.promise });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      save
    </button>
  );
}

describe('the loader bar (spec §2, §4)', () => {
  it('shows while any call is in flight and hides when the last one ends', async () => {
    const calls = { first: deferred(), second: deferred(), save: deferred() };
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <>
            <LoaderBar />
            <Calls {...calls} />
          </>
        ),
      },
    ]);
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const bar = () => screen.queryByRole('progressbar', { name: 'Loading' });
    await waitFor(() => expect(bar()).toBeInTheDocument());
    await act(async () => calls.first.resolve('a'));
    expect(bar()).toBeInTheDocument();
    await act(async () => calls.second.resolve('b'));
    await waitFor(() => expect(bar()).toBeNull());
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(bar()).toBeInTheDocument());
    await act(async () => calls.save.resolve('saved'));
    await waitFor(() => expect(bar()).toBeNull());
  });
});
