import 'fake-indexeddb/auto';
import { createHmac, pbkdf2Sync } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultPayload } from '../../schemas/result-payload';
import { openChildrenDb } from '../children/db';
import { ChildrenRepository } from '../children/repository';
import { openStorage } from '../results/outbox/storage';
import { readSite, SITE_STORAGE_KEY } from '../settings/site';
import {
  type BackupContent,
  BackupContentError,
  type BackupStores,
  backupFileName,
  makeBackupFile,
  restoreBackup,
} from './backup';
import { LAST_BACKUP_KEY } from './device-status';
import { lockForTests, SealedFileError, seal, sealFile, unlock, unseal, unsealFile } from './sealed';

const items = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => items.set(key, value),
  removeItem: (key: string) => items.delete(key),
});

function verifier(passphrase: string, salt: string) {
  const master = pbkdf2Sync(passphrase, Buffer.from(salt), 1000, 32, 'sha256');
  return {
    salt: Buffer.from(salt).toString('base64'),
    iterations: 1000,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
}

let deviceCounter = 0;
/** A fresh device (its own databases, its own data key), unlocked with `passphrase`. */
async function device(passphrase = 'zaehltest'): Promise<BackupStores> {
  items.clear();
  lockForTests();
  expect(await unlock(passphrase, verifier(passphrase, `salt-${++deviceCounter}-of-a-build`))).toBe(
    'unlocked',
  );
  const id = deviceCounter;
  return {
    children: () => openChildrenDb(`children-${id}`),
    outbox: () => openStorage(`outbox-${id}`),
  };
}

const MARA = { name: 'Mara Popescu', birthDate: '2020-05-17', language: 'ro' };
const payload = (submissionId: string) =>
  ({ submissionId, user: { birthdate: '2020-05-17' }, answers: [] }) as unknown as ResultPayload;

async function addChild(stores: BackupStores, code: string, updatedAt: string, data: object) {
  const db = await stores.children();
  await db.put('children', { code, updatedAt, sealed: await seal(data, `children/${code}`) });
  db.close();
}

async function addResult(stores: BackupStores, submissionId: string, childCode: string, data: object) {
  const db = await stores.children();
  await db.put('results', {
    submissionId,
    childCode,
    testDate: '2026-10-05',
    sealed: await seal(data, `results/${submissionId}`),
  });
  db.close();
}

/** What a device holds, opened: children by code, results by id, outbox ids. */
async function contents(stores: BackupStores) {
  const db = await stores.children();
  const children = Object.fromEntries(
    await Promise.all(
      (await db.getAll('children')).map(async (c) => [c.code, await unseal(c.sealed, `children/${c.code}`)]),
    ),
  );
  const results = Object.fromEntries(
    await Promise.all(
      (await db.getAll('results')).map(async (r) => [
        r.submissionId,
        await unseal(r.sealed, `results/${r.submissionId}`),
      ]),
    ),
  );
  db.close();
  const outbox = (await (await stores.outbox()).all()).map((entry) => entry.submissionId).sort();
  return { children, results, outbox };
}

async function rawBytes(stores: BackupStores): Promise<string> {
  const db = await stores.children();
  const all = [...(await db.getAll('children')), ...(await db.getAll('results'))];
  db.close();
  return all.map((record) => Buffer.from((record.sealed.data as Uint8Array) ?? []).toString('latin1')).join();
}

async function deviceA() {
  const a = await device();
  await addChild(a, 'K7M3QX', '2026-10-05T09:00:00.000Z', MARA);
  await addResult(a, 'result-1', 'K7M3QX', { levels: [5, 4, 2] });
  await (await a.outbox()).addIfAbsent({
    submissionId: 'result-1',
    payload: payload('result-1'),
    createdAt: 1,
    failedAttempts: 0,
    nextAttemptAt: 1,
    rejected: false,
  });
  return a;
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('backups', () => {
  it('restored on another device with the passphrase reproduce the children, results and unsent results', async () => {
    const a = await deviceA();
    const before = await contents(a);
    const { bytes, name } = await makeBackupFile(a, new Date(2026, 9, 12, 15, 0));
    expect(name).toBe('zaehltest-sicherung-12.10.2026.zts');
    expect(items.get(LAST_BACKUP_KEY)).toBe(new Date(2026, 9, 12, 15, 0).toISOString());
    expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/Mara|2020-05-17/);

    const b = await device();
    expect(await restoreBackup(bytes, 'zaehltest', b)).toEqual({
      children: 1,
      results: 1,
      unsent: 1,
      site: { kind: 'missing' },
    });
    expect(await contents(b)).toEqual(before);
    // Stored on B under B's own key: nothing readable.
    expect(await rawBytes(b)).not.toMatch(/Mara|2020-05-17/);
  });

  it('restoring the same file twice changes nothing', async () => {
    const { bytes } = await makeBackupFile(await deviceA());
    const b = await device();
    await restoreBackup(bytes, 'zaehltest', b);
    const once = await contents(b);
    expect(await restoreBackup(bytes, 'zaehltest', b)).toEqual({
      children: 0,
      results: 0,
      unsent: 0,
      site: { kind: 'missing' },
    });
    expect(await contents(b)).toEqual(once);
  });

  it('merges by child code (the newer change wins) and by submission id (what is there stays)', async () => {
    const { bytes } = await makeBackupFile(await deviceA());
    const b = await device();
    await addChild(b, 'K7M3QX', '2026-11-01T09:00:00.000Z', { ...MARA, name: 'Mara P.' });
    await addChild(b, 'ZZ4PQR', '2026-10-01T09:00:00.000Z', { name: 'Emre' });
    await addResult(b, 'result-1', 'K7M3QX', { levels: [1, 1, 1], kept: true });
    expect(await restoreBackup(bytes, 'zaehltest', b)).toMatchObject({ children: 0, results: 0, unsent: 1 });
    const merged = await contents(b);
    expect(merged.children).toEqual({ K7M3QX: { ...MARA, name: 'Mara P.' }, ZZ4PQR: { name: 'Emre' } });
    expect(merged.results['result-1']).toEqual({ levels: [1, 1, 1], kept: true });

    // An older copy on the device is replaced by the backup's newer one.
    const c = await device();
    await addChild(c, 'K7M3QX', '2026-09-01T09:00:00.000Z', { ...MARA, name: 'alt' });
    expect((await restoreBackup(bytes, 'zaehltest', c)).children).toBe(1);
    expect((await contents(c)).children.K7M3QX).toEqual(MARA);
  });

  it('a wrong passphrase or a damaged file changes nothing', async () => {
    const { bytes } = await makeBackupFile(await deviceA());
    const b = await device();
    await addChild(b, 'ZZ4PQR', '2026-10-01T09:00:00.000Z', { name: 'Emre' });
    const before = await contents(b);
    await expect(restoreBackup(bytes, 'falsch', b)).rejects.toEqual(new SealedFileError('wrong-passphrase'));
    await expect(restoreBackup(bytes.subarray(0, bytes.length - 10), 'zaehltest', b)).rejects.toMatchObject({
      reason: 'damaged',
    });
    await expect(restoreBackup(await sealFile({ something: 'else' }), 'zaehltest', b)).rejects.toBeInstanceOf(
      BackupContentError,
    );
    expect(await contents(b)).toEqual(before);
  });

  it('refuses a plain file of the release before the encryption, with any passphrase, and changes nothing', async () => {
    const { bytes } = await makeBackupFile(await deviceA());
    const content = await unsealFile<BackupContent>(bytes, 'zaehltest');
    const b = await device();
    await addChild(b, 'K7M3QX', '2026-10-01T09:00:00.000Z', { name: 'Emre' });
    const before = await contents(b);
    // The forged file of the review: a new name and birth date, dated 2099, and an upload.
    const forged = new TextEncoder().encode(
      JSON.stringify({
        magic: 'zaehltest-sealed-file',
        format: 1,
        data: {
          ...content,
          children: [{ code: 'K7M3QX', updatedAt: '2099-01-01T00:00:00.000Z', data: MARA }],
        },
      }),
    );
    await expect(restoreBackup(forged, 'falsch', b)).rejects.toEqual(new SealedFileError('unsealed'));
    expect(await contents(b)).toEqual(before);
  });

  it('refuses a file with a child or a result dated in the future, and changes nothing', async () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    const b = await device();
    await addChild(b, 'K7M3QX', '2026-10-01T09:00:00.000Z', { name: 'Emre' });
    const before = await contents(b);
    const file = (change: Partial<BackupContent>) =>
      sealFile({
        format: 2,
        createdAt: '2026-11-28T11:00:00.000Z',
        children: [{ code: 'K7M3QX', updatedAt: '2026-11-28T11:00:00.000Z', data: MARA }],
        results: [{ submissionId: 'r', childCode: 'K7M3QX', testDate: '2026-11-28', data: {} }],
        outbox: [],
        ...change,
      } satisfies BackupContent);
    const future = [
      { children: [{ code: 'K7M3QX', updatedAt: '2099-01-01T00:00:00.000Z', data: MARA }] },
      {
        children: [
          { code: 'K7M3QX', updatedAt: '2026-11-28T11:00:00.000Z', data: { createdAt: '2099-01-01' } },
        ],
      },
      { results: [{ submissionId: 'r', childCode: 'K7M3QX', testDate: '2026-12-24', data: {} }] },
      { results: [{ submissionId: 'r', childCode: 'K7M3QX', testDate: 'bald', data: {} }] },
      { createdAt: '2026-11-28T14:00:00.000Z' },
    ];
    for (const change of future) {
      await expect(restoreBackup(await file(change), 'zaehltest', b, now)).rejects.toEqual(
        new BackupContentError('future'),
      );
    }
    expect(await contents(b)).toEqual(before);
    // Within the clock tolerance (a device a few minutes ahead), and a test day ahead in UTC+14.
    const ahead = await file({
      children: [{ code: 'K7M3QX', updatedAt: '2026-11-28T12:20:00.000Z', data: MARA }],
      results: [{ submissionId: 'r', childCode: 'K7M3QX', testDate: '2026-11-29', data: {} }],
    });
    expect(await restoreBackup(ahead, 'zaehltest', b, now)).toMatchObject({ children: 1, results: 1 });
  });

  it('a child deleted after the backup was made stays deleted, with its results, through a restore of it', async () => {
    const a = await deviceA();
    const { bytes } = await makeBackupFile(a, new Date('2026-10-12T15:00:00.000Z'));
    const db = await a.children();
    const name = db.name;
    db.close();
    await new ChildrenRepository(name).deleteChild('K7M3QX', new Date('2026-10-20T09:00:00.000Z'));
    // The tombstone holds the code and the time, nothing of the child.
    const tombstone = items.get(`${name}-deleted`) ?? '';
    expect(JSON.parse(tombstone)).toEqual({ K7M3QX: '2026-10-20T09:00:00.000Z' });
    expect(tombstone).not.toMatch(/Mara|2020-05-17/);

    expect(await restoreBackup(bytes, 'zaehltest', a)).toMatchObject({ children: 0, results: 0 });
    const after = await contents(a);
    expect(after.children).toEqual({});
    expect(after.results).toEqual({});

    // A backup made after the deletion (the child taken over again) brings it back.
    const onA = new Map(items);
    const later = await device();
    await addChild(later, 'K7M3QX', '2026-10-25T09:00:00.000Z', MARA);
    const { bytes: newer } = await makeBackupFile(later, new Date('2026-10-26T09:00:00.000Z'));
    // Back on device A, after a reload: its keyring, its tombstone.
    items.clear();
    for (const [key, value] of onA) items.set(key, value);
    lockForTests();
    const salt = Buffer.from(JSON.parse(items.get('zaehltest-key') ?? '{}').salt, 'base64').toString();
    expect(await unlock('zaehltest', verifier('zaehltest', salt))).toBe('unlocked');
    expect((await restoreBackup(newer, 'zaehltest', a)).children).toBe(1);
  });

  it('brings the Einrichtungskennung back onto a device without one, and never replaces a device’s own', async () => {
    const a = await deviceA();
    items.set(SITE_STORAGE_KEY, 'KITA-017');
    const { bytes } = await makeBackupFile(a);

    const b = await device();
    expect(readSite()).toBeUndefined();
    expect((await restoreBackup(bytes, 'zaehltest', b)).site).toEqual({ kind: 'restored', site: 'KITA-017' });
    expect(readSite()).toBe('KITA-017');
    // Restoring again: the device has it now, nothing to say.
    expect((await restoreBackup(bytes, 'zaehltest', b)).site).toEqual({ kind: 'unchanged' });

    const c = await device();
    items.set(SITE_STORAGE_KEY, 'KITA-020');
    expect((await restoreBackup(bytes, 'zaehltest', c)).site).toEqual({
      kind: 'kept',
      site: 'KITA-020',
      inBackup: 'KITA-017',
    });
    expect(readSite()).toBe('KITA-020');
  });

  it('reads a file of format 1 (before the Einrichtungskennung) and asks for the code', async () => {
    const a = await deviceA();
    items.set(SITE_STORAGE_KEY, 'KITA-017');
    const { bytes } = await makeBackupFile(a);
    const { site, ...rest } = await unsealFile<BackupContent>(bytes, 'zaehltest');
    expect(site).toBe('KITA-017');
    const formatOne = { ...rest, format: 1 };
    const b = await device();
    expect(await restoreBackup(await sealFile(formatOne), 'zaehltest', b)).toEqual({
      children: 1,
      results: 1,
      unsent: 1,
      site: { kind: 'missing' },
    });
    // A format this release does not know is no backup it can read.
    await expect(
      restoreBackup(await sealFile({ ...rest, format: 99 }), 'zaehltest', b),
    ).rejects.toBeInstanceOf(BackupContentError);
  });

  it('counts a loaded file as the last backup when it holds everything no earlier backup holds', async () => {
    const savedAt = new Date(2026, 9, 12, 15, 0);
    const { bytes } = await makeBackupFile(await deviceA(), savedAt);

    // A fresh device: everything on it came from the file, so the access screen no longer warns.
    const b = await device();
    await restoreBackup(bytes, 'zaehltest', b);
    expect(items.get(LAST_BACKUP_KEY)).toBe(savedAt.toISOString());

    // A device with a test of its own that no backup holds: the reminder stays.
    const c = await device();
    await addResult(c, 'only-on-c', 'ZZ4PQR', { levels: [1, 1, 1] });
    await restoreBackup(bytes, 'zaehltest', c);
    expect(items.get(LAST_BACKUP_KEY)).toBeUndefined();
  });

  it('names the file by the day it was saved', () => {
    expect(backupFileName(new Date(2027, 0, 3))).toBe('zaehltest-sicherung-03.01.2027.zts');
  });
});
