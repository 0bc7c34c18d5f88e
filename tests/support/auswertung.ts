import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { ResultPayload } from '../../schemas/result-payload.ts';
import type { AccountInput } from '../../schemas/verwaltung-api.ts';
import { openBrowser, type Session } from './browser.ts';
import { startTestServer, TEST_EXPORT_TOKEN, type TestServer } from './server.ts';

/** The password of the accounts tests make ready to sign in (TestServer.addAccount). */
export const ACCOUNT_PASSWORD = 'ein-langes-Testpasswort-2026';

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

/** On the shared login of /auswertung and /verwaltung: the operator's way in with EXPORT_TOKEN. */
export async function signInWithKey(page: Page, token: string = TEST_EXPORT_TOKEN): Promise<void> {
  await page.getByText('Mit Zugangsschlüssel anmelden', { exact: true }).click();
  await page.getByLabel('Zugangsschlüssel', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Mit Schlüssel anmelden', exact: true }).click();
}

/** On the shared login of /auswertung and /verwaltung: an account's name and password. */
export async function signInAs(page: Page, name: string, password: string): Promise<void> {
  // The login form first: right after 'Abmelden' the page still shows /verwaltung until the server
  // answered, and its 'Konten' form has a 'Benutzername' field of its own (a clean-clone run typed
  // the name there and then pressed 'Anmelden' on an empty login form).
  await page.getByRole('heading', { name: 'Anmelden', exact: true }).waitFor();
  await page.getByLabel('Benutzername', { exact: true }).fill(name);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/**
 * Signs in on /auswertung and waits for the numbers: with the test server's export key (Forschung
 * on all Einrichtungen), or as `account`.
 */
export async function signInToAuswertung(
  page: Page,
  url: string,
  account?: { name: string; password: string },
): Promise<void> {
  await page.goto(`${url}/auswertung`);
  if (account) await signInAs(page, account.name, account.password);
  else await signInWithKey(page);
  await page.getByTestId('total').waitFor();
}

/**
 * A results server of its own holding `payloads` (the built app from `distDir`), and /auswertung
 * open on it, signed in: the start of the browser tests of the researchers' page.
 */
export async function auswertungWith(
  distDir: string,
  payloads: readonly ResultPayload[],
  account?: AccountInput,
): Promise<{ server: TestServer; session: Session; page: Page }> {
  const server = await startTestServer(distDir);
  await storeResults(server.url, payloads);
  if (account) await server.addAccount(account, ACCOUNT_PASSWORD);
  const session = await openBrowser();
  await signInToAuswertung(
    session.page,
    server.url,
    account && { name: account.name, password: ACCOUNT_PASSWORD },
  );
  return { server, session, page: session.page };
}

/**
 * Waits until /auswertung shows this total, e.g. '3 Ergebnisse', and is no longer loading (the filters
 * apply asynchronously; while they load, the old numbers stay on screen, greyed out).
 */
export async function waitForTotal(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="total"]')?.textContent === expected &&
      !document.querySelector('.auswertung-results--stale'),
    text,
    { timeout: 15_000 },
  );
}

/**
 * For the describe it is called in: before its tests, a results server of its own holding `payloads`
 * and /auswertung signed in on it (with the export key, or as `account`) (auswertungWith), handed to `opened`; after them, both closed.
 */
export function openAuswertungBeforeAll(
  payloads: readonly ResultPayload[] | (() => readonly ResultPayload[]),
  opened: (state: { server: TestServer; page: Page }) => void,
  /** Signed in as this account (made ready with ACCOUNT_PASSWORD); absent: with the export key. */
  account?: AccountInput,
): void {
  let state: Awaited<ReturnType<typeof auswertungWith>> | undefined;
  beforeAll(async () => {
    state = await auswertungWith(
      inject('distDir'),
      typeof payloads === 'function' ? payloads() : payloads,
      account,
    );
    opened(state);
  });
  afterAll(async () => {
    await state?.session.close();
    await state?.server.close();
  });
}
