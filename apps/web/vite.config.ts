import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Cross-origin isolation lets the Stroop runner use high-resolution timers (rule 4 in
// docs/timing-rules.md); the production server sends the same two headers.
const crossOriginIsolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Fails a production build that takes in a module from a testing/ folder: test and benchmark
 * support (parameter recovery, fake stages, hand-built trials) never ships. The import rules
 * (scripts/check-imports.mjs, rule f) say the same of the source; this proves it of the bundle.
 */
function noTestSupport(): Plugin {
  return {
    name: 'cogni-no-test-support',
    apply: 'build',
    moduleParsed(module) {
      if (/[/\\]testing[/\\]/.test(module.id) && !module.id.includes('node_modules')) {
        this.error(`a testing/ module is in the production build: ${module.id}`);
      }
    },
  };
}

/** The message catalogs' configuration, shared with the CLI (ADR 042). */
const linguiConfigPath = path.resolve(import.meta.dirname, '../../lingui.config.ts');

export default defineConfig({
  plugins: [
    react(),
    // Compiles a catalog when it is imported, and turns the message macros into descriptors
    // natively (no Babel), keeping each message's English text in the bundle: English needs no
    // catalog (ADR 042). A catalog that does not compile fails the build; one that lacks a
    // message fails scripts/check-i18n.mjs (npm run lint), and the message shows in English.
    lingui({
      configPath: linguiConfigPath,
      macroTransform: { macro: { descriptorFields: 'message' } },
      failOnCompileError: true,
    }),
    noTestSupport(),
  ],
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
    // How long the plugins took is a figure of the machine, not a fault of the build: on a busy
    // machine (a test suite beside it) the timing notice would be a warning every build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
