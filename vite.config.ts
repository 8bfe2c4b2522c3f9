import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { reactRouterHonoServer } from "react-router-hono-server/dev";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouterHonoServer({ serverEntryPoint: "app/server.ts" }), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    rollupOptions: {
      output: {
        // A few larger files instead of twenty small ones: on a phone every extra request costs a round trip.
        advancedChunks: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
