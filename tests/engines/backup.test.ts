import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD } from '../support/build-app.ts';
import type { EnginePage } from '../support/driver/types.ts';
import {
  currentScreen,
  exists,
  login,
  reloadAndUnlock,
  shot,
  textOf,
  unlock,
  waitForScreen,
  waitUntil,
} from '../support/engine-flow.ts';
import { ENGINE, openEnginePage, WEBKIT_SECOND_TRY } from '../support/engine-test.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { type ContentQuestion, loadQuestions, STORAGE_KEY } from '../support/flow.ts';
import { listStoredResults } from '../support/server.ts';
import { readableForms, storedBytes } from '../support/stored-bytes.ts';

/**
 * Encrypted at rest and backups in every engine (docs/product.md): after a finished test whose
 * upload waits, no stored byte holds the child's name or birth date; 'Sicherung speichern' writes
 * one sealed file and says where it went; 'Sicherung laden' in a fresh browser profile with the
 * passphrase brings the unsent result, a child of the device with its test and the device's
 * Einrichtungskennung back and sends the result; the access screen then no longer asks for a
 * backup; a wrong passphrase or a damaged file changes nothing; the same file twice changes nothing.
 */

const distDir = inject('distDir');
const serverURL = inject('baseURL');
const questions = loadQuestions();
const NAME = 'Elif Yıldırımoğlu';
const BIRTH_DATE = '2019-03-07';
const SITE = 'KITA-017';
/** A test of Mara's 30 days ago: older than the 7 days after which the access screen asks for a backup. */
const OLD_TEST_DATE = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy({ distDir, upstream: serverURL });
});
afterAll(() => proxy.close());
afterEach(() => {
  proxy.script([]);
  proxy.requests.length = 0;
});

/** A finished test as the release before the encryption stored it: in plain text. */
function plainFinishedSession(submissionId: string) {
  return {
    screen: 'result',
    queue: [],
    currentId: null,
    submissionId,
    resultQueued: false,
    user: { name: NAME, birthdate: BIRTH_DATE, school: 'Kita', schoolLevel: '', language: 'tr' },
    answers: questions.map((q: ContentQuestion) => ({
      question: { id: q.id, level: q.level, answerType: q.answerType, currentTexts: q.texts.tr },
      givenAnswer: String(q.correctAnswer),
      correct: true,
      responseTimeMs: 2000,
      answeredAt: new Date(Date.now() - 3_600_000).toISOString(),
    })),
  };
}

