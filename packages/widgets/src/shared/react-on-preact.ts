/**
 * The part of React the elements use, on Preact and `preact/hooks`: what the script-tag
 * build resolves `react`, `react-dom` and `react-dom/client` to (`build/build.mjs`) instead
 * of `preact/compat`. Compat also carries Suspense, lazy, memo, forwardRef, Children,
 * portals, class-component lifecycles and event wrappers, which none of the elements use.
 *
 * It keeps the React behaviour the elements rely on, by a `vnode` hook over DOM elements:
 * `onChange` on text inputs and textareas fires on every keystroke (React's semantics,
 * Preact's `input` event). Preact itself already writes `className` (and `htmlFor`) as
 * the DOM properties they name. `onFocus`/`onBlur` stay Preact's non-bubbling `focus` and
 * `blur` rather than React's bubbling ones: the elements only set them on the control
 * that takes or loses focus, where the two are alike. The ESM build and the tests keep
 * real React.
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

// `onChange` becomes `onInput` on text fields only: file, checkbox and radio inputs keep
// `change`, as React fires onChange for them on commit.
const keepsChangeEvent = /fil|che|rad/;

// Nothing else sets `vnode` on this bundle's own copy of Preact, so there is no previous hook to chain.
options.vnode = (vnode: VNode) => {
  const { type } = vnode;
  const props = vnode.props as Record<string, unknown>;
  // The type is checked first: text vnodes come through here too, with a string as props.
  if (
    (type === 'textarea' || (type === 'input' && !keepsChangeEvent.test(String(props.type)))) &&
    'onChange' in props
  ) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
};

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
