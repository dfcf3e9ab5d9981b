import type { ClientDirective } from 'astro';
import { whenNeeded } from '../lib/load-when-needed.ts';

/**
 * `client:near`: hydrates the island when it comes near the viewport or at the visitor's
 * first interaction with the page (lib/load-when-needed.ts); registered in astro.config.mjs.
 */
const near: ClientDirective = (load, _options, el) => {
  whenNeeded(el.children, async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default near;
