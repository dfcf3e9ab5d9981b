/**
 * The part of React the elements use, on Preact and `preact/hooks`: what the script-tag
 * build resolves `react`, `react-dom` and `react-dom/client` to (`build/build.mjs`) instead
 * of `preact/compat`. Compat also carries Suspense, lazy, memo, forwardRef, Children,
 * portals, class-component lifecycles and event wrappers, which none of the elements use.
 *
 * It keeps the React behaviour the elements rely on, by a `vnode` hook over DOM elements:
 * `onChange` on text inputs and textareas fires on every keystroke (React's semantics,
 * Preact's `input` event), `onFocus`/`onBlur` are the bubbling `focusin`/`focusout`, and
 * `className` is written as `class`. The ESM build and the tests keep real React.
 */
import { type ComponentChild, options, render, type VNode } from 'preact';

export { createElement, Fragment } from 'preact';
export {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'preact/hooks';

import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

// File, checkbox and radio inputs keep `change`: React fires onChange for them on commit.
const keepsChangeEvent = /fil|che|rad/;

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  if (typeof type === 'string') {
    const props = vnode.props as Record<string, unknown>;
    const textField = (type === 'input' && !keepsChangeEvent.test(String(props.type))) || type === 'textarea';
    if (textField && 'onChange' in props) {
      props.onInput = props.onChange;
      delete props.onChange;
    }
    if ('onFocus' in props) {
      props.onfocusin = props.onFocus;
      delete props.onFocus;
    }
    if ('onBlur' in props) {
      props.onfocusout = props.onBlur;
      delete props.onBlur;
    }
    if ('className' in props) {
      props.class = props.className;
      delete props.className;
    }
  }
  previousVNodeHook?.(vnode);
};

interface ExternalStore<Snapshot> {
  value: Snapshot;
  getSnapshot: () => Snapshot;
}

const hasChanged = <Snapshot>(store: ExternalStore<Snapshot>): boolean =>
  !Object.is(store.value, store.getSnapshot());

/**
 * React 18's `useSyncExternalStore` (what `@nanostores/react` subscribes with): the current
 * snapshot, re-rendering whenever `subscribe` reports a different one.
 */
export function useSyncExternalStore<Snapshot>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
): Snapshot {
  const value = getSnapshot();
  const [{ store }, forceUpdate] = useState(() => ({ store: { value, getSnapshot } }));
  useLayoutEffect(() => {
    store.value = value;
    store.getSnapshot = getSnapshot;
    if (hasChanged(store)) forceUpdate({ store });
  }, [store, value, getSnapshot]);
  useEffect(() => {
    // The store may have changed between render and subscription.
    if (hasChanged(store)) forceUpdate({ store });
    return subscribe(() => {
      if (hasChanged(store)) forceUpdate({ store });
    });
  }, [store, subscribe]);
  return value;
}

/** A React 18 root over Preact's `render`: `render(children)` and `unmount()`. */
export interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

/** `react-dom/client`'s `createRoot`: renders into `container`, replacing what it holds. */
export function createRoot(container: Element | DocumentFragment): Root {
  return {
    render: (children) => render(children, container),
    unmount: () => render(null, container),
  };
}
