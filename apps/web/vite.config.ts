import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyle } from './scripts/antd-static-style.ts';
import { firstPaintStyles } from './scripts/first-paint-styles.ts';
import { firstScreens } from './scripts/first-screens.ts';
import { precompress } from './scripts/precompress.ts';
import { reactRouterProduction } from './scripts/react-router-production.ts';
import { routePreload } from './scripts/route-preload.ts';
import { LANDING_ROUTES } from './src/app/landing-routes.ts';
import { buildTheme } from './src/lib/antd/theme.ts';

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * Vendor code the first screen needs is split by library family so a deploy of app code does not
 * invalidate it. `$initial` keeps each group to modules the entry loads statically: antd components
 * used only by lazy routes stay in those routes' chunks instead of growing the home route.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'state',
    test: /node_modules[\\/](@tanstack|zustand|i18next|react-i18next|use-sync-external-store)[\\/]/,
    priority: 20,
  },
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)[\\/]/,
    priority: 10,
  },
];

/**
 * The app's own start-up modules that lazily loaded screens import too (the session, the HTTP
 * client, storage, query keys, shared constants) in one chunk of the first screen's: left to
 * itself the bundler makes a small file of each, which compresses worse and costs a request each.
 */
const startModules = {
  name: 'start',
  test: /[\\/](apps[\\/]web[\\/]src[\\/]lib[\\/](storage|query-keys|http[\\/]http-client|session[\\/]session-store|i18n[\\/]i18n)|packages[\\/]contract[\\/]src[\\/]constants)\.ts$/,
  priority: 1,
  tags: ['$initial' as const],
};

/**
 * The icons of the home page's list (search box, like button, teacher cards) in one chunk instead of
 * one request each: the home route's first screen waits for them (issue 16). Screens that use one of
 * them load the few KB of the others too.
 */
const HOME_ICONS = [
  'SearchOutlined',
  'CloseCircleFilled',
  'LoadingOutlined',
  'StarFilled',
  'ClockCircleOutlined',
];
const homeIcons = {
  name: 'home-icons',
  test: new RegExp(
    `node_modules[\\\\/]@ant-design[\\\\/]icons(?:-svg)?[\\\\/]es[\\\\/](?:icons|asn)[\\\\/](?:${HOME_ICONS.join('|')})\\.js$`,
  ),
  priority: 5,
};

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    firstScreens({
      root: import.meta.dirname,
      routes: LANDING_ROUTES,
      plugins: () => [react(), antdStaticStyle({ root: import.meta.dirname, buildTheme })],
    }),
    antdStaticStyle({ root: import.meta.dirname, buildTheme }),
    firstPaintStyles(),
    routePreload({ root: import.meta.dirname, routes: LANDING_ROUTES }),
    precompress(),
  ],
  // React Router's production build (scripts/react-router-production.ts); the development server
  // keeps its warnings.
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/health': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    // dist/.vite/manifest.json: the chunk graph the route budgets are computed from
    // (scripts/check-budgets.mjs); the server does not serve dot folders.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            ...vendorGroups.map((g) => ({ ...g, tags: ['$initial' as const] })),
            startModules,
            homeIcons,
          ],
        },
      },
    },
  },
}));
