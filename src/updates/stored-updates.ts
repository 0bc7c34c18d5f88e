import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { Progress } from '../../schemas/sprachen-api';
import { languageFact, setServedCount } from '../content/languages';
import { type LanguageUpdates, recordingUrls, servedCount, type UpdatesSnapshot } from './snapshot';

/**
 * The native review's updates kept on the device (docs/product.md §50): per language the server's
 * last answer of GET /api/sprachen/updates, and the MP3 bytes of its recordings, in IndexedDB (which
 * keeps them offline in Chromium, WebKit and Firefox alike; played as blob: URLs, so no service
 * worker is needed to play them offline). Nothing here is personal: the same for every child.
 */

const DB_NAME = 'zaehltest-sprachen';
const DB_VERSION = 1;
export const UPDATES_PATH = '/api/sprachen/updates';

interface SprachenDb extends DBSchema {
  /** Per language: the last answer and its ETag. */
  updates: { key: string; value: { answer: LanguageUpdates; etag: string | null } };
  /**
   * Per recording URL (immutable on the server): its MP3's bytes. Bytes, not a Blob: WebKit cannot
   * store a Blob in a session without a disk (a private window), bytes it can.
   */
  recordings: { key: string; value: ArrayBuffer };
}

let database: Promise<IDBPDatabase<SprachenDb>> | undefined;
function db(): Promise<IDBPDatabase<SprachenDb>> {
  database ??= openDB<SprachenDb>(DB_NAME, DB_VERSION, {
    upgrade(upgrade) {
      upgrade.createObjectStore('updates');
      upgrade.createObjectStore('recordings');
    },
  });
  return database;
}

/** The stored answers by language and the URLs whose bytes are stored, read once per page. */
const known = { answers: new Map<string, LanguageUpdates>(), stored: new Set<string>() };
let loaded: Promise<void> | undefined;

/** Reads what the device holds (once; later calls wait for the same read). Never throws. */
export function loadStoredUpdates(): Promise<void> {
  loaded ??= (async () => {
    try {
      const store = await db();
      const [languages, answers, urls] = await Promise.all([
        store.getAllKeys('updates'),
        store.getAll('updates'),
        store.getAllKeys('recordings'),
      ]);
      languages.forEach((language, index) => {
        const answer = answers[index]?.answer;
        if (answer) known.answers.set(language, answer);
      });
      for (const url of urls) known.stored.add(url);
    } catch (error) {
      // A browser without IndexedDB (a private window of an old Safari): the build's texts only.
      console.warn('Sprachprüfung: gespeicherte Aktualisierungen nicht lesbar', error);
    }
  })();
  return loaded;
}

/** The stored answer of a language, if any (after loadStoredUpdates). */
export function storedUpdates(language: string): LanguageUpdates | undefined {
  return known.answers.get(language);
}

/** Whether the device holds the bytes of this recording. */
export function isRecordingStored(url: string): boolean {
  return known.stored.has(url);
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

const PROGRESS_FIELDS = ['texts', 'confirmed', 'spoken', 'recorded', 'correctionsPending'] as const;

/** The server's progress of a language when it is well-formed (else the build's record counts). */
function wellFormedProgress(value: unknown): Progress | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const progress = value as Record<keyof Progress, unknown>;
  if (!PROGRESS_FIELDS.every((field) => isCount(progress[field]))) return undefined;
  return Object.fromEntries(PROGRESS_FIELDS.map((field) => [field, progress[field]])) as unknown as Progress;
}

/**
 * Tells the language list what the server counts of each language for this build, so that a
 * language whose every text is confirmed on the server is no draft on the child's details
 * (docs/product.md §50).
 */
function publishCounts(languages: readonly string[], contentVersion: string): void {
  for (const language of languages) {
    const texts = languageFact(language)?.texts ?? 0;
    setServedCount(language, servedCount(known.answers.get(language), language, contentVersion, texts));
  }
}

function isUpdates(value: unknown, language: string): value is LanguageUpdates {
  if (!value || typeof value !== 'object') return false;
  const answer = value as Partial<LanguageUpdates>;
  const isMap = (map: unknown) => typeof map === 'object' && map !== null && !Array.isArray(map);
  return (
    typeof answer.content === 'string' &&
    answer.language === language &&
    isMap(answer.texts) &&
    Object.values(answer.texts ?? {}).every((text) => typeof text === 'string') &&
    isMap(answer.recordings) &&
    Object.values(answer.recordings ?? {}).every(
      (recording) =>
        typeof recording?.url === 'string' &&
        recording.url.startsWith('/api/sprachen/recordings/') &&
        typeof recording.text === 'string',
    )
  );
}

