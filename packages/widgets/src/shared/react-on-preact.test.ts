import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot, createElement as h, useEffect, useState } from './react-on-preact.ts';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
function Subscriber() {
  const [label] = useState('n');
  useEffect(() => subscribe(() => {}), []);
  return h('p', null, label);
}

// Preact runs effects after the next paint (requestAnimationFrame, or a timeout without one).
const flush = () => new Promise((resolve) => setTimeout(resolve, 150));
const host = document.createElement('div');
const root = createRoot(host);
afterEach(() => root.unmount());

describe('react-on-preact (React for the script-tag build)', () => {
  it('fires onChange of a text input on every input event, as React does', () => {
    const onChange = vi.fn();
    root.render(h('input', { onChange }));
    host.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps change for selects and checkboxes', () => {
    const onSelect = vi.fn();
    const onCheck = vi.fn();
    root.render(
      h(
        'div',
        null,
        h('select', { onChange: onSelect }),
        h('input', { type: 'checkbox', onChange: onCheck }),
      ),
    );
    host.querySelector('select')?.dispatchEvent(new Event('change', { bubbles: true }));
    host.querySelector('input')?.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onCheck).toHaveBeenCalledTimes(1);
  });

  it('fires onBlur of the field that loses focus and writes className as class', () => {
    const onBlur = vi.fn();
    root.render(h('label', { className: 'field', htmlFor: 'x' }, h('input', { id: 'x', onBlur })));
    host.querySelector('input')?.dispatchEvent(new FocusEvent('blur'));
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(host.querySelector('label')?.getAttribute('class')).toBe('field');
    expect(host.querySelector('label')?.getAttribute('for')).toBe('x');
  });

  it('runs effects and their cleanups, and empties the host on unmount', async () => {
    root.render(h(Subscriber, null));
    expect(host.textContent).toBe('n');
    await flush();
    expect(listeners.size).toBe(1);
    root.unmount();
    expect(host.textContent).toBe('');
    await flush();
    expect(listeners.size).toBe(0);
  });
});
