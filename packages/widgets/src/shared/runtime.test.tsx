import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

// The widget tests run twice (vitest.config.ts): on React, and on what the script-tag
// build ships, React resolved to `preact/compat`. This pins which one each run is on.
const runtime = process.env.PLATEIA_WIDGETS_RUNTIME;
// A Preact vnode carries its internal fields (`__k`: children); a React element does not.
const isPreactVnode = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && '__k' in value;

describe(`the widgets' runtime (${runtime})`, () => {
  it('is the one this run names, for the elements and for the testing library alike', () => {
    expect(['react', 'preact']).toContain(runtime);
    expect(isPreactVnode(createElement('p', null))).toBe(runtime === 'preact');
    const { container } = render(<p>Plateia</p>);
    expect(container.textContent).toBe('Plateia');
    // Preact keeps its vnode tree on the container it rendered into.
    expect(Object.keys(container).some((key) => key === '__k')).toBe(runtime === 'preact');
  });
});