/** Chooses `bytes` as the file of the backup's file field (as the file picker would). */
async function chooseFile(page: EnginePage, name: string, bytes: Uint8Array): Promise<void> {
  await page.evaluate(
    ({ name, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const input = document.querySelector<HTMLInputElement>('.backup-restore input[type=file]');
      if (!input) throw new Error('no file field');
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { name, base64: Buffer.from(bytes).toString('base64') },
  );
}

async function restore(page: EnginePage, passphrase: string): Promise<string> {
  await page.fill({ label: 'Passwort der Sicherung:' }, passphrase);
  await page.click({ role: 'button', name: 'Wiederherstellen' });
  let message = '';
  await waitUntil('the restore message', async () => {
    message = (await textOf(page, '.backup-message')) ?? '';
    return message !== '' && !message.includes('wird geladen');
  });
  return message;
}

// WebKitGTK under a loaded clean-clone run (5faaf58) once handed no download for 'Sicherung speichern'
// within 60 s, with no message on the page; the file passed in every run before and alone. As in the
// tablets' engine file, its test gets one more try in WebKit only (docs/testing.md); the test starts
// from its own fresh profile and resets the proxy, so a second try repeats it whole.
describe(`encrypted at rest and backups in ${ENGINE}`, WEBKIT_SECOND_TRY, () => {
  it('stores nothing readable of the child, and a backup restores into a fresh profile', async () => {
    const id = randomUUID();
    proxy.script([], 'down');
    const a = await openEnginePage();
    await a.goto(`${proxy.url}/`);
    await a.evaluate(({ key, state }) => localStorage.setItem(key, JSON.stringify({ state, version: 1 })), {
      key: STORAGE_KEY,
      state: plainFinishedSession(id),
    });
    // A child of the device with a test of a month ago, as the release before the encryption stored
    // them (format 1), before this device was first unlocked: the unlock seals them with their place
    // (src/storage/bind-values.ts). And the device's Einrichtungskennung.
    await a.evaluate(
      ({ testDate, site }) =>
        new Promise<void>((resolve, reject) => {
          localStorage.setItem('zaehltest-site', site);
          const request = indexedDB.open('zaehltest-children', 1);
          request.onupgradeneeded = () => {
            request.result.createObjectStore('children', { keyPath: 'code' });
            request.result
              .createObjectStore('results', { keyPath: 'submissionId' })
              .createIndex('childCode', 'childCode');
          };
          request.onsuccess = () => {
            const tx = request.result.transaction(['children', 'results'], 'readwrite');
            tx.objectStore('children').put({
              code: 'K7M3QX',
              updatedAt: '2026-10-05T09:00:00.000Z',
              sealed: { format: 1, data: { name: 'Mara Popescu', birthDate: '2020-05-17', language: 'ro' } },
            });
            tx.objectStore('results').put({
              submissionId: 'mara-old-test',
              childCode: 'K7M3QX',
              testDate,
              sealed: { format: 1, data: { finishedAt: `${testDate}T09:00:00.000Z`, language: 'ro' } },
            });
            tx.oncomplete = () => {
              request.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
          request.onerror = () => reject(request.error);
        }),
      { testDate: OLD_TEST_DATE, site: SITE },
    );

    await reloadAndUnlock(a);
    await waitForScreen(a, 'result');
    await expect
      .poll(() => textOf(a, '.result-upload'), { timeout: 20_000, interval: 200 })
      .toMatch(/auf diesem Gerät gespeichert/);

    // The plain session was taken over and sealed; the waiting result is sealed in the outbox.
    const stored = await storedBytes(a);
    expect(stored.records['zaehltest-outbox/results']).toBe(1);
    for (const form of readableForms(NAME, BIRTH_DATE)) expect(stored.text).not.toContain(form);

    // The access screen counts the waiting result without the passphrase.
    await a.reload();
    await waitUntil('the unsent count', async () => (await textOf(a, '.access-unsent')) !== null);
    expect(await textOf(a, '.access-unsent')).toBe('1 Ergebnis ist noch nicht gesendet.');
    expect(await textOf(a, '.access-last-backup')).toBe('Noch keine Sicherung auf diesem Gerät.');
    await shot(a, 'access-unsent');

    // Back to the start (the session ends), then in with the passphrase to the child's details.
    await unlock(a);
    await waitForScreen(a, 'result');
    await a.click({ role: 'button', name: 'Zurück zum Start' });
    await waitUntil('the access screen or the confirmation', async () => {
      if ((await currentScreen(a)) === 'access') return true;
      return exists(a, '.dialog-buttons');
    });
    if ((await currentScreen(a)) !== 'access') {
      await a.click({ role: 'button', name: 'Trotzdem zurück zum Start' });
      await waitForScreen(a, 'access');
    }
    // A month-old test in no backup: the access screen asks for one.
    await waitUntil('the backup reminder', () => exists(a, '.access-backup-due'));
    await a.fill({ label: 'Bitte Passwort eingeben:' }, TEST_PASSWORD);
    await a.click({ role: 'button', name: 'Anmelden' });
    await waitForScreen(a, 'userdata', 20_000);
    const backup = await a.download({ role: 'button', name: 'Sicherung speichern' }, 60_000);
    expect(backup.name).toMatch(/^zaehltest-sicherung-\d\d\.\d\d\.\d{4}\.zts$/);
    const fileText = backup.bytes.toString('latin1');
    for (const form of [...readableForms(NAME, BIRTH_DATE), 'Mara Popescu', '2020-05-17']) {
      expect(fileText).not.toContain(form);
    }
    await waitUntil('the backup date', async () =>
      ((await textOf(a, '.backup-last')) ?? '').startsWith('Letzte Sicherung: '),
    );
    // TT.MM.JJJJ like every date (never 5.3.2027), and the message says where the file went.
    const day = /zaehltest-sicherung-(\d\d\.\d\d\.\d{4})\.zts/.exec(backup.name)?.[1];
    expect(await textOf(a, '.backup-last')).toBe(`Letzte Sicherung: ${day}`);
    expect(await textOf(a, '.backup-message')).toBe(
      `Die Sicherung wurde als „${backup.name}“ im Download-Ordner des Browsers gespeichert (meist „Downloads“; auf iPad und iPhone: App „Dateien“ → „Downloads“) – oder dort, wo Sie es beim Speichern gewählt haben.`,
    );
    await shot(a, 'backup-saved');

    // Another device: a fresh profile, the same passphrase.
    const b = await openEnginePage();
    await login(b, proxy.url);
    expect(await textOf(b, '.site-setting summary')).toBe('Keine Einrichtungskennung gesetzt');
    await b.click({ role: 'button', name: 'Sicherung laden' });
    await chooseFile(b, backup.name, backup.bytes);
    expect(await restore(b, 'falsch')).toMatch(
      /mit einem anderen Passwort gespeichert.*Es wurde nichts geändert/,
    );
    const damaged = Buffer.from(backup.bytes);
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = (damaged[middle] ?? 0) ^ 0x20;
    await chooseFile(b, backup.name, damaged);
    expect(await restore(b, TEST_PASSWORD)).toMatch(
      /keine lesbare Zähltest-Sicherung.*Es wurde nichts geändert/,
    );
    let onB = await storedBytes(b);
    expect(onB.records['zaehltest-outbox/results'] ?? 0).toBe(0);
    expect(onB.records['zaehltest-children/children'] ?? 0).toBe(0);

    await chooseFile(b, backup.name, backup.bytes);
    expect(await restore(b, TEST_PASSWORD)).toBe(
      `Sicherung geladen. Neu auf diesem Gerät – Kinder: 1, Ergebnisse: 1, nicht gesendete Ergebnisse: 1. Was schon da war, wurde nicht doppelt angelegt. Einrichtungskennung aus der Sicherung übernommen: ${SITE}.`,
    );
    // The Einrichtungskennung is back on the form at once; the loaded file is the last backup.
    expect(await textOf(b, '.site-setting summary')).toBe(`Einrichtungskennung: ${SITE}`);
    expect(await textOf(b, '.backup-last')).toBe(`Letzte Sicherung: ${day}`);
    await shot(b, 'backup-restored');
    onB = await storedBytes(b);
    expect(onB.records['zaehltest-outbox/results']).toBe(1);
    expect(onB.records['zaehltest-children/children']).toBe(1);
    expect(onB.records['zaehltest-children/results']).toBe(1);
    for (const form of [...readableForms(NAME, BIRTH_DATE), 'Mara Popescu', '2020-05-17']) {
      expect(onB.text).not.toContain(form);
    }
    // The same file again changes nothing.
    expect(await restore(b, TEST_PASSWORD)).toMatch(/Alles darin war auf diesem Gerät schon vorhanden/);
    expect((await storedBytes(b)).records).toEqual(onB.records);

    // The access screen follows the restore: the month-old test is in the loaded file, so it no
    // longer says that results lie only on this device.
    await b.reload();
    await waitUntil('the device status', async () => (await textOf(b, '.access-last-backup')) !== null);
    expect(await textOf(b, '.access-last-backup')).toBe(`Letzte Sicherung: ${day}`);
    expect(await exists(b, '.access-backup-due')).toBe(false);
    await shot(b, 'backup-restored-access');
    // Unsent results go out only after the passphrase.
    await b.fill({ label: 'Bitte Passwort eingeben:' }, TEST_PASSWORD);
    await b.click({ role: 'button', name: 'Anmelden' });
    await waitForScreen(b, 'userdata', 20_000);

    // The restored result reaches the server from the new device, once.
    proxy.script([], 'pass');
    await b.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(async () => (await listStoredResults(serverURL)).filter((r) => r.submissionId === id).length, {
        timeout: 45_000,
        interval: 500,
      })
      .toBe(1);
  });
});
