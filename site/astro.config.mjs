// @ts-check

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { appVersionDefine } from '../scripts/app-version.mjs';
import { copyEmbedBundle, precompress } from './src/serve/build-output.ts';

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
 * `client:near`: hydrates an island when it comes near the viewport or at the visitor's
 * first interaction with the page (src/directives/near.ts).
 * @returns {import('astro').AstroIntegration}
 */
function nearDirective() {
  return {
    name: 'plateia:client-near',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'near',
          entrypoint: fileURLToPath(new URL('./src/directives/near.ts', import.meta.url)),
        });
      },
    },
  };
}

/**
 * After the build: the widgets' script-tag build joins the static files under `/embed/`,
 * and every compressible file gets its brotli and gzip copies (src/serve/build-output.ts),
 * which src/serve/server.ts serves by `Accept-Encoding`.
 * @returns {import('astro').AstroIntegration}
 */
function servedAssets() {
  /** @type {string} */
  let clientDir = '';
  return {
    name: 'plateia:served-assets',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        const embedDir = join(import.meta.dirname, '..', 'packages', 'widgets', 'dist', 'embed');
        if (!copyEmbedBundle(clientDir, embedDir)) logger.warn('widgets not built: no /embed/ files');
        const count = await precompress(clientDir);
        logger.info(`${count} files precompressed (brotli, gzip)`);
      },
    },
  };
}

/**
 * The storefront renders every page on request (accounts, redirects and the runtime API
 * address depend on the request and the environment), through the Node adapter in
 * middleware mode behind src/serve/server.ts (static files precompressed, pages
 * compressed), which `npm start` runs.
 */
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [productionBuild(), nearDirective(), react(), servedAssets()],
  // Session state lives in the browser (the API's bearer token), so prefetching pages is
  // harmless and makes the header's links feel instant.
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  devToolbar: { enabled: false },
  // A strict Content-Security-Policy on every page (docs/security.md, "Content-Security-Policy").
  // Astro hashes the inline scripts it emits (island bootstrap, client directives) into
  // script-src; the middleware (src/lib/content-security-policy.ts) adds what only the running
  // server knows: the API host, the card gateway, the API-address script's hash, framing.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "img-src 'self' data: blob: https:",
        "font-src 'self' data:",
        "media-src 'self' blob:",
        "worker-src 'self'",
        "manifest-src 'self'",
      ],
      // The door scanner's barcode reader is WebAssembly (zxing-wasm), compiled from our file.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      // Style attributes and the elements' shadow-root <style> are inline; styles cannot run code.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  vite: {
    // The app version for core's version gate, from the root package.json.
    define: appVersionDefine,
    server: {
      // The embed endpoint reads the widgets' script-tag build from the workspace.
      fs: { allow: ['..'] },
    },
  },
});
