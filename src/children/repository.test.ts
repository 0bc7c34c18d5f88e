import 'fake-indexeddb/auto';
import { serialize } from 'node:v8';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHILD_CODE_ALPHABET } from '../domain/facts';
import { lockForTests, seal, unlock } from '../storage/sealed';
import type { RandomBytes } from './code';
import { childPlace, openChildrenDb } from './db';
import { readDeletions } from './deletions';
import { ChildrenRepository, migrateChild } from './repository';
import { child, result } from './test-fixtures';

const items = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => items.set(key, value),
  removeItem: (key: string) => items.delete(key),
});

// Children are sealed under the device's key: unlocked, as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

let n = 0;
const fresh = () => {
  const name = `children-test-${++n}`;
  return { name, repository: new ChildrenRepository(name) };
};

/**
 * The bytes a record is stored as: V8's structured-clone serialisation, the format Chromium's
 * IndexedDB writes to disk (fake-indexeddb keeps the clone in memory).
 */
const storedBytes = (record: unknown): Buffer => serialize(record);

/** Whether `text` is in `bytes` in any encoding a stored string or a JSON byte array could use. */
function holds(bytes: Buffer, text: string): boolean {
  const encodings = [Buffer.from(text, 'utf8'), Buffer.from(text, 'utf16le')];
  // V8 writes a string whose characters all fit in one byte as Latin-1.
  if ([...text].every((char) => char.charCodeAt(0) < 256)) encodings.push(Buffer.from(text, 'latin1'));
  return encodings.some((encoded) => bytes.includes(encoded));
}

/** The child's personal details as the device keeps them: the name, the first name, the birth date. */
function personal(c: { name: string; birthDate: string }): string[] {
  return [c.name, c.name.split(' ')[0]!, c.birthDate];
}

/** A record as the release before the encryption stored it: the content in plain (format 1). */
function plainChildRecord(c: ReturnType<typeof child>) {
  const { code, updatedAt, ...content } = c;
  return { code, updatedAt, sealed: { format: 1, data: { ...content, version: 1 } } };
}

/** Random bytes that make newChildCode draw the given codes, in order. */
function drawing(...codes: string[]): RandomBytes {
  const bytes = codes.flatMap((code) => [...code].map((char) => CHILD_CODE_ALPHABET.indexOf(char)));
  return (target) => {
    target.set(bytes.splice(0, target.length));
    return target;
  };
}

