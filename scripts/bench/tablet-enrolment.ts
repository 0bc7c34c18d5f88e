import { performance } from 'node:perf_hooks';
import { openBrowser } from '../../tests/support/browser.ts';
import { buildApp } from '../../tests/support/build-app.ts';
import { startTabletServer } from '../../tests/support/tablet-server.ts';
import { median } from './report.ts';

/**
 * Issue 40's budget for the tablet: 'Einrichten' → enrolled (key pair made, stored in IndexedDB,
 * POST /api/tablets/enrol, the answer kept and shown) within 2 s in Chromium with 4× CPU throttling
 * (Emulation.setCPUThrottlingRate), as on a mid-range tablet. A script of its own, not a section of
 * `npm run bench`: `npx tsx scripts/bench/tablet-enrolment.ts [--runs=5]`. Exit code 1 over budget.
 */
const BUDGET_MS = 2000;
const CPU_THROTTLING = 4;
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5);

/** In the page: from the click on 'Einrichten' (the event's time) to the frame that shows the Einrichtung. */
const PROBE = `new Promise((resolve) => {
  document.addEventListener('click', (event) => {
    const from = event.timeStamp;
    const frame = () => {
      if (document.querySelector('.tablet-done')) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - from), 0));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, { capture: true, once: true });
})`;

const started = performance.now();
const distDir = await buildApp();
const server = await startTabletServer(distDir, 'enrolled');
await server.addSite('KITA-017', 'Kita Sonnenschein');
const times: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    // A fresh context per run: a tablet that was never enrolled.
    const session = await openBrowser();
    try {
      const { page } = session;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Tablet einrichten' }).click();
      await page.getByLabel('Code (12 Zeichen)').fill(await server.newCode('KITA-017'));
      // The first screen has settled; the enrolment's own chunk loads with the click and is timed.
      await page.waitForLoadState('networkidle');
      await page.evaluate(`window.zaehltestEnrol = ${PROBE}; true`);
      await page.getByRole('button', { name: 'Einrichten' }).click();
      const ms = await page.evaluate(() =>
        Promise.race([
          (window as Window & { zaehltestEnrol?: Promise<number> }).zaehltestEnrol as Promise<number>,
          new Promise<string>((resolve) => setTimeout(() => resolve('not enrolled after 30 s'), 30_000)),
        ]),
      );
      if (typeof ms === 'string') throw new Error(ms);
      times.push(ms);
    } finally {
      await session.close();
    }
  }
} finally {
  await server.close();
}
const value = median(times);
const pass = value <= BUDGET_MS;
console.log(
  `tablet enrolment (Chromium, ${CPU_THROTTLING}× CPU), median of ${runs}: ${Math.round(value)} ms ` +
    `(runs: ${times.map((t) => Math.round(t)).join(', ')} ms) — budget ≤ ${BUDGET_MS} ms: ${pass ? 'PASS' : 'OVER'}` +
    ` (${Math.round((performance.now() - started) / 1000)} s in all)`,
);
process.exitCode = pass ? 0 : 1;
