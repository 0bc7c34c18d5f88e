import 'fake-indexeddb/auto';
import { createHmac, pbkdf2Sync } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultPayload } from '../../schemas/result-payload';
import { childPlace, openChildrenDb, resultPlace } from '../children/db';
import { ChildrenRepository } from '../children/repository';
import { OUTBOX_STORE, openStorage } from '../results/outbox/storage';
import { decryptSync, encryptSync } from './aead';
import type { BackupStores } from './backup';
import { bindValues } from './bind-values';
import { deriveMaster, fromBase64, subkey } from './kdf';
import {
  KEYRING_STORAGE_KEY,
  lockForTests,
  MisplacedValueError,
  type Sealed,
  unlock,
  unseal,
  valuesBound,
} from './sealed';

const items = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => items.set(key, value),
  removeItem: (key: string) => items.delete(key),
});

const SALT = Buffer.from('salt-of-the-bind-test').toString('base64');
const VERIFIER = (() => {
  const master = pbkdf2Sync('zaehltest', Buffer.from(SALT, 'base64'), 1000, 32, 'sha256');
  return {
    salt: SALT,
    iterations: 1000,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
})();

/** A value sealed as the release before stored it: AES-GCM under the data key, without its place. */
async function sealedTheOldWay(value: unknown): Promise<Sealed> {
  const keyring = JSON.parse(items.get(KEYRING_STORAGE_KEY) ?? '{}');
  expect(keyring.bound).toBeUndefined();
  const master = await deriveMaster('zaehltest', VERIFIER);
  const dataKey = decryptSync(subkey(master, 'wrap'), fromBase64(keyring.wrapped));
  return { format: 2, data: encryptSync(dataKey, new TextEncoder().encode(JSON.stringify(value))) };
}

const MARA = { name: 'Mara Popescu', birthDate: '2020-05-17', school: 'kita', language: 'ro', version: 1 };
const payload = { submissionId: 'result-1', user: { birthdate: '2020-05-17' } } as unknown as ResultPayload;

let n = 0;
let stores: BackupStores;
let names: { children: string; outbox: string };

/** A device of the release before: unlocked, values sealed without their place, plain ones too. */
async function oldDevice() {
  const db = await openChildrenDb(names.children);
  await db.put('children', {
    code: 'K7M3QX',
    updatedAt: '2026-10-05T09:00:00.000Z',
    sealed: await sealedTheOldWay(MARA),
  });
  await db.put('children', {
    code: 'ZZ4PQR',
    updatedAt: '2026-10-05T09:00:00.000Z',
    sealed: { format: 1, data: { ...MARA, name: 'Emre' } },
  });
  await db.put('results', {
    submissionId: 'result-1',
    childCode: 'K7M3QX',
    testDate: '2026-10-05',
    sealed: await sealedTheOldWay({ levels: [5, 4, 2] }),
  });
  db.close();
  const outbox = await openStorage(names.outbox);
  // The entry as the outbox stored it, payload sealed without its place.
  const raw = (outbox as unknown as { db: { put: (store: string, value: unknown) => Promise<unknown> } }).db;
  await raw.put(OUTBOX_STORE, {
    submissionId: 'result-1',
    createdAt: 1,
    failedAttempts: 0,
    nextAttemptAt: 1,
    rejected: false,
    sealed: await sealedTheOldWay(payload),
  });
}

beforeEach(async () => {
  items.clear();
  lockForTests();
  n++;
  names = { children: `bind-children-${n}`, outbox: `bind-outbox-${n}` };
  stores = { children: () => openChildrenDb(names.children), outbox: () => openStorage(names.outbox) };
  expect(await unlock('zaehltest', VERIFIER)).toBe('unlocked');
});

describe('binding stored values to their place', () => {
  it('migrates values sealed without their place (and plain ones): every child, result and unsent result is kept', async () => {
    await oldDevice();
    expect(valuesBound()).toBe(false);
    expect(await bindValues(stores)).toBe(true);
    expect(valuesBound()).toBe(true);

    const db = await stores.children();
    const children = await db.getAll('children');
    const results = await db.getAll('results');
    db.close();
    expect([...children, ...results].map((record) => record.sealed.format)).toEqual([3, 3, 3]);
    const repository = new ChildrenRepository(names.children);
    expect((await repository.getChild('K7M3QX'))?.name).toBe('Mara Popescu');
    expect((await repository.getChild('ZZ4PQR'))?.name).toBe('Emre');
    expect((await repository.allResults()).map((result) => result.submissionId)).toEqual(['result-1']);
    expect(await (await stores.outbox()).all()).toMatchObject([{ submissionId: 'result-1', payload }]);

    // After a reload the device is still bound (the keyring says so, under the passphrase).
    lockForTests();
    expect(await unlock('zaehltest', VERIFIER)).toBe('unlocked');
    expect(valuesBound()).toBe(true);
    expect((await new ChildrenRepository(names.children).getChild('K7M3QX'))?.name).toBe('Mara Popescu');
  });

  it('refuses a value sealed without its place once bound (an old copy put back)', async () => {
    const old = await sealedTheOldWay(MARA);
    expect(await bindValues(stores)).toBe(true);
    await expect(unseal(old, childPlace('K7M3QX'))).rejects.toBeInstanceOf(MisplacedValueError);
    await expect(unseal({ format: 1, data: MARA }, childPlace('K7M3QX'))).rejects.toBeInstanceOf(
      MisplacedValueError,
    );
  });

  it('a keyring stripped of its note no longer opens: the note cannot be taken away to read old values', async () => {
    expect(await bindValues(stores)).toBe(true);
    const keyring = JSON.parse(items.get(KEYRING_STORAGE_KEY) ?? '{}');
    delete keyring.bound;
    items.set(KEYRING_STORAGE_KEY, JSON.stringify(keyring));
    lockForTests();
    expect(await unlock('zaehltest', VERIFIER)).toBe('old-passphrase-needed');
  });

  it('swapped or injected values are refused', async () => {
    expect(await bindValues(stores)).toBe(true);
    const repository = new ChildrenRepository(names.children);
    await repository.saveChild({
      code: 'K7M3QX',
      name: 'Mara Popescu',
      birthDate: '2020-05-17',
      school: 'kita',
      schoolLevel: 'kita-1',
      language: 'ro',
      createdAt: '2026-10-05T09:00:00.000Z',
      updatedAt: '2026-10-05T09:00:00.000Z',
    } as never);
    await repository.saveChild({
      code: 'ZZ4PQR',
      name: 'Emre',
      birthDate: '2019-01-02',
      school: 'kita',
      schoolLevel: 'kita-1',
      language: 'tr',
      createdAt: '2026-10-05T09:00:00.000Z',
      updatedAt: '2026-10-05T09:00:00.000Z',
    } as never);
    const db = await stores.children();
    const mara = await db.get('children', 'K7M3QX');
    const emre = await db.get('children', 'ZZ4PQR');
    // Swapped: each child's sealed value under the other's code.
    await db.put('children', { ...mara!, sealed: emre!.sealed });
    await db.put('children', { ...emre!, sealed: mara!.sealed });
    // Injected: a child's value copied in as a result.
    await db.put('results', {
      submissionId: 'forged',
      childCode: 'K7M3QX',
      testDate: '2026-10-05',
      sealed: mara!.sealed,
    });
    db.close();
    await expect(repository.getChild('K7M3QX')).rejects.toBeInstanceOf(MisplacedValueError);
    await expect(repository.getChild('ZZ4PQR')).rejects.toBeInstanceOf(MisplacedValueError);
    // The lists leave them out (reported), rather than show one child's data as another's.
    const refused = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await repository.listChildren()).toEqual([]);
    expect(await repository.allResults()).toEqual([]);
    expect(refused).toHaveBeenCalledTimes(3);
    await expect(unseal(mara!.sealed, resultPlace('forged'))).rejects.toBeInstanceOf(MisplacedValueError);
  });
});