describe('ChildrenRepository', () => {
  it('keeps children and reads them back; a saved child replaces the one with its code', async () => {
    const { repository } = fresh();
    await repository.saveChild(child());
    await repository.saveChild(child({ code: 'ABCDEF', name: 'Omar' }));
    await repository.saveChild(child({ name: 'Ayşe Yıldız', updatedAt: '2026-02-01T00:00:00.000Z' }));
    const children = await repository.listChildren();
    expect(children.map((c) => c.name).sort()).toEqual(['Ayşe Yıldız', 'Omar']);
    expect(await repository.getChild('K7M3QX')).toEqual(
      child({ name: 'Ayşe Yıldız', updatedAt: '2026-02-01T00:00:00.000Z' }),
    );
  });

  it('stores the name and the birth date only inside the sealed value: no stored byte holds them', async () => {
    const { name, repository } = fresh();
    const ayse = child();
    await repository.saveChild(ayse);
    await repository.addResult(result('K7M3QX', '2026-03-01', [5, 2, 1]));
    const db = await openChildrenDb(name);
    const [record] = await db.getAll('children');
    expect(Object.keys(record!).sort()).toEqual(['code', 'sealed', 'updatedAt']);
    const [stored] = await db.getAll('results');
    expect(Object.keys(stored!).sort()).toEqual(['childCode', 'sealed', 'submissionId', 'testDate']);
    db.close();
    for (const bytes of [storedBytes(record), storedBytes(stored)]) {
      for (const text of personal(ayse)) expect(holds(bytes, text), text).toBe(false);
    }
    // The scan finds them where they are in plain: the record of the release before the encryption.
    for (const text of personal(ayse))
      expect(holds(storedBytes(plainChildRecord(ayse)), text), text).toBe(true);
  });

  it('reads an old plain child record and writes it back sealed, with the same content', async () => {
    const { name, repository } = fresh();
    const ayse = child();
    const omar = child({ code: 'ABCDEF', name: 'Omar Haddad', birthDate: '2021-09-12' });
    const db = await openChildrenDb(name);
    await db.put('children', plainChildRecord(ayse));
    await db.put('children', plainChildRecord(omar));
    expect((await repository.listChildren()).sort((a, b) => a.code.localeCompare(b.code))).toEqual([
      omar,
      ayse,
    ]);
    for (const [record, c] of [
      [await db.get('children', ayse.code), ayse],
      [await db.get('children', omar.code), omar],
    ] as const) {
      expect(record!.sealed.format).toBe(3);
      expect(record!.updatedAt).toBe(c.updatedAt);
      for (const text of personal(c)) expect(holds(storedBytes(record), text), text).toBe(false);
    }
    expect(await repository.getChild(ayse.code)).toEqual(ayse);
    // One found alone (the Verlauf opens one child) is sealed too.
    const zeynep = child({ code: 'P4W9ZT', name: 'Zeynep Kaya', birthDate: '2020-11-30' });
    await db.put('children', plainChildRecord(zeynep));
    expect(await repository.getChild(zeynep.code)).toEqual(zeynep);
    expect((await db.get('children', zeynep.code))!.sealed.format).toBe(3);
    db.close();
  });

  it('keeps the parents’ consent and its withdrawal with the child, sealed (docs/product.md §48)', async () => {
    const { name, repository } = fresh();
    const consent = { date: '2026-09-14', screening: true, research: true };
    await repository.saveChild(child({ consent }));
    expect((await repository.getChild('K7M3QX'))!.consent).toEqual(consent);
    const withdrawn = { ...consent, withdrawnOn: '2026-10-22' };
    await repository.saveChild(child({ consent: withdrawn, updatedAt: '2026-10-23T10:00:00.000Z' }));
    expect((await repository.listChildren())[0]!.consent).toEqual(withdrawn);
    const db = await openChildrenDb(name);
    const stored = await db.get('children', 'K7M3QX');
    for (const text of ['2026-09-14', '2026-10-22', 'withdrawnOn', 'research'])
      expect(holds(storedBytes(stored), text), text).toBe(false);
    db.close();
  });

  it('reads a child stored before consent was asked (format 1) as one without a recorded consent', async () => {
    const { name, repository } = fresh();
    const { code, updatedAt, ...content } = child();
    const db = await openChildrenDb(name);
    await db.put('children', {
      code,
      updatedAt,
      sealed: await seal({ ...content, version: 1 }, childPlace(code)),
    });
    const read = await repository.getChild(code);
    expect(read).toEqual(child());
    expect(read!.consent).toBeUndefined();
    // Saved again, it is written in the current format and keeps a consent recorded now.
    await repository.saveChild({
      ...read!,
      consent: { date: '2026-09-14', screening: true, research: false },
    });
    expect((await repository.getChild(code))!.consent).toEqual({
      date: '2026-09-14',
      screening: true,
      research: false,
    });
    db.close();
  });

  it('migrates a child’s content step by step and refuses a format it does not know', () => {
    const { code: _code, updatedAt: _updatedAt, ...content } = child();
    expect(migrateChild({ ...content, version: 1 })).toEqual({ ...content, version: 2 });
    expect(() => migrateChild({ ...content, version: 0 })).toThrow('No migration from child format 0');
  });

  it('reads old plain results and writes them back sealed', async () => {
    const { name, repository } = fresh();
    const old = result('K7M3QX', '2025-10-01', [5, 2, 1], 'old');
    const { submissionId, childCode, testDate, ...content } = old;
    const db = await openChildrenDb(name);
    await db.put('results', {
      submissionId,
      childCode,
      testDate,
      sealed: { format: 1, data: { ...content, version: 1 } },
    });
    expect(await repository.resultsOf('K7M3QX')).toEqual([old]);
    expect((await db.get('results', 'old'))!.sealed.format).toBe(3);
    await db.put('results', {
      ...(await db.get('results', 'old'))!,
      submissionId: 'older',
      sealed: { format: 1, data: { ...content, version: 1 } },
    });
    expect(await repository.allResults()).toHaveLength(2);
    expect((await db.get('results', 'older'))!.sealed.format).toBe(3);
    db.close();
  });

  it('stores a finished test once per submissionId', async () => {
    const { repository } = fresh();
    expect(await repository.addResult(result('K7M3QX', '2026-03-01', [5, 2, 1], 'id-1'))).toBe(true);
    expect(await repository.addResult(result('K7M3QX', '2026-03-01', [7, 7, 7], 'id-1'))).toBe(false);
    const results = await repository.resultsOf('K7M3QX');
    expect(results).toHaveLength(1);
    expect(results[0]!.levels.map((row) => row.points)).toEqual([5, 2, 1]);
  });

  it('gives a child its results oldest first and the last test day per child', async () => {
    const { repository } = fresh();
    await repository.addResult(result('K7M3QX', '2026-06-01', [6, 4, 2]));
    await repository.addResult(result('K7M3QX', '2025-10-01', [5, 2, 1]));
    await repository.addResult(result('ABCDEF', '2026-01-05', [3, 2, 1]));
    expect((await repository.resultsOf('K7M3QX')).map((r) => r.testDate)).toEqual([
      '2025-10-01',
      '2026-06-01',
    ]);
    expect(await repository.lastTestDates()).toEqual(
      new Map([
        ['K7M3QX', '2026-06-01'],
        ['ABCDEF', '2026-01-05'],
      ]),
    );
    expect(await repository.allResults()).toHaveLength(3);
  });

  it('deletes a child with its local results, and only those', async () => {
    const { name, repository } = fresh();
    await repository.saveChild(child());
    await repository.saveChild(child({ code: 'ABCDEF', name: 'Omar' }));
    await repository.addResult(result('K7M3QX', '2025-10-01', [5, 2, 1]));
    await repository.addResult(result('K7M3QX', '2026-06-01', [6, 4, 2]));
    await repository.addResult(result('ABCDEF', '2026-01-05', [3, 2, 1]));
    await repository.deleteChild('K7M3QX', new Date('2026-10-20T09:00:00.000Z'));
    expect((await repository.listChildren()).map((c) => c.code)).toEqual(['ABCDEF']);
    // Remembered by code and time only (src/children/deletions.ts).
    expect(readDeletions(name)).toEqual(new Map([['K7M3QX', '2026-10-20T09:00:00.000Z']]));
    expect((await repository.allResults()).map((r) => r.childCode)).toEqual(['ABCDEF']);
  });
});

