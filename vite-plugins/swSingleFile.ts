// The service worker is one file: vite-plugin-pwa (injectManifest) builds sw/sw.ts with the Rollup option
// `output.inlineDynamicImports: true`, which Rolldown, the bundler of Vite 8, still honours but reports on
// every build as deprecated ('WARN inlineDynamicImports option is deprecated'). This plugin, given to that
// build through injectManifest.buildPlugins, swaps it for Rolldown's `codeSplitting: false`, which means the
// same (no chunk beside the entry), so the build prints no warning that is not ours to act on.
import type { Plugin } from 'vite'

export function swSingleFile(): Plugin {
  return {
    name: 'media-console:sw-single-file',
    config(config) {
      const rollupOptions = config.build?.rollupOptions
      const output = rollupOptions?.output
      if (!rollupOptions || !output || Array.isArray(output) || !('inlineDynamicImports' in output)) return
      const { inlineDynamicImports, ...rest } = output
      rollupOptions.output = { ...rest, codeSplitting: !inlineDynamicImports }
    },
  }
}
