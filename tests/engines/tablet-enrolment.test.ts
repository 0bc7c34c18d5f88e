import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../../schemas/result-payload.ts';
import { ARTIFACTS, SCREEN_SIZES, SCREENSHOTS } from '../support/browser.ts';
import { TEST_PASSWORD } from '../support/build-app.ts';
import type { EnginePage } from '../support/driver/index.ts';
import { answerCorrectly, textOf, waitForScreen, waitUntil } from '../support/engine-flow.ts';
import { ENGINE, openEnginePage, WEBKIT_SECOND_TRY } from '../support/engine-test.ts';
import { loadQuestions, persistedSession, RESUME_NOTE, STORAGE_KEY } from '../support/flow.ts';
import { finishedSession } from '../support/seed.ts';
import { startTabletServer, type TabletTestServer } from '../support/tablet-server.ts';

/**
 * Enrolled tablets, the tablet's side (docs/product.md §51), in Chromium, WebKit and
 * Firefox against the real server under UPLOAD_ACCESS=enrolled: the key pair kept as a CryptoKey in
 * IndexedDB, 'Tablet einrichten' by typed code and by link, the messages of a wrong, used and
 * expired code, a revoked tablet that keeps its result and sends it after a new enrolment, and a
 * passphrase change that reaches a tablet which was offline. State is seeded (a finished test in
 * the app's storage), never clicked through.
 */

const distDir = inject('distDir');
let server: TabletTestServer;
const SITE = { code: 'KITA-017', name: 'Kita Sonnenschein' };
/** The Einrichtung with a passphrase of its own (the passphrase test). */
const OWN = { code: 'KITA-099', name: 'Kita Regenbogen' };
const P1 = 'Regenbogen-Passwort-1';
const P2 = 'Regenbogen-Passwort-2';
/** The Einrichtung of the test that runs while its passphrase changes. */
const RUNNING = { code: 'KITA-098', name: 'Kita Pusteblume' };
const R1 = 'Pusteblume-Passwort-1';
const R2 = 'Pusteblume-Passwort-2';

beforeAll(async () => {
  server = await startTabletServer(distDir, 'enrolled');
  await server.addSite(SITE.code, SITE.name);
  await server.addSite(OWN.code, OWN.name);
  await server.addSite(RUNNING.code, RUNNING.name);
});
afterAll(() => server?.close());

const CODE_FIELD = { label: 'Code (12 Zeichen)' } as const;
const PASSPHRASE = { label: 'Bitte Passwort eingeben:' } as const;

async function hasText(page: EnginePage, text: string): Promise<boolean> {
  return page.evaluate((wanted) => document.body.textContent?.includes(wanted) ?? false, text);
}

function waitForText(page: EnginePage, text: string, timeoutMs = 15_000): Promise<boolean> {
  return waitUntil(`"${text}" on screen`, () => hasText(page, text), timeoutMs);
}

/** Types a code into 'Tablet einrichten' and sends it. */
async function enrolWith(page: EnginePage, code: string, name?: string): Promise<void> {
  const formOpen = () => page.evaluate(() => document.querySelector('.tablet-enrol') !== null);
  // 'Tablet einrichten', or 'Tablet neu einrichten' on an enrolled tablet. Clicked again until the
  // form is open: right after a reload WebKit once lost the click to a re-render of the access screen
  // (the status report arriving), and the form never opened.
  await waitUntil('the form „Tablet einrichten“', async () => {
    if (await formOpen()) return true;
    await page.click({ css: 'button.tablet-set-up' }).catch(() => undefined);
    return formOpen();
  });
  await page.fill(CODE_FIELD, code);
  if (name) await page.fill({ label: 'Name des Tablets (freiwillig, z. B. „Gruppe Igel 1“)' }, name);
  await page.click({ role: 'button', name: 'Einrichten' });
}

const enrolment = (page: EnginePage) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('zaehltest-tablet') ?? 'null')) as Promise<{
    tabletId: string;
    site: { code: string; name: string };
    passphrase: { version: number } | null;
  } | null>;

