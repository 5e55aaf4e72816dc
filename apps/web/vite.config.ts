import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server of `npm run dev` (apps/server on its default port). */
const apiTarget = 'http://127.0.0.1:3000';
const proxied = ['/api', '/media', '/resources', '/healthz', '/sandbox'];

/** Packages that every page needs, split out so they cache independently of app code. */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
  },
  { name: 'state', test: /node_modules[\\/](@tanstack|zustand)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/check-bundle-size.mjs
    manifest: true,
    target: 'es2022',
    // hls.js (~580 kB) is the largest chunk and loads only on the player page.
    chunkSizeWarningLimit: 650,
    rolldownOptions: {
      // The contract package mixes zod schemas (server-side validation) with constants and types;
      // the web only needs the constants, so unused modules of it (and zod) must drop out.
      treeshake: {
        // Schema builders (z.object(...), z.enum(...)...) are pure: unused schemas drop out.
        manualPureFunctions: ['z'],
        moduleSideEffects: [
          { test: /packages[\\/](contract|rules)[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]zod[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // hls.js and swiper are deliberately absent: they are dynamic imports of the player page
        // and get chunks of their own, never part of the initial bundle.
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group, priority: 10 })),
        },
      },
    },
  },
});
