import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Cross-origin isolation lets the Stroop runner use high-resolution timers (rule 4 in
// docs/timing-rules.md); the production server sends the same two headers.
const crossOriginIsolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  plugins: [react()],
  server: {
    headers: crossOriginIsolationHeaders,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    headers: crossOriginIsolationHeaders,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
