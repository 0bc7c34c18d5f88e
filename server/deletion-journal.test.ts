// The deletion journal (docs/privacy.md, docs/operation.md): deletions by child code and by
// submission id survive the restore of an older database and are applied again at the next start,
// on PGlite (a real backup and restore) and PostgreSQL (the older rows put back).
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup } from '../scripts/backup/backup.ts';
import { restore } from '../scripts/backup/restore.ts';
import { ACTOR, deleteChildResults } from './auth/protokoll-entries.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from './db/index.ts';
import type { ResearchStore } from './db/types.ts';
import {
  JOURNAL_FOLDER,
  journalPruneDate,
  openDeletionJournal,
  reapplyDeletionJournal,
  withDeletionJournal,
} from './deletion-journal.ts';
import { storeBackends } from './testing/backends.ts';
import { makeResearchPayload } from './testing/payload.ts';
import { freshDataDir } from './testing/pglite-template.ts';
import { createTestSchema, preparePostgres, SKIP_POSTGRES } from './testing/postgres.ts';

const work = mkdtempSync(join(tmpdir(), 'zaehltest-journal-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What the server logs, as the operator reads it. */
function capturingLog() {
  const lines: { level: 'warn' | 'error'; text: string }[] = [];
  const at =
    (level: 'warn' | 'error') =>
    (first: unknown, second?: unknown): void => {
      lines.push({ level, text: String(typeof first === 'string' ? first : second) });
    };
  return { lines, log: { warn: at('warn'), error: at('error'), info: () => {} } };
}

const CODE_A = '23456A';
const CODE_B = '23456B';

/** A database whose older state can be brought back, as a restore of a backup does. */
interface Backend {
  name: string;
  skip: boolean;
  open(): Promise<{
    /** The store as it is now (a backup of the embedded database closes and reopens it). */
    current(): ResultStore;
    /** Keeps the database as it is now (the backup). */
    snapshot(): Promise<void>;
    /** Brings back the snapshot's rows (the restore); the store to go on with. */
    restoreSnapshot(): Promise<ResultStore>;
    cleanup(): Promise<void>;
  }>;
}

const backends: Backend[] = [
  {
    name: 'pglite',
    skip: false,
    async open() {
      const dataDir = freshDataDir('zaehltest-journal-');
      const restored = join(work, `restored-${Date.now()}`);
      let store = await openPgliteStore(dataDir);
      let file = '';
      return {
        current: () => store,
        async snapshot() {
          await store.close();
          file = await backup(join(work, 'backups'), { DATA_DIR: dataDir });
          store = await openPgliteStore(dataDir);
        },
        async restoreSnapshot() {
          await store.close();
          await restore(file, { DATA_DIR: restored });
          store = await openPgliteStore(restored);
          return store;
        },
        async cleanup() {
          await store.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    skip: SKIP_POSTGRES,
    async open() {
      const schema = await createTestSchema(await preparePostgres());
      const store = await openPostgresStore(schema.url, { poolSize: 3 });
      const sql = async (text: string) => {
        const client = new pg.Client({ connectionString: schema.url });
        await client.connect();
        try {
          return (await client.query(text)).rows as Record<string, unknown>[];
        } finally {
          await client.end();
        }
      };
      return {
        current: () => store,
        async snapshot() {
          await sql('CREATE TABLE saved_results AS SELECT * FROM results');
        },
        async restoreSnapshot() {
          // Every stored column (not the generated ones), with its original received_at.
          const columns = (
            await sql(`SELECT column_name FROM information_schema.columns
                        WHERE table_schema = current_schema() AND table_name = 'results'
                          AND is_generated = 'NEVER' ORDER BY ordinal_position`)
          )
            .map((row) => `"${row.column_name}"`)
            .join(', ');
          await sql(
            `INSERT INTO results (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM saved_results
              ON CONFLICT DO NOTHING`,
          );
          return store;
        },
        async cleanup() {
          await store.close();
          await schema.drop();
        },
      };
    },
  },
];

describe.each(backends)('the deletion journal on $name', (backend) => {
  it.skipIf(backend.skip)(
    'deletes again at start what was deleted by child code and by submission id since the backup; a later test of the child stays',
    async () => {
      const { current, snapshot, restoreSnapshot, cleanup } = await backend.open();
      const folder = join(work, `${backend.name}-${JOURNAL_FOLDER}`);
      const journal = openDeletionJournal(folder);
      try {
        const store = current();
        const insert = (overrides: Record<string, unknown>) =>
          store.insertResult(makeResearchPayload({ overrides }));
        await insert({ childCode: CODE_A, site: 'KITA-001' });
        await insert({ childCode: CODE_A, site: 'KITA-001', testDate: '2026-10-01' });
        await insert({ childCode: CODE_A, site: 'KITA-002' });
        await insert({ childCode: CODE_B, site: 'KITA-001' });
        const withoutCode = makeResearchPayload();
        await store.insertResult(withoutCode);
        await store.insertResult(makeResearchPayload());
        await snapshot();

        const served = withDeletionJournal(current(), journal).research as ResearchStore;
        const { lines, log } = capturingLog();
        expect(await deleteChildResults(served, log as never, CODE_A, { actor: ACTOR.page })).toBe(3);
        expect(await served.deleteBySubmissionId(withoutCode.submissionId.toUpperCase())).toEqual({
          childCode: null,
        });

        // The journal: mode 600 in a folder of mode 700, the code only as its keyed hash.
        const file = join(folder, 'deletions.jsonl');
        expect(statSync(folder).mode & 0o777).toBe(0o700);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(statSync(join(folder, 'key')).mode & 0o777).toBe(0o600);
        const text = readFileSync(file, 'utf8');
        expect(text).not.toContain(CODE_A);
        expect(text).toContain(withoutCode.submissionId.toLowerCase());
        expect(journal.read()).toEqual({
          entries: [
            expect.objectContaining({ kind: 'child', hash: journal.hasher()?.(CODE_A) }),
            expect.objectContaining({ kind: 'submission', submissionId: withoutCode.submissionId }),
          ],
          problems: [],
        });

        // The older database is back: the deleted results with it.
        const restored = await restoreSnapshot();
        const research = restored.research as ResearchStore;
        expect(await research.countByChildCode(CODE_A)).toBe(3);
        expect(await restored.count()).toBe(6);
        // The child is tested again after the deletion (a tablet's outbox sends it after the restore).
        const retest = makeResearchPayload({ overrides: { childCode: CODE_A, site: 'KITA-001' } });
        await restored.insertResult(retest);
        // A line cut short, as a power cut may leave it: reported with file:line, skipped.
        appendFileSync(file, '{"v":1,"at":"2026-11-2');
        appendFileSync(file, '\n');

        lines.length = 0;
        const recorded = await research.countProtokoll({ kind: 'deletion' });
        expect(await reapplyDeletionJournal(research, journal, log)).toBe(4);
        expect(await research.countByChildCode(CODE_A)).toBe(1);
        expect(await research.countByChildCode(CODE_B)).toBe(1);
        expect(await restored.count()).toBe(3);
        const kept = [];
        for await (const result of restored.iterateResults()) kept.push(result.submissionId);
        expect(kept).toContain(retest.submissionId);
        expect(kept).not.toContain(withoutCode.submissionId);
        expect(lines).toEqual([
          {
            level: 'error',
            text: `deletion journal ${file}:3: not a JSON object (a line cut short?); the line is skipped`,
          },
          {
            level: 'warn',
            text: '4 results deleted before the restore of an older database were deleted again (deletion journal)',
          },
        ]);
        const [entry] = await research.protokoll({ kind: 'deletion' }, 1);
        expect(entry).toMatchObject({
          actor: ACTOR.journal,
          count: 4,
          detail: 'nach Wiederherstellung erneut gelöscht (Löschjournal)',
        });

        // The next start finds nothing more to delete, and records nothing.
        expect(await reapplyDeletionJournal(research, journal, log)).toBe(0);
        expect(await research.countProtokoll({ kind: 'deletion' })).toBe(recorded + 1);
      } finally {
        await cleanup();
      }
    },
    240_000,
  );
});

describe.each(storeBackends)('a deletion scoped to Einrichtungen, on $name', (backend) => {
  it.skipIf(backend.skip)(
    'is journalled with its sites, and deleted again there only',
    async () => {
      const { store, cleanup } = await backend.open();
      const journal = openDeletionJournal(join(work, `scoped-${backend.name}`));
      try {
        const research = store.research as ResearchStore;
        const served = withDeletionJournal(store, journal).research as ResearchStore;
        await store.insertResult(makeResearchPayload({ overrides: { childCode: CODE_A, site: 'KITA-001' } }));
        await store.insertResult(makeResearchPayload({ overrides: { childCode: CODE_A, site: 'KITA-002' } }));
        const other = makeResearchPayload({ overrides: { site: 'KITA-001' } });
        await store.insertResult(other);

        // A Kita-Leitung of KITA-002 deletes: the code there only; another Kita's result not at all.
        expect(await served.deleteByChildCode(CODE_A, ['KITA-002'])).toBe(1);
        expect(await served.deleteBySubmissionId(other.submissionId, ['KITA-002'])).toBeUndefined();
        expect(journal.read().entries).toEqual([
          expect.objectContaining({ kind: 'child', hash: journal.hasher()?.(CODE_A), sites: ['KITA-002'] }),
          expect.objectContaining({
            kind: 'submission',
            submissionId: other.submissionId,
            sites: ['KITA-002'],
          }),
        ]);
        // The results of KITA-001 arrived before those deletions: the pass keeps them all the same.
        const { log } = capturingLog();
        expect(await reapplyDeletionJournal(research, journal, log)).toBe(0);
        expect(await store.count()).toBe(2);

        // The same entries on KITA-001, journalled as of later than every result: deleted there.
        const later = new Date(Date.now() + 60_000);
        await journal.recordChildCode(CODE_A, ['KITA-001'], later);
        await journal.recordSubmission(other.submissionId, ['KITA-001'], later);
        expect(await reapplyDeletionJournal(research, journal, log)).toBe(2);
        expect(await store.count()).toBe(0);
      } finally {
        await store.close();
        await cleanup();
      }
    },
    120_000,
  );
});

describe('the deletion journal file', () => {
  it('reports entries made with another key and lines it cannot read, and applies the rest', () => {
    const folder = join(work, 'foreign');
    const journal = openDeletionJournal(folder);
    const file = join(folder, 'deletions.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({
          v: 1,
          at: '2026-11-01T10:00:00.000Z',
          kind: 'submission',
          submissionId: 'nicht-uuid',
        }),
        JSON.stringify({ v: 2, at: '2026-11-01T10:00:00.000Z', kind: 'submission' }),
        '[1, 2]',
        JSON.stringify({ v: 1, at: 'gestern', kind: 'child', key: '0'.repeat(16), hash: '0'.repeat(64) }),
        JSON.stringify({
          v: 1,
          at: '2026-11-01T10:00:00.000Z',
          kind: 'child',
          key: '0'.repeat(16),
          hash: 'ab',
        }),
        JSON.stringify({
          v: 1,
          at: '2026-11-01T10:00:00.000Z',
          kind: 'submission',
          submissionId: '0a3e8c3e-6a51-4b9f-9d0c-2d1f9c6d7e8f',
        }),
        '',
      ].join('\n'),
    );
    const { entries, problems } = journal.read();
    expect(entries).toHaveLength(1);
    expect(problems).toEqual([
      { where: `${file}:1`, reason: '"submissionId" is not a UUID' },
      { where: `${file}:2`, reason: 'unknown version 2' },
      { where: `${file}:3`, reason: 'not a JSON object' },
      { where: `${file}:4`, reason: '"at" is not a UTC time' },
      { where: `${file}:5`, reason: '"hash" is not an HMAC-SHA-256' },
    ]);
  });

  it('does not apply entries of another key, and says so', async () => {
    const folder = join(work, 'rekeyed');
    const journal = openDeletionJournal(folder);
    // An hour ahead, so that only the key keeps the result below.
    await journal.recordChildCode(CODE_B, undefined, new Date(Date.now() + 3_600_000));
    // The key replaced (lost, made anew): its hashes no longer match the journal's.
    writeFileSync(join(folder, 'key'), `${'1'.repeat(64)}\n`);
    const again = openDeletionJournal(folder);
    const dataDir = freshDataDir('zaehltest-journal-rekeyed-');
    const store = await openPgliteStore(dataDir);
    try {
      await store.insertResult(makeResearchPayload({ overrides: { childCode: CODE_B } }));
      const { lines, log } = capturingLog();
      expect(await reapplyDeletionJournal(store.research as ResearchStore, again, log)).toBe(0);
      expect(lines).toEqual([
        {
          level: 'error',
          text: `deletion journal ${join(folder, 'deletions.jsonl')}: 1 deletions by child code were made with another key than ${join(folder, 'key')} and cannot be applied; put the journal's own key back`,
        },
      ]);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('forgets entries older than the retention period and a month, which that period covers anyway', async () => {
    expect(journalPruneDate(60, new Date('2026-11-29T12:00:00Z'))).toEqual(new Date('2021-10-29T12:00:00Z'));
    const folder = join(work, 'pruned');
    const journal = openDeletionJournal(folder);
    const file = join(folder, 'deletions.jsonl');
    await journal.recordChildCode(CODE_A, undefined, new Date('2021-01-01T00:00:00Z'));
    appendFileSync(file, 'kaputt\n');
    await journal.recordSubmission(
      '0a3e8c3e-6a51-4b9f-9d0c-2d1f9c6d7e8f',
      undefined,
      new Date('2021-02-01T00:00:00Z'),
    );
    await journal.recordChildCode(CODE_B, undefined, new Date('2026-11-01T00:00:00Z'));
    expect(journal.prune(journalPruneDate(60, new Date('2026-11-29T12:00:00Z')))).toBe(2);
    const { entries, problems } = journal.read();
    expect(entries).toEqual([expect.objectContaining({ hash: journal.hasher()?.(CODE_B) })]);
    // The unreadable line stays for the operator, now on line 1.
    expect(problems).toEqual([{ where: `${file}:1`, reason: 'not a JSON object (a line cut short?)' }]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(journal.prune(new Date('2026-01-01T00:00:00Z'))).toBe(0);
  });
});
