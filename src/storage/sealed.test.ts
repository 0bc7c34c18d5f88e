import { createHmac, pbkdf2Sync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decrypt, decryptSync, encrypt, encryptSync } from './aead';
import { type AccessVerifier, deriveMaster, verifierOf } from './kdf';
import {
  checkPassphrase,
  continueWithoutEarlierData,
  earlierDataLocked,
  KEYRING_STORAGE_KEY,
  lockForTests,
  MisplacedValueError,
  openEarlierData,
  type Sealed,
  SealedFileError,
  seal,
  sealFile,
  sealTextNow,
  startWithNewKey,
  unlock,
  unlockWithOldPassphrase,
  unseal,
  unsealFile,
  unsealTextNow,
} from './sealed';

/** The build's verifier, made as scripts/build-config.ts makes it (Node's crypto), at a low cost. */
function verifierFor(passphrase: string, salt: string, iterations = 1000): AccessVerifier {
  const master = pbkdf2Sync(passphrase, Buffer.from(salt, 'base64'), iterations, 32, 'sha256');
  return {
    salt,
    iterations,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
}
const SALT_A = Buffer.from('salt-of-build-a!').toString('base64');
const SALT_B = Buffer.from('salt-of-build-b!').toString('base64');
const CHILD = { name: 'Ayşe Yılmaz', birthDate: '2020-03-14', language: 'tr' };
const PLACE = 'children/K7M3QX';

const items = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => items.set(key, value),
  removeItem: (key: string) => items.delete(key),
});

