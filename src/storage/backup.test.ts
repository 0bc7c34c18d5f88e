import 'fake-indexeddb/auto';
import { createHmac, pbkdf2Sync } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultPayload } from '../../schemas/result-payload';
import { openChildrenDb } from '../children/db';
import { openStorage } from '../results/outbox/storage';
import {
  BackupContentError,
  type BackupStores,
  backupFileName,
  makeBackupFile,
  restoreBackup,
} from './backup';
import { LAST_BACKUP_KEY } from './device-status';
import { lockForTests, SealedFileError, seal, sealFile, unlock, unseal } from './sealed';

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
  await db.put('children', { code, updatedAt, sealed: await seal(data) });
  db.close();
}

async function addResult(stores: BackupStores, submissionId: string, childCode: string, data: object) {
  const db = await stores.children();
  await db.put('results', { submissionId, childCode, testDate: '2026-10-05', sealed: await seal(data) });
  db.close();
}

/** What a device holds, opened: children by code, results by id, outbox ids. */
async function contents(stores: BackupStores) {
  const db = await stores.children();
  const children = Object.fromEntries(
    await Promise.all((await db.getAll('children')).map(async (c) => [c.code, await unseal(c.sealed)])),
  );
  const results = Object.fromEntries(
    await Promise.all(
      (await db.getAll('results')).map(async (r) => [r.submissionId, await unseal(r.sealed)]),
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
    expect(await restoreBackup(bytes, 'zaehltest', b)).toEqual({ children: 1, results: 1, unsent: 1 });
    expect(await contents(b)).toEqual(before);
    // Stored on B under B's own key: nothing readable.
    expect(await rawBytes(b)).not.toMatch(/Mara|2020-05-17/);
  });

  it('restoring the same file twice changes nothing', async () => {
    const { bytes } = await makeBackupFile(await deviceA());
    const b = await device();
    await restoreBackup(bytes, 'zaehltest', b);
    const once = await contents(b);
    expect(await restoreBackup(bytes, 'zaehltest', b)).toEqual({ children: 0, results: 0, unsent: 0 });
    expect(await contents(b)).toEqual(once);
  });

  it('merges by child code (the newer change wins) and by submission id (what is there stays)', async () => {
    const { bytes } = await makeBackupFile(await deviceA());
    const b = await device();
    await addChild(b, 'K7M3QX', '2026-11-01T09:00:00.000Z', { ...MARA, name: 'Mara P.' });
    await addChild(b, 'ZZ4PQR', '2026-10-01T09:00:00.000Z', { name: 'Emre' });
    await addResult(b, 'result-1', 'K7M3QX', { levels: [1, 1, 1], kept: true });
    expect(await restoreBackup(bytes, 'zaehltest', b)).toEqual({ children: 0, results: 0, unsent: 1 });
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

  it('names the file by the day it was saved', () => {
    expect(backupFileName(new Date(2027, 0, 3))).toBe('zaehltest-sicherung-03.01.2027.zts');
  });
});
