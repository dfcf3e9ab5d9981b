/**
 * `useStore` of `@nanostores/react` for the script-tag build, which resolves
 * `@nanostores/react` here (`build/build.mjs`) as it resolves React to
 * `react-on-preact.ts`. The elements call it with a store alone, so the package's `keys`
 * option (and with it nanostores' `listenKeys` and deep-map path code), `ssr` and
 * `useLoadingStore` are left out, and it subscribes with Preact's hooks directly instead
 * of through `useSyncExternalStore`. The ESM build and the tests keep the real package.
 */
import type { ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'preact/hooks';

/** The store's current value; the component renders again whenever it changes. */
export function useStore<Value>(store: ReadableAtom<Value>): Value {
  const value = store.get();
  const [, rerender] = useState<object>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` is only compared once, at subscription.
  useEffect(() => {
    // The store may have changed between this render and the subscription.
    if (store.get() !== value) rerender({});
    return store.listen(() => rerender({}));
  }, [store]);
  return value;
}
