import { defineConfig } from 'vite';

/**
 * A plain Vite build: JSX through Vite's own transformer (no plugin needed), one React
 * and one `@plateia/core` shared by the app and every element it imports. The API host and
 * the storefront are chosen at build time with `PLATEIA_API` and `PLATEIA_SITE` (default the
 * local ones).
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  define: {
    __PLATEIA_API__: JSON.stringify(process.env.PLATEIA_API ?? 'http://localhost:3000'),
    __PLATEIA_SITE__: JSON.stringify(process.env.PLATEIA_SITE ?? 'http://localhost:4321'),
  },
  resolve: { dedupe: ['react', 'react-dom', '@plateia/core', 'nanostores'] },
  server: { port: Number(process.env.PORT ?? 5190) },
  preview: { port: Number(process.env.PORT ?? 5190) },
});