/**
 * Asks the server for each language's updates of this content version and keeps them with their
 * MP3s; bytes no stored answer and no `keep` URL (the running session's snapshot) needs are
 * dropped. Quietly does nothing offline or against a server without the route (the build's texts
 * and recordings stay); returns whether anything changed. The server's counts of the stored answers
 * are handed to the language list (src/content/languages.ts) as soon as they are read, and again
 * after the server's answers.
 */
export async function refreshUpdates(
  languages: readonly string[],
  contentVersion: string,
  keep: readonly string[] = [],
): Promise<boolean> {
  await loadStoredUpdates();
  publishCounts(languages, contentVersion);
  let changed = false;
  let store: IDBPDatabase<SprachenDb>;
  try {
    store = await db();
  } catch {
    return false;
  }
  for (const language of languages) {
    try {
      // A record without its answer (loadStoredUpdates skips it) is asked for afresh, not left forever.
      const previous = await store.get('updates', language);
      const query = new URLSearchParams({ content: contentVersion, language });
      const response = await fetch(`${UPDATES_PATH}?${query}`, {
        headers:
          previous?.etag && previous.answer?.content === contentVersion
            ? { 'if-none-match': previous.etag }
            : {},
        cache: 'no-cache',
      });
      // Unchanged: only a recording whose download failed last time is fetched again.
      if (response.status === 304 && previous) {
        if (await storeRecordings(store, previous.answer)) changed = true;
        continue;
      }
      if (!response.ok) continue;
      const received: unknown = await response.json();
      if (!isUpdates(received, language)) continue;
      // A malformed progress is dropped, not the corrections and recordings beside it.
      const { progress, ...rest } = received;
      const counted = wellFormedProgress(progress);
      const answer: LanguageUpdates = counted ? { ...rest, progress: counted } : rest;
      await storeRecordings(store, answer);
      await store.put('updates', { answer, etag: response.headers.get('etag') }, language);
      known.answers.set(language, answer);
      changed = true;
    } catch {
      // Offline or the server is away: the next refresh tries again.
    }
  }
  if (changed) {
    publishCounts(languages, contentVersion);
    const needed = new Set([...keep, ...[...known.answers.values()].flatMap(recordingUrls)]);
    for (const url of [...known.stored]) {
      if (needed.has(url)) continue;
      await store.delete('recordings', url).catch(() => undefined);
      known.stored.delete(url);
    }
  }
  return changed;
}

/** Downloads the MP3s of an answer the device does not hold yet; whether it got any. */
async function storeRecordings(store: IDBPDatabase<SprachenDb>, answer: LanguageUpdates): Promise<boolean> {
  let got = false;
  for (const url of recordingUrls(answer)) {
    if (known.stored.has(url)) continue;
    const mp3 = await fetch(url);
    if (!mp3.ok) continue;
    await store.put('recordings', await mp3.arrayBuffer(), url);
    known.stored.add(url);
    got = true;
  }
  return got;
}

/** Blob URLs of the recordings of the active snapshot, by server URL. */
const playable = new Map<string, string>();
/** The reading of the active snapshot's recordings, which a recording about to play waits for. */
let preparing: Promise<void> = Promise.resolve();

/** Makes the snapshot's recordings playable from the device's copy, offline too. */
export function preparePlayback(snapshot: UpdatesSnapshot | null): Promise<void> {
  const previous = preparing;
  preparing = previous.then(() => readRecordings(snapshot));
  return preparing;
}

async function readRecordings(snapshot: UpdatesSnapshot | null): Promise<void> {
  const wanted = new Set(recordingUrls(snapshot));
  for (const [url, objectUrl] of playable) {
    if (wanted.has(url)) continue;
    URL.revokeObjectURL(objectUrl);
    playable.delete(url);
  }
  if (wanted.size === 0) return;
  try {
    const store = await db();
    for (const url of wanted) {
      if (playable.has(url)) continue;
      const bytes = await store.get('recordings', url);
      if (bytes) playable.set(url, URL.createObjectURL(new Blob([bytes], { type: 'audio/mpeg' })));
    }
  } catch (error) {
    console.warn('Sprachprüfung: Aufnahmen nicht lesbar', error);
  }
}

/**
 * The URL the audio element plays for a recording: the device's copy of a served one (once the
 * snapshot's copies are read: a few milliseconds after a reload), else the URL itself (a built one).
 */
export async function playableRecording(url: string): Promise<string> {
  await preparing;
  return playable.get(url) ?? url;
}
