import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ACTOR, record } from './auth/protokoll-entries.ts';
import type { ResultStore } from './db/index.ts';
import type { JournalledDeletions, ResearchStore } from './db/types.ts';

/**
 * The deletion journal (docs/privacy.md, "Deletions and backups"; docs/operation.md): every deletion
 * by child code or by submission id is also appended to a file OUTSIDE the database, so that a
 * database restored from an older backup is brought forward at the next start. A backup holds the
 * database only (scripts/backup/backup.ts), never this folder.
 *
 * The folder `deletion-journal/` in DATA_DIR (with PostgreSQL DATA_DIR holds only this) has two
 * files, both mode 600:
 * - `deletions.jsonl`, one JSON object a line, appended and fsync'ed before the database deletes;
 * - `key`, the HMAC key of the child codes, made at the first deletion by child code. It is not the
 *   Protokoll's key (protokoll_key): that lives in the database, and a restored one may predate it.
 * A child code is stored only as its keyed hash; a submission id is a random UUID (not personal).
 */

export const JOURNAL_FOLDER = 'deletion-journal';
const JOURNAL_FILE = 'deletions.jsonl';
const KEY_FILE = 'key';

/** One line of the journal. `key` names the key a child code was hashed with (its fingerprint). */
export type JournalEntry =
  | { v: 1; at: string; kind: 'child'; key: string; hash: string; sites?: string[] }
  | { v: 1; at: string; kind: 'submission'; submissionId: string; sites?: string[] };

/** A line that could not be read: where (file:line) and why, in English for the operator log. */
export interface JournalProblem {
  where: string;
  reason: string;
}

export interface DeletionJournal {
  /** The journal's folder (for messages and the docs' instructions). */
  readonly folder: string;
  /** Journals a deletion of every result of `childCode` (on the sites listed; absent: all sites). */
  recordChildCode(childCode: string, sites?: string[], at?: Date): Promise<void>;
  /** Journals the deletion of the result with this submission id (if on the sites listed). */
  recordSubmission(submissionId: string, sites?: string[], at?: Date): Promise<void>;
  /** Every readable entry, and the lines that were not. */
  read(): { entries: JournalEntry[]; problems: JournalProblem[] };
  /**
   * Removes the entries made before `before` (unreadable lines stay, for the operator to see);
   * the number removed. Only while no other process appends (reapplyDeletionJournal's `pruneBefore`).
   */
  prune(before: Date): number;
  /** The keyed hash of a child code under the journal's key; undefined while no key exists. */
  hasher(): ((childCode: string) => string) | undefined;
  /** The fingerprint of the current key; undefined while none exists. */
  keyFingerprint(): string | undefined;
}

const HEX_KEY = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function fsyncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The journal in `folder` (created, mode 700). Writes are synchronous and fsync'ed: a deletion is a
 * rare request, and the line must be on disk before the database deletes.
 */
