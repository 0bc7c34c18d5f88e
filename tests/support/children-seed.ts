import { createCipheriv, createDecipheriv, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { result } from '../../src/children/test-fixtures.ts';
import { CHILD_CODE_ALPHABET, CHILDREN_DB_NAME, type Child, type LocalResult } from '../../src/contract.ts';
import { TEST_PASSWORD } from './build-app.ts';

/**
 * A large group of children written straight into the app's children database, sealed under the
 * device's data key as the app seals them: for the Gruppenübersicht's browser test and its bench
 * (scripts/bench/children.ts). Deterministic: codes, names, languages and points vary so every
 * sort and filter does work.
 */
export const CHILDREN = 300;
export const TESTS_PER_CHILD = 3;
const LANGUAGES = ['tr', 'ar', 'ro'] as const;

function child(n: number, code: string): Child {
  return {
    code,
    name: `Kind ${String((n * 37) % CHILDREN).padStart(3, '0')}`,
    birthDate: `20${19 + (n % 3)}-${String((n % 12) + 1).padStart(2, '0')}-15`,
    school: 'Kita',
    schoolLevel: '',
    language: LANGUAGES[n % 3]!,
    createdAt: '2024-01-10T08:00:00.000Z',
    updatedAt: '2024-01-10T08:00:00.000Z',
  };
}

/** A deterministic data set: codes, names, languages and points vary so every sort does work. */
export function dataSet(): { children: Child[]; results: LocalResult[] } {
  const code = (n: number) =>
    Array.from({ length: 6 }, (_, i) => CHILD_CODE_ALPHABET[Math.floor(n / 30 ** i) % 30]).join('');
  const children = Array.from({ length: CHILDREN }, (_, n) => child(n, code(n * 7919 + 13)));
  const results = children.flatMap((c, n) =>
    Array.from({ length: TESTS_PER_CHILD }, (_, t) =>
      // In the child's language: the overview names the language of a newest test in another one.
      storedResult(
        c.code,
        `202${4 + t}-${String(((n + t) % 12) + 1).padStart(2, '0')}-10`,
        c.language,
        [(n + t) % 8, (n * 3 + t) % 8, (n * 5 + t) % 8],
        { submissionId: `${c.code}-${t}` },
      ),
    ),
  );
  return { children, results };
}

/**
 * The device's data key, opened from the keyring the app wrote at login (src/storage/sealed.ts):
 * PBKDF2 of the passphrase, HMAC 'zaehltest/wrap', AES-256-GCM (IV, ciphertext, tag).
 */
export async function dataKeyOf(page: Page): Promise<Buffer> {
  const raw = await page.evaluate(() => localStorage.getItem('zaehltest-key'));
  if (!raw) throw new Error('no keyring after login');
  const keyring = JSON.parse(raw) as { salt: string; iterations: number; wrapped: string; bound?: true };
  const master = pbkdf2Sync(
    TEST_PASSWORD,
    Buffer.from(keyring.salt, 'base64'),
    keyring.iterations,
    32,
    'sha256',
  );
  const wrapKey = createHmac('sha256', master).update('zaehltest/wrap').digest();
  const wrapped = Buffer.from(keyring.wrapped, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', wrapKey, wrapped.subarray(0, 12));
  decipher.setAuthTag(wrapped.subarray(-16));
  // A device whose values are bound to their place wraps its key with that note (sealed.ts).
  if (keyring.bound) decipher.setAAD(Buffer.from('zaehltest/keyring/bound'));
  return Buffer.concat([decipher.update(wrapped.subarray(12, -16)), decipher.final()]);
}

/**
 * Sealed as `seal` of src/storage/sealed.ts does it (format 3: bound to its place, e.g.
 * 'children/K7M3QX'), base64 for the trip into the page.
 */
function sealed(key: Buffer, value: unknown, place: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`zaehltest/place/${place}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(value)), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/**
 * Writes the data set into the app's children database the way src/children/repository.ts stores
 * it: only the plain fields beside `sealed`, the rest encrypted under the device's data key (format
 * 3 of src/storage/sealed.ts), so opening the overview decrypts 1,200 records as on a real device.
 * Another test passes children and results of its own (tests/group-overview-plan.test.ts).
 */
export async function seed(
  page: Page,
  { children, results }: { children: Child[]; results: LocalResult[] } = dataSet(),
): Promise<void> {
  const key = await dataKeyOf(page);
  const records = {
    children: children.map(({ code, updatedAt, ...content }) => ({
      code,
      updatedAt,
      sealed: sealed(key, { ...content, version: 1 }, `children/${code}`),
    })),
    results: results.map(({ submissionId, childCode, testDate, ...content }) => ({
      submissionId,
      childCode,
      testDate,
      sealed: sealed(key, { ...content, version: 1 }, `results/${submissionId}`),
    })),
  };
  await page.evaluate(
    ({ name, records }) =>
      new Promise<void>((resolve, reject) => {
        // No named helper here: tsx would wrap it in a `__name` call the page does not know.
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['children', 'results'], 'readwrite');
          for (const { sealed, ...plain } of records.children) {
            tx.objectStore('children').put({
              ...plain,
              sealed: { format: 3, data: Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0)) },
            });
          }
          for (const { sealed, ...plain } of records.results) {
            tx.objectStore('results').put({
              ...plain,
              sealed: { format: 3, data: Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0)) },
            });
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { name: CHILDREN_DB_NAME, records },
  );
}

// ————— A few children of a test's own —————

/** YYYY-MM-DD so many days before today. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

export function storedChild(code: string, name: string, language: string, birthDate: string): Child {
  return {
    code,
    name,
    birthDate,
    school: 'Kita',
    schoolLevel: '',
    language,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-01-10T08:00:00.000Z',
  };
}

/**
 * A stored test of the device (sealed by `seed`) in this language with these points on levels 1–3:
 * the unit tests' fixture (the first answers of each level right), with `extra` on top.
 */
export function storedResult(
  childCode: string,
  testDate: string,
  language: string,
  points: [number, number, number],
  extra: Partial<LocalResult> = {},
): LocalResult {
  return { ...result(childCode, testDate, points), language, ...extra };
}
