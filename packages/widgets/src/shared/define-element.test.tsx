import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineElement, type ElementHostProps, elementClass } from './define-element.ts';

interface DemoProps extends ElementHostProps {
  label?: string;
  count?: number;
  active?: boolean;
}

function Demo({ label, count, active, container }: DemoProps) {
  return (
    <output data-host={container?.host?.localName}>
      {label ?? 'none'}|{count ?? 0}|{active ? 'on' : 'off'}
    </output>
  );
}

class DemoElement extends elementClass<DemoProps>({
  component: Demo,
  attributes: { label: 'string', count: 'number', active: 'boolean' },
  styles: [':host { display: block; }'],
}) {
  declare active: boolean;
}

defineElement('plateia-demo', DemoElement);

const text = (element: Element) => element.shadowRoot?.querySelector('output')?.textContent;

describe('elementClass and defineElement', () => {
  it('registers once and leaves an existing definition alone', () => {
    class Other extends HTMLElement {}
    expect(defineElement('plateia-demo', Other as never)).toBe(DemoElement);
    expect(customElements.get('plateia-demo')).toBe(DemoElement);
  });

  it('maps kebab-case attributes to typed props and hands the shadow root over', async () => {
    document.body.innerHTML = '<plateia-demo label="Pista" count="3"></plateia-demo>';
    const element = document.querySelector('plateia-demo') as DemoElement;
    await waitFor(() => expect(text(element)).toBe('Pista|3|off'));
    expect(element.shadowRoot?.querySelector('output')?.dataset.host).toBe('plateia-demo');
    expect(element.shadowRoot?.adoptedStyleSheets).toHaveLength(1);
  });

  it('parses its styles once and shares the sheet across instances, rendering no <style>', async () => {
    document.body.innerHTML = '<plateia-demo></plateia-demo><plateia-demo></plateia-demo>';
    const [first, second] = [...document.querySelectorAll('plateia-demo')];
    await waitFor(() => expect(text(first as Element)).toBe('none|0|off'));
    expect(first?.shadowRoot?.adoptedStyleSheets[0]).toBe(second?.shadowRoot?.adoptedStyleSheets[0]);
    expect(first?.shadowRoot?.querySelector('style')).toBeNull();
  });

  it('treats boolean attributes the HTML way: present is true, absent is false', async () => {
    document.body.innerHTML = '<plateia-demo active></plateia-demo>';
    const element = document.querySelector('plateia-demo') as DemoElement;
    await waitFor(() => expect(text(element)).toBe('none|0|on'));
    expect(element.active).toBe(true);
    element.active = false;
    expect(element.hasAttribute('active')).toBe(false);
    await waitFor(() => expect(text(element)).toBe('none|0|off'));
    element.setAttribute('active', 'false');
    // Present means true, whatever the value says (like `disabled="false"`).
    await waitFor(() => expect(text(element)).toBe('none|0|on'));
  });

  it('writes string and number properties to their attributes and keeps a removed string', async () => {
    document.body.innerHTML = '<plateia-demo label="Pista"></plateia-demo>';
    const element = document.querySelector('plateia-demo') as DemoElement & {
      label?: string;
      count?: number;
    };
    await waitFor(() => expect(text(element)).toBe('Pista|0|off'));
    element.label = 'Camarote';
    element.count = 2;
    expect(element.getAttribute('label')).toBe('Camarote');
    expect(element.getAttribute('count')).toBe('2');
    await waitFor(() => expect(text(element)).toBe('Camarote|2|off'));
    element.removeAttribute('label');
    await Promise.resolve();
    expect(text(element)).toBe('Camarote|2|off');
  });

  it('renders when created by script before insertion, and unmounts when removed', async () => {
    const element = document.createElement('plateia-demo');
    element.setAttribute('count', '5');
    await waitFor(() => expect(text(element)).toBe('none|5|off'));
    document.body.replaceChildren(element);
    await waitFor(() => expect(text(element)).toBe('none|5|off'));
    element.remove();
    await waitFor(() => expect(element.shadowRoot?.querySelector('output')).toBeNull());
  });
});