describe('one child code names one child of the device', () => {
  it('a new child whose code the device has already gets a new one; no child is replaced', async () => {
    const { repository } = fresh();
    await repository.saveChild(child());
    await repository.saveChild(child({ code: 'ABCDEF', name: 'Omar' }));
    const added = await repository.addNewChild(
      child({ name: 'Elif', birthDate: '2021-01-02' }),
      drawing('ABCDEF', 'GHJKMN'),
    );
    expect(added.code).toBe('GHJKMN');
    expect(added.name).toBe('Elif');
    expect((await repository.listChildren()).map((c) => `${c.code} ${c.name}`).sort()).toEqual([
      'ABCDEF Omar',
      'GHJKMN Elif',
      'K7M3QX Ayşe Yılmaz',
    ]);
    // A free code is kept as it is.
    expect((await repository.addNewChild(child({ code: 'P4W9ZT', name: 'Zeynep' }))).code).toBe('P4W9ZT');
  });

  it('gives up rather than replace a child when every draw is taken', async () => {
    const { repository } = fresh();
    await repository.saveChild(child());
    await expect(
      repository.addNewChild(child({ name: 'Elif' }), drawing(...Array(20).fill('K7M3QX'))),
    ).rejects.toThrow(/No free child code/);
    expect((await repository.getChild('K7M3QX'))?.name).toBe('Ayşe Yılmaz');
  });

  it("a code taken over ('Kind mit Code übernehmen') that the device has goes to that child, unchanged", async () => {
    const { repository } = fresh();
    const ayse = child();
    await repository.saveChild(ayse);
    const typed = child({ name: 'Elif', birthDate: '2021-01-02', updatedAt: '2026-05-01T00:00:00.000Z' });
    expect(await repository.adoptChild(typed)).toEqual(ayse);
    expect(await repository.listChildren()).toEqual([ayse]);
    const elif = child({ code: 'P4W9ZT', name: 'Elif' });
    expect(await repository.adoptChild(elif)).toEqual(elif);
    expect(await repository.getChild('P4W9ZT')).toEqual(elif);
  });
});

// Last: it forgets the device's key, as a reload does.
describe('before the passphrase', () => {
  it('an old plain record is read without waiting for the passphrase, and sealed at the first read after it', async () => {
    const { name, repository } = fresh();
    const ayse = child();
    const db = await openChildrenDb(name);
    await db.put('children', plainChildRecord(ayse));
    lockForTests();
    const error = vi.spyOn(console, 'error');
    expect(await repository.listChildren()).toEqual([ayse]);
    expect((await db.get('children', ayse.code))!.sealed.format).toBe(1);
    expect(await unlock('zaehltest')).toBe('unlocked');
    expect(await repository.listChildren()).toEqual([ayse]);
    expect((await db.get('children', ayse.code))!.sealed.format).toBe(3);
    expect(error).not.toHaveBeenCalled();
    db.close();
  });
});
