// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { appVersionDefine } from '../scripts/app-version.mjs';

/**
 * `astro build` always builds for production, whatever NODE_ENV the shell carries: NODE_ENV
 * picks demo data and stand-ins at run time (decisions §3), never React's development
 * runtime in the browser or Astro's development island script in the HTML. The server
 * bundle gets the same constant; the storefront's own code reads the deployment's NODE_ENV
 * at run time (site-config.ts reads it by name, which the constant does not replace).
 * @returns {import('astro').AstroIntegration}
 */
function productionBuild() {
  return {
    name: 'plateia:production-build',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        process.env.NODE_ENV = 'production';
        updateConfig({ vite: { define: { 'process.env.NODE_ENV': '"production"' } } });
      },
    },
  };
}

/**
 * The storefront renders every page on request (accounts, redirects and the runtime API
 * address depend on the request and the environment), through the Node adapter's
 * standalone server that `npm start` runs as `node dist/server/entry.mjs`.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [productionBuild(), react()],
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
