import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { usedFontSubsetPatterns } from './font-subsets.ts';

/** Colours of the installed app's frame: --primary and --bg of src/app/app.css (the icon uses --primary). */
const PWA_COLOURS = { theme: '#2f6f9f', background: '#fbf7ef' } as const;

/**
 * The service worker and web app manifest that make Zähltest installable and usable offline
 * (issue 6). Registration happens from code (src/pwa/register.ts) because the server's CSP forbids
 * inline scripts; a new version waits until the operator is on the access screen.
 */
export function pwaPlugin(): Plugin[] {
  return [serviceWorkerFlag(), ...pwa()];
}

/**
 * Tells src/pwa/register.ts whether this bundle comes with a service worker: only `vite build`
 * makes one. (`import.meta.env.PROD` is false in builds made under Vitest, where NODE_ENV=test.)
 */
function serviceWorkerFlag(): Plugin {
  return {
    name: 'zaehltest-service-worker-flag',
    config: (_config, { command }) => ({
      define: { __SERVICE_WORKER__: JSON.stringify(command === 'build') },
    }),
  };
}

function pwa() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    // src/pwa/register.ts registers this file by name.
    filename: 'sw.js',
    // The icons are precached by the glob patterns below; listing them again would duplicate entries.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Zähltest – Screening früher Zahlkompetenzen',
      short_name: 'Zähltest',
      description: 'Screening früher Zahlkompetenzen für Kinder von 4 bis 10 Jahren',
      lang: 'de',
      dir: 'ltr',
      display: 'standalone',
      orientation: 'any',
      theme_color: PWA_COLOURS.theme,
      background_color: PWA_COLOURS.background,
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // Everything a whole test needs without network: the shell, every JS and CSS chunk (the lazily
      // loaded PDF chunks of jsPDF and html2canvas too, and the compiled questions with their small
      // pictures inlined), the larger pictures and icons, and only the font subsets that German,
      // Turkish, Romanian and Arabic text use, the symbols subset that has the results page's
      // ✓ and ✗ (Noto Sans has no such glyphs, so every browser loads it for that page), and the
      // authored recordings of the spoken prompts.
      globPatterns: [
        '**/*.{html,js,css,svg,png,mp3}',
        'assets/noto-sans-latin-*.woff2',
        'assets/noto-sans-arabic-{arabic,latin,symbols}-*.woff2',
        // And every further subset the packs' texts use (Cyrillic for Ukrainian, …).
        ...usedFontSubsetPatterns(),
      ],
      // The researchers' pages (/auswertung, with its charting library, and /verwaltung) are for a
      // desk with a connection, never for the test devices: they stay out of their cache.
      globIgnores: [
        'auswertung.html',
        'assets/auswertung-*',
        'verwaltung.html',
        'assets/verwaltung-*',
        'sprachen.html',
        'assets/sprachen-*',
      ],
      // Workbox leaves a larger file out of the precache with only a build warning; the PDF chunk
      // (jsPDF and html2canvas) is the largest file, so leave it room to grow.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/auswertung/, /^\/verwaltung/],
      cleanupOutdatedCaches: true,
      // The first install takes the open page at once, so even the first test works offline.
      // A later version waits for SKIP_WAITING from src/pwa/register.ts.
      clientsClaim: true,
      skipWaiting: false,
      // No runtime caching: results go through the outbox and an API response is never cached.
      runtimeCaching: [],
    },
  });
}
