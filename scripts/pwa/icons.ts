/**
 * Renders the app icons (PNG) from the SVG sources in public/icons/ with headless Chromium.
 * Run after editing an icon SVG:  npx tsx scripts/pwa/icons.ts
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const ICONS = resolve(import.meta.dirname, '../../public/icons');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Which PNG comes from which SVG; maskable and Apple icons are full-bleed (the system crops them). */
const RENDERS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'apple-touch-icon-180.png', size: 180 },
] as const;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  const page = await browser.newPage();
  for (const { svg, png, size } of RENDERS) {
    const source = readFileSync(join(ICONS, svg)).toString('base64');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0"><img src="data:image/svg+xml;base64,${source}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: join(ICONS, png), omitBackground: true });
    console.log(`public/icons/${png}  ${size}×${size}`);
  }
} finally {
  await browser.close();
}
