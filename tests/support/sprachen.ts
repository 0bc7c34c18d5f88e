import type { TextState } from '../../schemas/sprachen-api.ts';
import type { TestServer } from './server.ts';
import { toneMp3 } from './tone-mp3.ts';

/**
 * Two native speakers of Turkish on a test server (docs/product.md §50), signed in over HTTP as the
 * page /verwaltung/sprachen signs them in: what one proposes or records, the other confirms or
 * approves. Sets up the server's state through its API, as the page would.
 */
export interface Reviewers {
  call<T>(who: 'tr1' | 'tr2', method: string, path: string, body?: unknown): Promise<T>;
  /** tr1 records a text's current wording, tr2 approves the take. */
  recordAndApprove(key: string, text: string): Promise<void>;
  /** tr1 proposes a new wording, tr2 confirms it. */
  correct(key: string, text: string): Promise<void>;
}

export async function turkishReviewers(server: TestServer): Promise<Reviewers> {
  const cookies: Record<'tr1' | 'tr2', string> = { tr1: '', tr2: '' };
  for (const name of ['tr1', 'tr2'] as const) {
    const password = `${name}-passwort-für-tests`;
    await server.addAccount({ name, role: 'sprache', sites: [], languages: ['tr'] }, password);
    const login = await fetch(`${server.url}/api/auswertung/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, password }),
    });
    if (login.status !== 204) throw new Error(`login of ${name}: ${login.status}`);
    cookies[name] = String(login.headers.get('set-cookie')).split(';')[0]!;
  }
  const call = async <T>(who: 'tr1' | 'tr2', method: string, path: string, body?: unknown): Promise<T> => {
    const isMp3 = body instanceof Uint8Array;
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: cookies[who],
        ...(body === undefined ? {} : { 'content-type': isMp3 ? 'audio/mpeg' : 'application/json' }),
      },
      ...(body === undefined ? {} : { body: isMp3 ? Buffer.from(body) : JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    call,
    async recordAndApprove(key, text) {
      const query = new URLSearchParams({ language: 'tr', key, text });
      const made = await call<TextState>(
        'tr1',
        'POST',
        `/api/sprachen/recordings?${query}`,
        toneMp3({ seconds: 0.6 }),
      );
      await call('tr2', 'POST', `/api/sprachen/recordings/${made.recording!.id}/approve`);
    },
    async correct(key, text) {
      await call('tr1', 'POST', '/api/sprachen/corrections', {
        language: 'tr',
        key,
        text,
        note: 'natürlicher',
      });
      await call('tr2', 'POST', '/api/sprachen/confirm', { language: 'tr', key, text });
    },
  };
}

/**
 * How many recordings the page's device keeps in IndexedDB (src/updates/stored-updates.ts); 0
 * before the app made its database. Self-contained, to run in the page (`page.evaluate`).
 */
export function storedRecordingCount(): Promise<number> {
  return new Promise((resolve) => {
    const open = indexedDB.open('zaehltest-sprachen');
    // Not made here: a database this probe made first (version 1, no stores) would be the app's.
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('recordings')) {
        db.close();
        resolve(0);
        return;
      }
      const count = db.transaction('recordings').objectStore('recordings').count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => resolve(0);
    };
  });
}
