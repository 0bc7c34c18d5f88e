import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './support/axe.ts';
import { openBrowser, screenshotAtSizes } from './support/browser.ts';
import { startTabletServer, type TabletTestServer } from './support/tablet-server.ts';

/**
 * The access screen of an enrolled tablet (docs/product.md §51) for everyone: axe finds nothing on
 * the form 'Tablet einrichten' with a refused code, on an enrolled tablet the server refuses, and on
 * the question for the earlier passphrase after the Einrichtung changed it. The behaviour in every
 * engine is tests/engines/tablet-enrolment.test.ts.
 */
const distDir = inject('distDir');
let server: TabletTestServer;

beforeAll(async () => {
  server = await startTabletServer(distDir, 'enrolled');
  await server.addSite('KITA-017', 'Kita Sonnenschein');
});
afterAll(() => server?.close());

it('the build states its app and content version in version.json, which the server compares with the reports', async () => {
  const response = await fetch(`${server.url}/version.json`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    app: expect.stringMatching(/^\d+\.\d+\.\d+\+\w+$/),
    content: expect.stringMatching(/^[0-9a-f]{12}$/),
  });
});

describe('the access screen of enrolled tablets, by axe', () => {
  it('the enrolment form with a message, and an enrolled tablet the server refuses', async () => {
    const session = await openBrowser();
    try {
      const { page } = session;
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Tablet einrichten' }).click();
      await page.getByLabel('Code (12 Zeichen)').fill('2345-6789-ABCD');
      await page.getByRole('button', { name: 'Einrichten', exact: true }).click();
      await page.getByText('Diesen Code kennt der Server nicht.').waitFor();
      expect(await axeFindings(page)).toEqual([]);

      await page.getByLabel('Code (12 Zeichen)').fill(await server.newCode('KITA-017'));
      await page.getByRole('button', { name: 'Einrichten', exact: true }).click();
      await page.getByText('Das Tablet ist eingerichtet für KITA-017 – Kita Sonnenschein.').waitFor();
      const tabletId = await page.evaluate(
        () => JSON.parse(localStorage.getItem('zaehltest-tablet') ?? '{}').tabletId,
      );
      await server.revoke(tabletId);
      // The next contact (opening the access screen online) learns it.
      await page.reload();
      await page.getByText('Dieses Tablet wurde abgemeldet.', { exact: false }).waitFor();
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("the question for the Einrichtung's earlier passphrase", async () => {
    await server.setPassphrase('KITA-017', 'Sonnenschein-Passwort-1');
    const session = await openBrowser();
    try {
      const { page } = session;
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Tablet einrichten' }).click();
      await page.getByLabel('Code (12 Zeichen)').fill(await server.newCode('KITA-017'));
      await page.getByRole('button', { name: 'Einrichten', exact: true }).click();
      await page.getByText('Das Tablet ist eingerichtet').waitFor();
      await page.getByLabel('Bitte Passwort eingeben:').fill('Sonnenschein-Passwort-1');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.locator('main[data-screen="userdata"]').waitFor();
      await server.setPassphrase('KITA-017', 'Sonnenschein-Passwort-2');
      await page.reload();
      await page.waitForFunction(
        () => JSON.parse(localStorage.getItem('zaehltest-tablet') ?? '{}').passphrase?.version === 2,
      );
      await page.getByLabel('Bitte Passwort eingeben:').fill('Sonnenschein-Passwort-2');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.getByRole('heading', { name: 'Das Passwort wurde geändert' }).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await screenshotAtSizes(page, 'tablet-passphrase-changed');
      await page
        .getByRole('button', { name: 'Später – jetzt mit dem neuen Passwort weiterarbeiten' })
        .click();
      await page.locator('main[data-screen="userdata"]').waitFor();
      await page.reload();
      await page.getByLabel('Bitte Passwort eingeben:').fill('Sonnenschein-Passwort-2');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await page.getByRole('heading', { name: 'Frühere Daten mit dem vorherigen Passwort öffnen' }).waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await screenshotAtSizes(page, 'tablet-earlier-passphrase');
    } finally {
      await session.close();
    }
  });
});
