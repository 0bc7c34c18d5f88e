/**
 * The children deleted on this device (docs/product.md, backups): a tombstone per child code with
 * the time of its deletion, nothing else (no name, no birth date), so that restoring a backup made
 * before the deletion does not bring the child or its results back. Kept in localStorage beside the
 * children's database, one list per database name.
 */
export type Deletions = ReadonlyMap<string, string>;

function storageKey(dbName: string): string {
  return `${dbName}-deleted`;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Child code → ISO time of its deletion (the latest, should a code be deleted twice). */
export function readDeletions(dbName: string): Deletions {
  try {
    const raw = storage()?.getItem(storageKey(dbName));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object') return new Map();
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !Number.isNaN(Date.parse(entry[1])),
      ),
    );
  } catch {
    return new Map();
  }
}

/**
 * Notes that the child with `code` is deleted at `now`; written before the child is removed, so no
 * moment has the child gone and its deletion forgotten. Throws when the device cannot keep it:
 * the child is then not deleted.
 */
export function rememberDeletion(dbName: string, code: string, now = new Date()): void {
  const deletions = new Map(readDeletions(dbName));
  deletions.set(code, now.toISOString());
  const target = storage();
  if (!target) throw new Error('No localStorage to remember the deletion in');
  target.setItem(storageKey(dbName), JSON.stringify(Object.fromEntries(deletions)));
}

/** Whether a child (or a result of it) in a backup made at `backupCreatedAt` was deleted since. */
export function deletedSince(deletions: Deletions, code: string, backupCreatedAt: string): boolean {
  const deletedAt = deletions.get(code);
  return deletedAt !== undefined && Date.parse(deletedAt) > Date.parse(backupCreatedAt);
}
