// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { appVersionDefine } from '../scripts/app-version.mjs';

/**
 * The storefront renders every page on request (accounts, redirects and the runtime API
 * address depend on the request and the environment), through the Node adapter's
 * standalone server that `npm start` runs as `node dist/server/entry.mjs`.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  // Session state lives in the browser (the API's bearer token), so prefetching pages is
  // harmless and makes the header's links feel instant.
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  devToolbar: { enabled: false },
  vite: {
    // The app version for core's version gate, from the root package.json.
    define: appVersionDefine,
    server: {
      // The embed endpoint reads the widgets' script-tag build from the workspace.
      fs: { allow: ['..'] },
    },
  },
});
