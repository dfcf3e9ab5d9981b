import { atom } from 'nanostores';
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from './nanostores-react-on-preact.ts';

// Preact runs effects after the next paint (requestAnimationFrame, or a timeout without one).
const flush = () => new Promise((resolve) => setTimeout(resolve, 150));
const host = document.createElement('div');
afterEach(() => render(null, host));

const $count = atom(1);
let renders = 0;
function Count() {
  renders++;
  return h('p', null, `n=${useStore($count)}`);
}

describe('useStore on Preact (the script-tag build’s @nanostores/react)', () => {
  it('renders the value and renders again on every change', async () => {
    $count.set(1);
    render(h(Count, null), host);
    expect(host.textContent).toBe('n=1');
    await flush();
    $count.set(2);
    await flush();
    expect(host.textContent).toBe('n=2');
    const before = renders;
    $count.set(2);
    await flush();
    expect(renders).toBe(before);
  });

  it('catches a change made between the render and the subscription', async () => {
    $count.set(5);
    render(h(Count, null), host);
    expect(host.textContent).toBe('n=5');
    $count.set(6);
    await flush();
    expect(host.textContent).toBe('n=6');
  });

  it('stops listening when the component goes away', async () => {
    render(h(Count, null), host);
    await flush();
    expect($count.lc).toBe(1);
    render(null, host);
    await flush();
    expect($count.lc).toBe(0);
    const before = renders;
    $count.set(100);
    await flush();
    expect(renders).toBe(before);
  });
});
