import { fsyncSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { lockDataDir } from './data-dir-lock.ts';
import { createHousekeeping } from './housekeeping.ts';
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

/** The embedded database's store, which can also copy its own files while it runs. */
export interface PgliteStore extends ResultStore {
  /**
   * The database folder as a tar, taken between two queries (PGlite runs one at a time), so the
   * copy is consistent; uploads wait meanwhile, so it is not compressed here (the backup tool
   * compresses it): the running server's backup (server/control-socket.ts, docs/deploy.md).
   */
  dumpDataDir(): Promise<Uint8Array>;
}

/** The embedded default: PostgreSQL compiled to WebAssembly, data under `dataDir` (created on first start). */
export async function openPgliteStore(dataDir: string): Promise<PgliteStore> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = await lockDataDir(dataDir);
  let db: PGliteInterface | undefined;
  try {
    const pgdata = join(dataDir, 'pglite');
    mkdirSync(pgdata, { recursive: true });
    const opened = await PGlite.create({ fs: new DurableNodeFS(pgdata), startParams: START_PARAMS });
    db = opened;
    const session: Session = {
      async query<Row>(text: string, params?: unknown[]) {
        return (await opened.query<Row>(text, params)).rows;
      },
      async exec(script: string) {
        await opened.exec(script);
      },
    };
    await migrate(session);
    const housekeeping = createHousekeeping(session, {
      onError: (error) =>
        process.stderr.write(`PGlite housekeeping failed, tried again in a minute: ${String(error)}\n`),
    });
    await housekeeping.start();
    const store = createResultStore({
      kind: 'pglite',
      db: session,
      // PGlite is one single-user session; batches run one after another.
      maxConcurrentBatches: 1,
      async close() {
        try {
          await housekeeping.stop();
          await opened.close();
        } finally {
          await unlock();
        }
      },
    });
    return Object.assign(store, {
      async dumpDataDir() {
        return new Uint8Array(await (await opened.dumpDataDir('none')).arrayBuffer());
      },
    });
  } catch (error) {
    await db?.close().catch(() => {});
    await unlock();
    throw error;
  }
}