beforeEach(() => {
  items.clear();
  lockForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const text = (bytes: unknown) => new TextDecoder().decode(bytes as Uint8Array);

describe('the slow KDF', () => {
  it('gives the verifier the build made, through crypto.subtle and without it (plain http)', async () => {
    const verifier = verifierFor('zaehltest', SALT_A);
    expect(verifierOf(await deriveMaster('zaehltest', verifier))).toBe(verifier.verifier);
    vi.spyOn(globalThis.crypto, 'subtle', 'get').mockReturnValue(undefined as unknown as SubtleCrypto);
    expect(verifierOf(await deriveMaster('zaehltest', verifier))).toBe(verifier.verifier);
    expect(await checkPassphrase('zaehltest', verifier)).toBe(true);
    expect(await checkPassphrase('Zaehltest', verifier)).toBe(false);
  });

  it('AES-GCM through crypto.subtle and @noble/ciphers read each other', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const message = new TextEncoder().encode('Ayşe');
    expect(text(decryptSync(key, await encrypt(key, message)))).toBe('Ayşe');
    expect(text(await decrypt(key, encryptSync(key, message)))).toBe('Ayşe');
  });
});

describe('sealing a child’s data', () => {
  it('stores nothing readable, opens what it sealed, and still reads the plain format 1', async () => {
    expect(await unlock('zaehltest', verifierFor('zaehltest', SALT_A))).toBe('unlocked');
    const sealed = await seal(CHILD, PLACE);
    expect(sealed.format).toBe(3);
    const stored = Buffer.from(sealed.data as Uint8Array).toString('latin1');
    expect(stored).not.toContain('2020-03-14');
    expect(Buffer.from(sealed.data as Uint8Array).indexOf(Buffer.from('Yılmaz'))).toBe(-1);
    expect(await unseal(sealed, PLACE)).toEqual(CHILD);
    expect(await unseal({ format: 1, data: CHILD }, PLACE)).toEqual(CHILD);
    await expect(unseal({ format: 9, data: 'x' }, PLACE)).rejects.toThrow(/Unknown sealed format 9/);
  });

  it('waits for the passphrase before it seals or opens anything', async () => {
    let done = false;
    const sealing = seal(CHILD, PLACE).then((value) => {
      done = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    await unlock('zaehltest', verifierFor('zaehltest', SALT_A));
    expect(await unseal(await sealing, PLACE)).toEqual(CHILD);
  });

  it('refuses a wrong passphrase and keeps the wrapped key free of anything readable', async () => {
    expect(await unlock('falsch', verifierFor('zaehltest', SALT_A))).toBe('wrong-passphrase');
    expect(items.has(KEYRING_STORAGE_KEY)).toBe(false);
    expect(await unlock('zaehltest', verifierFor('zaehltest', SALT_A))).toBe('unlocked');
    expect(items.get(KEYRING_STORAGE_KEY)).not.toContain('zaehltest');
  });
});

describe('a new build', () => {
  async function sealedUnder(passphrase: string, salt: string): Promise<Sealed> {
    expect(await unlock(passphrase, verifierFor(passphrase, salt))).toBe('unlocked');
    const sealed = await seal(CHILD, PLACE);
    lockForTests(); // the page reloads with the new build
    return sealed;
  }

  it('with a new salt and the same passphrase opens the data without asking', async () => {
    const sealed = await sealedUnder('zaehltest', SALT_A);
    expect(await unlock('zaehltest', verifierFor('zaehltest', SALT_B))).toBe('unlocked');
    expect(await unseal(sealed, PLACE)).toEqual(CHILD);
    // Rewrapped under the new salt: the next unlock needs one derivation only.
    expect(JSON.parse(items.get(KEYRING_STORAGE_KEY) ?? '{}').salt).toBe(SALT_B);
  });

  it('with a new passphrase asks once for the earlier one, then reads everything', async () => {
    const sealed = await sealedUnder('alt-passwort', SALT_A);
    expect(await unlock('neues-passwort', verifierFor('neues-passwort', SALT_B))).toBe(
      'old-passphrase-needed',
    );
    expect(await unlockWithOldPassphrase('falsch')).toBe(false);
    expect(await unlockWithOldPassphrase('alt-passwort')).toBe(true);
    expect(await unseal(sealed, PLACE)).toEqual(CHILD);
    lockForTests();
    expect(await unlock('neues-passwort', verifierFor('neues-passwort', SALT_B))).toBe('unlocked');
    expect(await unseal(sealed, PLACE)).toEqual(CHILD);
  });

  it('with the earlier passphrase forgotten starts a new key: the old data can no longer be opened', async () => {
    const sealed = await sealedUnder('alt-passwort', SALT_A);
    expect(await unlock('neues-passwort', verifierFor('neues-passwort', SALT_B))).toBe(
      'old-passphrase-needed',
    );
    startWithNewKey();
    await expect(unseal(sealed, PLACE)).rejects.toThrow();
    expect(await unseal(await seal(CHILD, PLACE), PLACE)).toEqual(CHILD);
  });
});

describe('sealed files (backups)', () => {
  it('open on another device with the same passphrase, whatever its own key', async () => {
    expect(await unlock('zaehltest', verifierFor('zaehltest', SALT_A))).toBe('unlocked');
    const file = await sealFile({ children: [CHILD] });
    expect(text(file)).not.toContain('2020-03-14');
    expect(text(file)).not.toContain('Yılmaz');
    // Another device: its own key, another build's salt.
    items.clear();
    lockForTests();
    expect(await unlock('zaehltest', verifierFor('zaehltest', SALT_B))).toBe('unlocked');
    expect(await unsealFile(file, 'zaehltest')).toEqual({ children: [CHILD] });
  });

  it('tell a wrong passphrase from a damaged file', async () => {
    await unlock('zaehltest', verifierFor('zaehltest', SALT_A));
    const file = await sealFile({ children: [CHILD] });
    await expect(unsealFile(file, 'anderes')).rejects.toEqual(new SealedFileError('wrong-passphrase'));
    const parsed = JSON.parse(text(file));
    const data = Buffer.from(parsed.data, 'base64');
    data[20] = (data[20] ?? 0) ^ 1;
    const damaged = new TextEncoder().encode(JSON.stringify({ ...parsed, data: data.toString('base64') }));
    await expect(unsealFile(damaged, 'zaehltest')).rejects.toMatchObject({ reason: 'damaged' });
    await expect(unsealFile(file.subarray(0, 100), 'zaehltest')).rejects.toMatchObject({ reason: 'damaged' });
    await expect(unsealFile(new Uint8Array([0xff, 0xfe]), 'zaehltest')).rejects.toMatchObject({
      reason: 'damaged',
    });
  });

  it('refuse a plain file (format 1), whatever passphrase is typed', async () => {
    await unlock('zaehltest', verifierFor('zaehltest', SALT_A));
    const plain = new TextEncoder().encode(
      JSON.stringify({ magic: 'zaehltest-sealed-file', format: 1, data: { children: [CHILD] } }),
    );
    await expect(unsealFile(plain, 'falsch')).rejects.toEqual(new SealedFileError('unsealed'));
    await expect(unsealFile(plain, 'zaehltest')).rejects.toEqual(new SealedFileError('unsealed'));
  });

  it('refuse a file sealed with fewer iterations than the app’s, even with the right passphrase', async () => {
    // A file sealed by a device whose cost is 1 (as a forger would make it), opened on one at 1000.
    await unlock('zaehltest', verifierFor('zaehltest', SALT_A, 1));
    const cheap = await sealFile({ children: [CHILD] });
    expect(JSON.parse(text(cheap)).iterations).toBe(1);
    items.clear();
    lockForTests();
    await unlock('zaehltest', verifierFor('zaehltest', SALT_B));
    await expect(unsealFile(cheap, 'zaehltest')).rejects.toEqual(new SealedFileError('weak-key'));
  });
});

describe('an enrolled tablet whose Einrichtung changed its passphrase (docs/product.md §51)', () => {
  const SALT_C = Buffer.from('salt-of-site-3!!').toString('base64');
  function enrolWith(passphrase: string, salt: string, version: number) {
    items.set(
      'zaehltest-tablet',
      JSON.stringify({
        format: 1,
        tabletId: 't_1',
        site: { code: 'KITA-017', name: 'Kita Sonnenschein' },
        passphrase: { ...verifierFor(passphrase, salt), version },
        enrolledAt: '2026-11-01T08:00:00.000Z',
      }),
    );
  }

  it("checks the typed passphrase against the Einrichtung's record, not the build's", async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    expect(await checkPassphrase('kita-passwort-eins')).toBe(true);
    expect(await checkPassphrase('zaehltest')).toBe(false);
    expect(await unlock('kita-passwort-eins')).toBe('unlocked');
  });

  it('the new passphrase opens new work at once; the earlier data stays stored and opens with the earlier passphrase once', async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    expect(await unlock('kita-passwort-eins')).toBe('unlocked');
    const earlier = await seal(CHILD, PLACE);
    const earlierSession = sealTextNow('{"state":{}}');
    lockForTests();
    // The status report brought version 2; the educator knows only the new passphrase.
    enrolWith('kita-passwort-zwei', SALT_B, 2);
    expect(await unlock('kita-passwort-eins')).toBe('wrong-passphrase');
    expect(await unlock('kita-passwort-zwei')).toBe('old-passphrase-needed');
    continueWithoutEarlierData();
    // The running session sealed under the earlier key does not open now: the store sets it aside
    // under its own storage key instead of overwriting it (src/store/earlier-session.ts).
    expect(() => unsealTextNow(earlierSession)).toThrow();
    const later = await seal({ ...CHILD, name: 'Omar' }, 'children/ABCDEF');
    expect(await unseal(later, 'children/ABCDEF')).toMatchObject({ name: 'Omar' });
    await expect(unseal(earlier, PLACE)).rejects.toBeInstanceOf(MisplacedValueError);
    expect(earlierDataLocked()).toBe(true);

    // After a reload the new passphrase opens at once, and the earlier data is still waiting.
    lockForTests();
    expect(earlierDataLocked()).toBe(true);
    expect(await unlock('kita-passwort-zwei')).toBe('unlocked');
    expect(earlierDataLocked()).toBe(true);
    expect(await openEarlierData('falsch')).toBe(false);
    expect(await openEarlierData('kita-passwort-eins')).toBe(true);
    expect(earlierDataLocked()).toBe(false);
    expect(await unseal(earlier, PLACE)).toEqual(CHILD);
    expect(unsealTextNow(earlierSession)).toBe('{"state":{}}');
    expect(await unseal(later, 'children/ABCDEF')).toMatchObject({ name: 'Omar' });

    // From now on the new passphrase alone opens both.
    lockForTests();
    expect(await unlock('kita-passwort-zwei')).toBe('unlocked');
    expect(earlierDataLocked()).toBe(false);
    expect(await unseal(earlier, PLACE)).toEqual(CHILD);
  });

  it('two changes in a row: the first passphrase still brings back what was sealed under it', async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    await unlock('kita-passwort-eins');
    const first = await seal(CHILD, PLACE);
    lockForTests();
    enrolWith('kita-passwort-zwei', SALT_B, 2);
    expect(await unlock('kita-passwort-zwei')).toBe('old-passphrase-needed');
    continueWithoutEarlierData();
    const second = await seal({ ...CHILD, name: 'Omar' }, 'children/ABCDEF');
    lockForTests();
    enrolWith('kita-passwort-drei', SALT_C, 3);
    expect(await unlock('kita-passwort-drei')).toBe('old-passphrase-needed');
    continueWithoutEarlierData();
    expect(await openEarlierData('kita-passwort-eins')).toBe(true);
    expect(earlierDataLocked()).toBe(true);
    expect(await unseal(first, PLACE)).toEqual(CHILD);
    expect(await openEarlierData('kita-passwort-zwei')).toBe(true);
    expect(earlierDataLocked()).toBe(false);
    expect(await unseal(second, 'children/ABCDEF')).toMatchObject({ name: 'Omar' });
  });

  it('typing the earlier passphrase at once (unlockWithOldPassphrase) keeps the earlier keys it had opened', async () => {
    enrolWith('kita-passwort-eins', SALT_A, 1);
    await unlock('kita-passwort-eins');
    const first = await seal(CHILD, PLACE);
    lockForTests();
    enrolWith('kita-passwort-zwei', SALT_B, 2);
    await unlock('kita-passwort-zwei');
    continueWithoutEarlierData();
    expect(await openEarlierData('kita-passwort-eins')).toBe(true);
    lockForTests();
    enrolWith('kita-passwort-drei', SALT_C, 3);
    expect(await unlock('kita-passwort-drei')).toBe('old-passphrase-needed');
    expect(await unlockWithOldPassphrase('kita-passwort-zwei')).toBe(true);
    expect(await unseal(first, PLACE)).toEqual(CHILD);
  });
});
