import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { migrate } from './migrate.ts';
import { createResultStore } from './result-store.ts';
import type { ResultStore, Session } from './types.ts';

interface EmscriptenStream {
  nfd: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
}

/**
 * PGlite's Node filesystem writes straight through to the host files, so a killed process loses
 * nothing the database has written; but PGlite starts PostgreSQL with fsync off (-F) and
 * Emscripten's NODEFS ignores fsync, so a power cut (a tablet or laptop whose battery dies) could
 * lose results already acknowledged. This filesystem forwards fsync to the host, and the server
 * starts PostgreSQL with fsync on and `wal_sync_method=fsync` (Emscripten turns fdatasync into a
 * no-op, fsync reaches the stream operation below). One fsync per commit; batching keeps that cheap.
 */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const preRun = (result.emscriptenOpts.preRun ?? []) as ((module: EmscriptenModule) => void)[];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: EmscriptenModule) => {
        module.NODEFS.stream_ops.fsync = (stream) => {
          fsyncSync(stream.nfd);
          return 0;
        };
      },
    ] as typeof result.emscriptenOpts.preRun;
    return result;
  }
}

const START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
  // 100,000 results are about 20 MB; PGlite's default of 128 MB costs a laptop memory for nothing.
  '-c',
  'shared_buffers=32MB',
];

/**
 * One server per data directory: two PGlite instances on the same files would corrupt them.
 * A lock file holds the owner's pid; a lock left by a crashed process is taken over. A lock with
 * our own pid is stale too: in a container the restarted server often gets the same pid.
 */
const openInThisProcess = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'server.pid');
  if (openInThisProcess.has(path)) throw new Error(`DATA_DIR ${dataDir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      openInThisProcess.add(path);
      return () => {
        openInThisProcess.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${owner}. Stop it first, or give this server its own DATA_DIR (or a DATABASE_URL).`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`cannot lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The embedded default: PostgreSQL compiled to WebAssembly, data under `dataDir` (created on first start). */
export async function openPgliteStore(dataDir: string): Promise<ResultStore> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let db: PGliteInterface;
  try {
    const pgdata = join(dataDir, 'pglite');
    mkdirSync(pgdata, { recursive: true });
    db = await PGlite.create({ fs: new DurableNodeFS(pgdata), startParams: START_PARAMS });
    const session: Session = {
      async query<Row>(text: string, params?: unknown[]) {
        return (await db.query<Row>(text, params)).rows;
      },
      async exec(script: string) {
        await db.exec(script);
      },
    };
    await migrate(session);
    return createResultStore({
      kind: 'pglite',
      db: session,
      // PGlite is one single-user session; batches run one after another.
      maxConcurrentBatches: 1,
      async close() {
        try {
          await db.close();
        } finally {
          unlock();
        }
      },
    });
  } catch (error) {
    unlock();
    throw error;
  }
}
