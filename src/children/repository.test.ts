import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { unlock } from '../storage/sealed';
import { openChildrenDb } from './db';
import { ChildrenRepository } from './repository';
import { child, result } from './test-fixtures';

// Children are sealed under the device's key: unlocked, as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

let n = 0;
const fresh = () => {
  const name = `children-test-${++n}`;
  return { name, repository: new ChildrenRepository(name) };
};

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

  it('stores the name and the birth date only inside the sealed value', async () => {
    const { name, repository } = fresh();
    await repository.saveChild(child());
    await repository.addResult(result('K7M3QX', '2026-03-01', [5, 2, 1]));
    const db = await openChildrenDb(name);
    const [record] = await db.getAll('children');
    expect(Object.keys(record!).sort()).toEqual(['code', 'sealed', 'updatedAt']);
    const [stored] = await db.getAll('results');
    expect(Object.keys(stored!).sort()).toEqual(['childCode', 'sealed', 'submissionId', 'testDate']);
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
    const { repository } = fresh();
    await repository.saveChild(child());
    await repository.saveChild(child({ code: 'ABCDEF', name: 'Omar' }));
    await repository.addResult(result('K7M3QX', '2025-10-01', [5, 2, 1]));
    await repository.addResult(result('K7M3QX', '2026-06-01', [6, 4, 2]));
    await repository.addResult(result('ABCDEF', '2026-01-05', [3, 2, 1]));
    await repository.deleteChild('K7M3QX');
    expect((await repository.listChildren()).map((c) => c.code)).toEqual(['ABCDEF']);
    expect((await repository.allResults()).map((r) => r.childCode)).toEqual(['ABCDEF']);
  });
});