export function openDeletionJournal(folder: string): DeletionJournal {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, JOURNAL_FILE);
  const keyFile = join(folder, KEY_FILE);
  let key: Buffer | undefined;

  const readKey = (): Buffer | undefined => {
    if (key) return key;
    if (!existsSync(keyFile)) return undefined;
    const text = readFileSync(keyFile, 'utf8').trim();
    if (!HEX_KEY.test(text)) {
      throw new Error(
        `${keyFile} is damaged (expected 64 hex digits); restore it from where the journal is kept, or move it away together with ${JOURNAL_FILE} to start a new journal`,
      );
    }
    key = Buffer.from(text, 'hex');
    return key;
  };

  /** Made once, atomically: written under a temporary name and linked, so two processes agree. */
  const keyForWriting = (): Buffer => {
    const existing = readKey();
    if (existing) return existing;
    const temporary = `${keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temporary, keyFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
    fsyncFolder(folder);
    return readKey() as Buffer;
  };

  const fingerprint = (k: Buffer) => createHash('sha256').update(k).digest('hex').slice(0, 16);
  const hashWith = (k: Buffer) => (childCode: string) =>
    createHmac('sha256', k).update(childCode, 'utf8').digest('hex');

  /** Writes `text` to a file of its own, fsync'ed, and puts it in place of `target` in one step. */
  const replace = (target: string, text: string): void => {
    const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, target);
    fsyncFolder(folder);
  };

  const append = (entry: JournalEntry): void => {
    const created = !existsSync(file);
    const fd = openSync(file, 'a', 0o600);
    try {
      // One write of one line: appends of several server processes (WORKERS) do not interleave.
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (created) fsyncFolder(folder);
  };

  return {
    folder,
    async recordChildCode(childCode, sites, at = new Date()) {
      const k = keyForWriting();
      append({
        v: 1,
        at: at.toISOString(),
        kind: 'child',
        key: fingerprint(k),
        hash: hashWith(k)(childCode),
        ...(sites ? { sites: [...sites] } : {}),
      });
    },
    async recordSubmission(submissionId, sites, at = new Date()) {
      append({
        v: 1,
        at: at.toISOString(),
        kind: 'submission',
        submissionId: submissionId.toLowerCase(),
        ...(sites ? { sites: [...sites] } : {}),
      });
    },
    read() {
      const entries: JournalEntry[] = [];
      const problems: JournalProblem[] = [];
      if (!existsSync(file)) return { entries, problems };
      // Tightened at every start, should a copy have loosened them.
      chmodSync(file, 0o600);
      if (existsSync(keyFile)) chmodSync(keyFile, 0o600);
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (line.trim() === '') return;
        const where = `${file}:${index + 1}`;
        const parsed = parseEntry(line);
        if (typeof parsed === 'string') problems.push({ where, reason: parsed });
        else entries.push(parsed);
      });
      return { entries, problems };
    },
    prune(before) {
      if (!existsSync(file)) return 0;
      const lines = readFileSync(file, 'utf8').split('\n');
      const kept = lines.filter((line) => {
        if (line.trim() === '') return false;
        const parsed = parseEntry(line);
        return typeof parsed === 'string' || Date.parse(parsed.at) >= before.getTime();
      });
      const removed = lines.filter((line) => line.trim() !== '').length - kept.length;
      if (removed > 0) replace(file, kept.map((line) => `${line}\n`).join(''));
      return removed;
    },
    hasher() {
      const k = readKey();
      return k ? hashWith(k) : undefined;
    },
    keyFingerprint() {
      const k = readKey();
      return k ? fingerprint(k) : undefined;
    },
  };
}

/** An entry, or why the line is not one. */
function parseEntry(line: string): JournalEntry | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not a JSON object (a line cut short?)';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const entry = value as Record<string, unknown>;
  if (entry.v !== 1) return `unknown version ${JSON.stringify(entry.v)}`;
  if (typeof entry.at !== 'string' || Number.isNaN(Date.parse(entry.at)) || !entry.at.endsWith('Z')) {
    return '"at" is not a UTC time';
  }
  const at = new Date(entry.at).toISOString();
  const { sites } = entry;
  if (sites !== undefined && !(Array.isArray(sites) && sites.every((site) => typeof site === 'string'))) {
    return '"sites" is not a list of site codes';
  }
  const scoped = sites ? { sites: sites as string[] } : {};
  if (entry.kind === 'submission') {
    if (typeof entry.submissionId !== 'string' || !UUID.test(entry.submissionId)) {
      return '"submissionId" is not a UUID';
    }
    return { v: 1, at, kind: 'submission', submissionId: entry.submissionId, ...scoped };
  }
  if (entry.kind === 'child') {
    if (typeof entry.hash !== 'string' || !/^[0-9a-f]{64}$/.test(entry.hash))
      return '"hash" is not an HMAC-SHA-256';
    if (typeof entry.key !== 'string' || !/^[0-9a-f]{16}$/.test(entry.key))
      return '"key" is not a key fingerprint';
    return { v: 1, at, kind: 'child', key: entry.key, hash: entry.hash, ...scoped };
  }
  return `unknown kind ${JSON.stringify(entry.kind)}`;
}

/**
 * The store whose deletions by child code and by submission id are journalled first (server/main.ts),
 * so every route that deletes (the export API, /auswertung) journals without knowing of it. A
 * deletion that fails after its line was written is carried out at the next start.
 */
export function withDeletionJournal(store: ResultStore, journal: DeletionJournal): ResultStore {
  const { research } = store;
  if (!research) return store;
  // With the caller's scope (the Einrichtungen of the deleting account; absent: all), so that the
  // pass at start deletes no more than the request did.
  const journalled: ResearchStore = {
    ...research,
    async deleteByChildCode(childCode, scope) {
      await journal.recordChildCode(childCode, scope);
      return research.deleteByChildCode(childCode, scope);
    },
    async deleteBySubmissionId(submissionId, scope) {
      await journal.recordSubmission(submissionId, scope);
      return research.deleteBySubmissionId(submissionId, scope);
    },
  };
  return { ...store, research: journalled };
}

/**
 * Entries older than this are no longer needed: whatever they deleted arrived before them, so the
 * retention period deletes it anyway (server/db/research.ts deleteExpired); a month more for the pass
 * at start, which runs right after this one.
 */
export function journalPruneDate(retentionMonths: number, now = new Date()): Date {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - retentionMonths - 1);
  return date;
}

/**
 * Applies the journal again (server/main.ts, at every start, before listening): deletes the results
 * of a journalled child code that were received at or before that deletion (a child tested again
 * afterwards keeps the new result), and the results of journalled submission ids. Unreadable lines
 * and entries of another key are reported and skipped. A count > 0 is logged at warn and recorded in
 * the Protokoll. With `pruneBefore` (a single server process: nothing else appends meanwhile) the
 * entries older than that are removed first (journalPruneDate). The number of results deleted.
 */
export async function reapplyDeletionJournal(
  research: ResearchStore,
  journal: DeletionJournal,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  options: { pruneBefore?: Date } = {},
): Promise<number> {
  if (options.pruneBefore) journal.prune(options.pruneBefore);
  const { entries, problems } = journal.read();
  for (const problem of problems) {
    log.error(`deletion journal ${problem.where}: ${problem.reason}; the line is skipped`);
  }
  const submissions = entries.flatMap((entry) =>
    entry.kind === 'submission'
      ? (entry.sites ?? [null]).map((site) => ({ submissionId: entry.submissionId, site }))
      : [],
  );
  const byHash = new Map<string, { at: string; sites?: string[] }[]>();
  const childEntries = entries.filter((entry) => entry.kind === 'child');
  if (childEntries.length > 0) {
    let fingerprint: string | undefined;
    try {
      fingerprint = journal.keyFingerprint();
    } catch (error) {
      log.error(`deletion journal: ${(error as Error).message}`);
    }
    const foreign = childEntries.filter((entry) => entry.key !== fingerprint).length;
    if (foreign > 0) {
      log.error(
        `deletion journal ${join(journal.folder, JOURNAL_FILE)}: ${foreign} deletions by child code were made with ` +
          `another key than ${join(journal.folder, KEY_FILE)} and cannot be applied; put the journal's own key back`,
      );
    }
    for (const entry of childEntries) {
      if (entry.key !== fingerprint) continue;
      const list = byHash.get(entry.hash) ?? [];
      list.push({ at: entry.at, ...(entry.sites ? { sites: entry.sites } : {}) });
      byHash.set(entry.hash, list);
    }
  }
  const deletions: JournalledDeletions = { children: [], submissions };
  if (byHash.size > 0) {
    const hash = journal.hasher() as (childCode: string) => string;
    // Each distinct code once, whatever the number of entries (docs/operation.md).
    for (const childCode of await research.childCodes()) {
      const matches = byHash.get(hash(childCode));
      if (!matches) continue;
      for (const match of matches) {
        for (const site of match.sites ?? [null]) deletions.children.push({ childCode, at: match.at, site });
      }
    }
  }
  if (deletions.children.length === 0 && submissions.length === 0) return 0;
  const deleted = await research.deleteJournalled(deletions);
  if (deleted > 0) {
    log.warn(
      { deleted },
      `${deleted} results deleted before the restore of an older database were deleted again (deletion journal)`,
    );
    await record(research, log, {
      kind: 'deletion',
      actor: ACTOR.journal,
      count: deleted,
      detail: 'nach Wiederherstellung erneut gelöscht (Löschjournal)',
    });
  }
  return deleted;
}
