import { type ComponentType, lazy, useState } from 'react';

/**
 * React.lazy with a preload. React.lazy suspends on its first render even when its
 * module has long been loaded, so its Suspense fallback is painted first and the component a frame or a
 * long render later, moving what is below it. Once `preload()` has resolved, this one renders at once. A
 * mount keeps the component it started with (the lazy one, or the loaded one): a change of type would
 * mount it again and lose its state.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed load (a new deployment, the network) may be tried again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once, at a module's top level, as React.lazy is.
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
