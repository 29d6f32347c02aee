import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vendor libraries every screen needs (the login screen included) get stable chunks of their own so
// they cache across deploys; everything else is split by route through the lazy route components.
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 2 },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // zod comes with its no-eval setting (see src/app/zod-without-eval.ts); that module itself
    // imports 'zod/v4', which this exact match leaves alone.
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/app/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_GROUPS } },
    },
  },
});
