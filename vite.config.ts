import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { gzipAsync } from "@gfx/zopfli";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { reactRouterHonoServer } from "react-router-hono-server/dev";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes a zopfli-compressed `.gz` beside every script and stylesheet of the browser build; the server
 * sends it as is (`precompressed` in app/server.ts). Zopfli is gzip, readable by every browser, about 3 %
 * smaller than zlib's best level, and the server no longer compresses the same file on every request.
 */
function precompressAssets(): Plugin {
  return {
    name: "shop:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "build/client";
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css)$/.test(file.fileName)) continue;
        const written = path.join(outDir, file.fileName);
        const bytes = await readFile(written);
        // Below about 1 KB compression saves less than the header it costs.
        if (bytes.length < 1024) continue;
        const compressed = await gzipAsync(bytes, { numiterations: 15 });
        if (compressed.length < bytes.length) await writeFile(`${written}.gz`, compressed);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterHonoServer({ serverEntryPoint: "app/server.ts" }),
    tailwindcss(),
    reactRouter(),
    precompressAssets(),
  ],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    rolldownOptions: {
      // Components only declare; the server-only static import of a component the browser loads lazily
      // (buy-box.tsx's stock alert) is then dropped from the browser's chunk with the binding it no longer uses.
      treeshake: { moduleSideEffects: (id: string) => !/app[\\/]components[\\/].*\.tsx$/.test(id) },
      output: {
        // A few larger files instead of twenty small ones: on a phone every extra request costs a round trip
        // and about 1 KB of response headers (a category page went from 17 scripts to 7).
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next)[\\/]/,
            },
            {
              // What every page of the shop runs: i18n, routing, the root's and the layouts' shared parts,
              // and the product card. Nothing here may be used by one page only, or every page pays for it.
              name: "shell",
              test: new RegExp(
                [
                  String.raw`app[\\/]platform[\\/](i18n|navigation)[\\/](?!namespace-files)`,
                  String.raw`app[\\/]platform[\\/]money\.ts`,
                  String.raw`app[\\/]routing[\\/](use-routing|urls|pages|meta|route-ids)\.ts`,
                  String.raw`app[\\/]components[\\/]layout[\\/](?!navigation-fly-in)`,
                  String.raw`app[\\/]components[\\/]ui[\\/](overlay-manager|lazy-image|close-button|cached-element)\.tsx`,
                  String.raw`app[\\/]components[\\/]system[\\/]lazy-system-pages\.ts`,
                  String.raw`app[\\/]components[\\/]catalog[\\/]product-card\.tsx`,
                  // The footer's newsletter form checks itself as the product page's forms do.
                  String.raw`app[\\/]components[\\/]forms[\\/]deferred-validation\.ts`,
                  String.raw`app[\\/]domains[\\/]catalog[\\/](image-set|listing-query)\.ts`,
                  String.raw`app[\\/]domains[\\/]marketing[\\/]consent\.ts`,
                  // The close button and its icon: the newsletter toast of every page's layout uses them.
                  String.raw`lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared[\\/]|icons[\\/]x\.m?js$)`,
                  String.raw`vite[\\/]preload-helper`,
                ].join("|"),
              ),
            },
            {
              // The field frame and messages the product page, checkout and account pages share, in one file
              // instead of three, with the chevron of the selects and of the product page's sections.
              name: "form-controls",
              test: /app[\\/](components[\\/]forms[\\/](field|styles)|platform[\\/]forms[\\/]messages)\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]chevron-down\.m?js$/,
            },
            {
              // The inputs themselves, apart: the product page shows none until a lazy form needs them.
              name: "form-inputs",
              test: /app[\\/]components[\\/]forms[\\/]controls\.tsx$/,
            },
            {
              // What the product page shows at once and its lazy parts (lightbox, size advice) also use: one
              // file instead of six small ones. Those lazy parts stay out of it.
              name: "product",
              test: new RegExp(
                [
                  String.raw`app[\\/]components[\\/]product[\\/](reply|messages|product-checks)\.ts$`,
                  String.raw`app[\\/]domains[\\/]sizing[\\/]fit\.ts$`,
                  String.raw`app[\\/]components[\\/]ui[\\/]image-gallery\.tsx$`,
                  String.raw`lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](ruler|smartphone|zoom-in)\.m?js$`,
                ].join("|"),
              ),
            },
          ],
        },
      },
    },
  },
});
