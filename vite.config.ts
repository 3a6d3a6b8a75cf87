import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { chunkLoad } from './vite-plugins/chunkLoad.ts'
import { deferredManifest } from './vite-plugins/deferredManifest.ts'
import { earlyRequests } from './vite-plugins/earlyRequests.ts'
import { inlineStylesheet } from './vite-plugins/inlineStylesheet.ts'
import { swSingleFile } from './vite-plugins/swSingleFile.ts'
import { MANIFEST_URL } from './src/app/manifestLink.ts'
import { SHARE_TARGET } from './sw/shareTargetManifest.ts'

/**
 * The small modules many screens share (UI parts, rules, messages, the router's and queries' hooks): one chunk
 * for them all. Left to itself the bundler gives each set of sharing screens a chunk of its own, some of a
 * few hundred bytes, and a screen's first load then asks for eight or twelve files at once; on a phone's
 * link (HTTP/1.1, six connections) every one of them takes a connection and a share of the bandwidth that
 * the main chunk needs. A module used by one entry (screen or lazy part) alone stays with it; one shared by
 * two goes in the common chunk too (at three, the listing's layout, capability rule and audit table were each a
 * chunk of a few hundred bytes again), which costs /login about 5 KB of brotli.
 */
const SHARED_SOURCES = /\/src\/(ui|lib|app|api)\/|\/node_modules\/@tanstack\/react-(query|router)\//
/** The transfer engine's modules load with the transfer queues, after the first screen: not shared with it. */
const TRANSFER_ENGINE = /\/src\/(transfers\/|lib\/(concurrentW|w)orkerPool\.ts|api\/uploads\.ts)/

/** Two small modules outside the folders above that the first screens share: the registry the layout's
 * transfer panel reads, and the file screens' capability rule. */
const SMALL_SHARED_SOURCES = /\/src\/(transfers\/liveQueues|lib\/fileCapabilities)\.ts$/

// A share link's calls are /s/1/…; its page, /s/<token>, is the app's (a leading ^ makes the key a pattern).
const API_PREFIXES = ['/api', '/web', '/org_admin', '/storage', '/healthz', '^/s/1/']
const apiTarget = process.env.API_URL ?? 'http://localhost:8080'

export default defineConfig({
  plugins: [
    // The router plugin must come before React's so it can split route modules first.
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    // Every dynamic import in src/, the router's split routes included, goes through src/lib/chunkLoad.ts.
    chunkLoad(),
    // The stylesheet is written into index.html, so the first paint waits for no second file.
    inlineStylesheet(),
    // The first screen's chunks and the session's first calls are asked for by index.html itself.
    earlyRequests(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration goes through workbox-window in src/app/serviceWorker.ts, which also offers updates.
      injectRegister: false,
      manifestFilename: MANIFEST_URL.slice(1),
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
        // Route chunks are content-hashed and small; the largest (charts) stays under this bound.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        buildPlugins: { vite: [swSingleFile()] },
      },
      manifest: {
        name: 'Media Console',
        short_name: 'Media',
        description: 'Browse, upload and manage your organization’s media in the cloud.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The installed app in the phone's share sheet: files shared to it go to the service worker.
        share_target: SHARE_TARGET,
      },
    }),
    // The app links the manifest after the first screen, not index.html.
    deferredManifest(),
  ],
  worker: { format: 'es' },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Rolldown's plugin timing report is printed in a warning's colour whenever plugins take a large share
      // of the build, which on a busy machine is every build; it reports the machine's load, not a fault.
      checks: { bundlerTimings: false },
      output: {
        // What every screen loads first goes in one chunk: left to itself the bundler cut it into some 25
        // files of a few hundred bytes each (one per API module the routes share), each a request whose
        // headers weighed more than its body, and a round trip on a phone's link.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'common',
              minShareCount: 2,
              test: (id) =>
                (SHARED_SOURCES.test(id) && !TRANSFER_ENGINE.test(id)) || SMALL_SHARED_SOURCES.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, apiTarget])),
  },
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // npm run bench: benchmarks (tests/bench), never part of npm test.
        test: {
          name: 'bench',
          include: [],
          benchmark: { include: ['tests/bench/**/*.bench.ts'] },
          globalSetup: ['tests/bench/globalSetup.ts'],
          environment: 'node',
          hookTimeout: 300_000,
          // One benchmark at a time: side by side on two cores, each would measure the other.
          fileParallelism: false,
        },
      },
    ],
  },
})
