import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { ResultPayload } from '../../schemas/result-payload.ts';
import { openBrowser, type Session } from './browser.ts';
import { startTestServer, TEST_EXPORT_TOKEN, type TestServer } from './server.ts';

/** Sends each result to the server's upload route, as a tablet would; each must be stored (201). */
export async function storeResults(url: string, payloads: readonly unknown[]): Promise<void> {
  for (const payload of payloads) {
    const response = await fetch(`${url}/api/results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(response.status).toBe(201);
  }
}

/** Signs in on /auswertung with the test server's export key and waits for the numbers. */
export async function signInToAuswertung(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/auswertung`);
  await page.getByLabel('Zugangsschlüssel').fill(TEST_EXPORT_TOKEN);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByTestId('total').waitFor();
}

/**
 * A results server of its own holding `payloads` (the built app from `distDir`), and /auswertung
 * open on it, signed in: the start of the browser tests of the researchers' page.
 */
export async function auswertungWith(
  distDir: string,
  payloads: readonly ResultPayload[],
): Promise<{ server: TestServer; session: Session; page: Page }> {
  const server = await startTestServer(distDir);
  await storeResults(server.url, payloads);
  const session = await openBrowser();
  await signInToAuswertung(session.page, server.url);
  return { server, session, page: session.page };
}

/** Waits until /auswertung shows this total, e.g. '3 Ergebnisse' (the filters apply asynchronously). */
export async function waitForTotal(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="total"]')?.textContent === expected,
    text,
    { timeout: 15_000 },
  );
}

/**
 * For the describe it is called in: before its tests, a results server of its own holding `payloads`
 * and /auswertung signed in on it (auswertungWith), handed to `opened`; after them, both closed.
 */
export function openAuswertungBeforeAll(
  payloads: readonly ResultPayload[] | (() => readonly ResultPayload[]),
  opened: (state: { server: TestServer; page: Page }) => void,
): void {
  let state: Awaited<ReturnType<typeof auswertungWith>> | undefined;
  beforeAll(async () => {
    state = await auswertungWith(inject('distDir'), typeof payloads === 'function' ? payloads() : payloads);
    opened(state);
  });
  afterAll(async () => {
    await state?.session.close();
    await state?.server.close();
  });
}