/** Puts a finished test in the app's storage and reloads to the passphrase. */
async function seedFinished(page: EnginePage): Promise<string> {
  const state = finishedSession();
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: STORAGE_KEY,
    value: persistedSession(state),
  });
  await page.reload();
  await waitForText(page, RESUME_NOTE);
  return state.submissionId as string;
}

async function typePassphrase(page: EnginePage, passphrase: string): Promise<void> {
  await page.fill(PASSPHRASE, passphrase);
  await page.click({ role: 'button', name: 'Anmelden' });
}

const origin = async (id: string) => (await server.origins([id])).get(id);

async function screenshots(page: EnginePage, name: string): Promise<void> {
  if (!SCREENSHOTS || ENGINE !== 'chromium') return;
  const dir = join(ARTIFACTS, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const [size, viewport] of SCREEN_SIZES) {
    await page.setViewport(viewport);
    await page.screenshot(join(dir, `tablet-${name}-${size}.png`));
  }
  await page.setViewport(SCREEN_SIZES[0][1]);
}

// WebKitGTK under a loaded clean-clone run once lost a click after a reload and once stopped
// answering for the whole test (180 s) at a reload of the revoked tablet; both passed alone and in
// the next runs. A test of this file gets one more try in WebKit only; the two other engines and every
// other file get none. Noted in docs/testing.md.
describe(`enrolled tablets in ${ENGINE}`, WEBKIT_SECOND_TRY, () => {
  it('keeps a non-extractable ECDSA key as a CryptoKey in IndexedDB and signs with it after a reload', async () => {
    const page = await openEnginePage();
    await page.goto(`${server.url}/`);
    // Each evaluate is self-contained (serialized into the page; the app's CSP forbids eval).
    const stored = await page.evaluate(async () => {
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
        'sign',
        'verify',
      ]);
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('engine-probe', 1);
        request.onupgradeneeded = () => request.result.createObjectStore('keys');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise((resolve, reject) => {
        const tx = db.transaction('keys', 'readwrite');
        tx.objectStore('keys').put(pair, 'pair');
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return true;
    });
    expect(stored).toBe(true);
    await page.reload();
    const after = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('engine-probe', 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const pair = await new Promise<CryptoKeyPair>((resolve, reject) => {
        const request = db.transaction('keys').objectStore('keys').get('pair');
        request.onsuccess = () => resolve(request.result as CryptoKeyPair);
        request.onerror = () => reject(request.error);
      });
      db.close();
      const data = new TextEncoder().encode('POST /api/results');
      const algorithm = { name: 'ECDSA', hash: 'SHA-256' };
      const signature = await crypto.subtle.sign(algorithm, pair.privateKey, data);
      return {
        isKey: pair.privateKey instanceof CryptoKey,
        extractable: pair.privateKey.extractable,
        signatureBytes: signature.byteLength,
        verified: await crypto.subtle.verify(algorithm, pair.publicKey, signature, data),
      };
    });
    expect(after).toEqual({ isKey: true, extractable: false, signatureBytes: 64, verified: true });
  });

  it('enrols by a typed code and uploads a result the server stores under the Einrichtung', async () => {
    const page = await openEnginePage();
    await page.goto(`${server.url}/`);
    await screenshots(page, 'not-enrolled');
    await page.click({ role: 'button', name: 'Tablet einrichten' });
    // Typed as a person might: lower case, spaces instead of dashes.
    const code = (await server.newCode(SITE.code)).toLowerCase().replaceAll('-', ' ');
    await page.fill(CODE_FIELD, code);
    await screenshots(page, 'enrol-form');
    await enrolWith(page, code, 'Gruppe Igel 1');
    await waitForText(page, 'Einrichtung: KITA-017 – Kita Sonnenschein');
    expect(await textOf(page, '[data-testid="tablet-site"]')).toBe(
      'Einrichtung: KITA-017 – Kita Sonnenschein · Tablet: Gruppe Igel 1',
    );
    await screenshots(page, 'enrolled');
    const enrolled = await enrolment(page);
    expect(enrolled?.site).toEqual(SITE);

    const id = await seedFinished(page);
    await typePassphrase(page, TEST_PASSWORD);
    await waitForScreen(page, 'result');
    await expect
      .poll(() => origin(id), { timeout: 20_000, interval: 250 })
      .toEqual({
        tabletId: enrolled?.tabletId,
        enrolledSite: SITE.code,
      });
    await waitUntil(
      'the result sent',
      async () => (await textOf(page, '.result-upload')) === 'Ergebnis gesendet.',
    );
  });

  it('enrols by a #einrichten= link: the code is filled in and the address no longer carries it', async () => {
    const page = await openEnginePage();
    const code = (await server.newCode(SITE.code)).replaceAll('-', '');
    await page.goto(`${server.url}/#einrichten=${code}`);
    await waitUntil('the code from the link in the field', () =>
      page.evaluate(() => (document.querySelector('.tablet-code') as HTMLInputElement | null)?.value ?? ''),
    );
    expect(
      await page.evaluate(() => (document.querySelector('.tablet-code') as HTMLInputElement).value),
    ).toBe(`${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.click({ role: 'button', name: 'Einrichten' });
    await waitForText(page, 'Das Tablet ist eingerichtet für KITA-017 – Kita Sonnenschein.');
    expect((await enrolment(page))?.site.code).toBe(SITE.code);
    // A reload does not open the form again: the hash is gone.
    await page.reload();
    await waitForText(page, 'Einrichtung: KITA-017');
    expect(await page.evaluate(() => document.querySelector('.tablet-enrol') === null)).toBe(true);
  });

  it('tells a wrong, a used, an expired and a mistyped code apart', async () => {
    const page = await openEnginePage();
    await page.goto(`${server.url}/`);
    await enrolWith(page, '2345-6789-ABCD');
    await waitForText(page, 'Diesen Code kennt der Server nicht. Bitte prüfen Sie die Eingabe.');
    const used = await server.newCode(SITE.code);
    // Another tablet took it first.
    expect(await server.useCode(used)).toBe(201);
    await enrolWith(page, used);
    await waitForText(page, 'Dieser Code wurde schon verwendet.');
    await enrolWith(page, await server.expiredCode(SITE.code));
    await waitForText(page, 'Dieser Code ist abgelaufen (er gilt 7 Tage).');
    await enrolWith(page, '7KQ2-M4XP-9TRO');
    await waitForText(page, 'Diese Zeichen kommen im Code nicht vor: O.');
    await enrolWith(page, '7KQ2-M4XP');
    await waitForText(page, 'Der Code hat 12 Zeichen');
    expect(await enrolment(page)).toBeNull();
    server.network('down');
    try {
      await enrolWith(page, await server.newCode(SITE.code));
      await waitForText(page, 'Der Server ist nicht erreichbar.');
    } finally {
      server.network('up');
    }
  });

  it('a tablet not enrolled keeps its result, says it is not set up, and sends it once enrolled', async () => {
    const page = await openEnginePage();
    await page.goto(`${server.url}/`);
    // As before enrolled tablets: the Einrichtungskennung typed by hand, sent as the result's site.
    await page.evaluate((site) => localStorage.setItem('zaehltest-site', site), SITE.code);
    const id = await seedFinished(page);
    await typePassphrase(page, TEST_PASSWORD);
    await waitForScreen(page, 'result');
    await waitUntil('the refusal noted', () =>
      page.evaluate(() => localStorage.getItem('zaehltest-tablet-refused') === 'not-enrolled'),
    );
    expect(await origin(id)).toBeUndefined();
    await page.reload();
    await waitForText(page, 'Dieses Tablet ist nicht eingerichtet');
    await enrolWith(page, await server.newCode(SITE.code));
    await waitForText(page, 'Das Tablet ist eingerichtet');
    expect(await hasText(page, 'Dieses Tablet ist nicht eingerichtet')).toBe(false);
    await typePassphrase(page, TEST_PASSWORD);
    await waitForScreen(page, 'result');
    await expect
      .poll(() => origin(id), { timeout: 20_000, interval: 250 })
      .toEqual({
        tabletId: (await enrolment(page))?.tabletId,
        enrolledSite: SITE.code,
      });
  });

  it("keeps a revoked tablet's result and sends it after the tablet is enrolled again", async () => {
    const page = await openEnginePage();
    await page.goto(`${server.url}/`);
    await enrolWith(page, await server.newCode(SITE.code));
    await waitForText(page, 'Das Tablet ist eingerichtet');
    const before = await enrolment(page);
    await server.revoke(before?.tabletId ?? '');

    const id = await seedFinished(page);
    await typePassphrase(page, TEST_PASSWORD);
    await waitForScreen(page, 'result');
    await waitUntil(
      'the refusal noted',
      async () => ((await enrolment(page)) as { refused?: string } | null)?.refused,
    );
    await waitUntil('the result kept on the tablet, not refused', async () =>
      /auf diesem Gerät gespeichert/.test((await textOf(page, '.result-upload')) ?? ''),
    );
    expect(await origin(id)).toBeUndefined();

    await page.reload();
    await waitForText(page, 'Dieses Tablet wurde abgemeldet.');
    await screenshots(page, 'revoked');
    await page.click({ role: 'button', name: 'Tablet neu einrichten' });
    await enrolWith(page, await server.newCode(SITE.code));
    await waitForText(page, 'Das Tablet ist eingerichtet');
    expect(await hasText(page, 'Dieses Tablet wurde abgemeldet.')).toBe(false);
    const after = await enrolment(page);
    expect(after?.tabletId).not.toBe(before?.tabletId);
    await typePassphrase(page, TEST_PASSWORD);
    await waitForScreen(page, 'result');
    await expect
      .poll(() => origin(id), { timeout: 20_000, interval: 250 })
      .toEqual({
        tabletId: after?.tabletId,
        enrolledSite: SITE.code,
      });
  });

  it('learns a changed passphrase at its next contact after being offline; the earlier data opens with the earlier passphrase once', async () => {
    await server.setPassphrase(OWN.code, P1);
    // The page has no service worker here: font subsets the result screen asks for while the network
    // is down fail to load in Firefox (and show in the fallback font); only those are tolerated.
    const page = await openEnginePage(
      {},
      ENGINE === 'firefox' ? /downloadable font: download failed .*status=2152398868/ : undefined,
    );
    await page.goto(`${server.url}/`);
    await enrolWith(page, await server.newCode(OWN.code));
    await waitForText(page, 'Einrichtung: KITA-099 – Kita Regenbogen');
    expect((await enrolment(page))?.passphrase?.version).toBe(1);

    // The build's passphrase no longer opens this tablet; the Einrichtung's does.
    const id = await seedFinished(page);
    await typePassphrase(page, TEST_PASSWORD);
    await waitForText(page, 'Falsches Passwort');
    // Offline from here: the result stays on the tablet, sealed under the key of P1.
    server.network('down');
    await typePassphrase(page, P1);
    await waitForScreen(page, 'result');
    await waitUntil('the result kept on the tablet', async () =>
      /auf diesem Gerät gespeichert/.test((await textOf(page, '.result-upload')) ?? ''),
    );

    // Changed while the tablet is offline; it comes online and is opened again.
    expect(await server.setPassphrase(OWN.code, P2)).toBe(2);
    server.network('up');
    await page.reload();
    await waitUntil(
      'the new passphrase learnt',
      async () => (await enrolment(page))?.passphrase?.version === 2,
    );
    await typePassphrase(page, P1);
    await waitForText(page, 'Falsches Passwort');
    await typePassphrase(page, P2);
    await waitForText(page, 'Das Passwort wurde geändert');
    // The educator knows only the new passphrase: new work starts at once, nothing is deleted.
    await page.click({ role: 'button', name: 'Später – jetzt mit dem neuen Passwort weiterarbeiten' });
    await waitForScreen(page, 'userdata');
    expect(await origin(id)).toBeUndefined();
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const request = indexedDB.open('zaehltest-outbox');
            request.onsuccess = () => {
              const count = request.result.transaction('results').objectStore('results').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    ).toBe(1);

    // Later someone types the previous passphrase once: the earlier result opens and is sent.
    await page.reload();
    await typePassphrase(page, P2);
    await waitForText(page, 'Frühere Daten mit dem vorherigen Passwort öffnen');
    await page.fill({ label: 'Vorheriges Passwort:' }, P1);
    await page.click({ role: 'button', name: 'Frühere Daten öffnen' });
    await expect
      .poll(() => origin(id), { timeout: 20_000, interval: 250 })
      .toMatchObject({
        enrolledSite: OWN.code,
      });
  });
  it('keeps a test that was running when the passphrase changed: after „Später“ it waits, and the earlier passphrase brings back its answers', async () => {
    await server.setPassphrase(RUNNING.code, R1);
    const page = await openEnginePage();
    await page.goto(`${server.url}/`);
    await enrolWith(page, await server.newCode(RUNNING.code));
    await waitForText(page, `Einrichtung: ${RUNNING.code} – ${RUNNING.name}`);

    // A test with every answer given but one, its last question on screen, sealed under R1.
    const questions = loadQuestions();
    const last = questions.find((q) => q.answerType === 'TextInput');
    if (!last) throw new Error('The content has no TextInput question');
    const seeded = finishedSession();
    const id = seeded.submissionId as string;
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: STORAGE_KEY,
      value: persistedSession({
        ...seeded,
        screen: 'transition',
        queue: [last.id],
        answers: seeded.answers.filter((answer) => answer.question.id !== last.id),
      }),
    });
    await page.reload();
    await waitForText(page, RESUME_NOTE);
    await typePassphrase(page, R1);
    await waitForScreen(page, 'question');
    await waitUntil('the session sealed under R1', () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').format === 2, STORAGE_KEY),
    );

    // The Einrichtung changes its passphrase; the educator knows only the new one and chooses 'Später'.
    expect(await server.setPassphrase(RUNNING.code, R2)).toBe(2);
    await page.reload();
    await waitUntil(
      'the new passphrase learnt',
      async () => (await enrolment(page))?.passphrase?.version === 2,
    );
    await typePassphrase(page, R2);
    await waitForText(page, 'Das Passwort wurde geändert');
    await page.click({ role: 'button', name: 'Später – jetzt mit dem neuen Passwort weiterarbeiten' });
    await waitForScreen(page, 'userdata');
    // The details screen is saved in the session's place; the running test waits under its own key.
    await waitUntil('the new session saved', () =>
      page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? '{}').meta?.screen === 'userdata',
        STORAGE_KEY,
      ),
    );
    const waiting = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('zaehltest-session-earlier') ?? '[]'),
    );
    expect(waiting).toHaveLength(1);
    expect(JSON.parse(waiting[0]).meta.screen).toBe('question');
    expect(await origin(id)).toBeUndefined();

    // Later someone types the earlier passphrase once: the test is offered and goes on where it stood.
    await page.reload();
    await typePassphrase(page, R2);
    await waitForText(page, 'Frühere Daten mit dem vorherigen Passwort öffnen');
    await page.fill({ label: 'Vorheriges Passwort:' }, R1);
    await page.click({ role: 'button', name: 'Frühere Daten öffnen' });
    await waitForText(page, 'Test von vor der Passwortänderung');
    expect(await hasText(page, 'Seine Antworten sind mit dem vorherigen Passwort wieder geöffnet')).toBe(
      true,
    );
    await screenshots(page, 'earlier-session');
    await page.click({ role: 'button', name: 'Diesen Test fortsetzen' });
    await waitForScreen(page, 'question');
    expect(await page.evaluate(() => localStorage.getItem('zaehltest-session-earlier'))).toBeNull();
    await answerCorrectly(page, last);
    await waitForScreen(page, 'result');

    // The result the server stores carries the answers given before the change.
    await expect
      .poll(() => origin(id), { timeout: 20_000, interval: 250 })
      .toMatchObject({
        enrolledSite: RUNNING.code,
      });
    let stored: Record<string, unknown> | undefined;
    for await (const result of server.store.iterateResults()) {
      if (result.submissionId === id) stored = result as unknown as Record<string, unknown>;
    }
    expect(SCORED_QUESTION_IDS.length).toBeGreaterThan(1);
    for (const scored of SCORED_QUESTION_IDS)
      expect(stored?.[`question${scored}`], `question ${scored}`).toBe(true);
  });
});
