// The page's calls to /api/auswertung/*; their answers are typed in schemas/auswertung-api.ts.
import type {
  AuskunftAnswer,
  Bilingual,
  BilingualGroup,
  ChangeStatistic,
  ChildTest,
  Count,
  DifAnswer,
  DifResult,
  ItemAnalysis,
  ItemsAnswer,
  Levels,
  Overview,
  Progress,
  ProgressGroup,
  ProtokollAnswer,
  ProtokollChildAnswer,
  ProtokollEntryAnswer,
} from '../../schemas/auswertung-api';
import type { LoginBody, Me, PasswordChange } from '../../schemas/verwaltung-api';
import {
  CHILD_CODE_PATTERN,
  type ResultLanguageCode,
  SCHOOLS,
  type School,
  SITE_PATTERN,
} from '../domain/facts';
import { LANGUAGE_CODES } from './format';

export type {
  Bilingual,
  BilingualGroup,
  ChangeStatistic,
  ChildTest,
  Count,
  DifAnswer,
  DifResult,
  ItemAnalysis,
  ItemsAnswer,
  Levels,
  Overview,
  Progress,
  ProgressGroup,
};

const API = '/api/auswertung';

/**
 * The filter form's values; '' means "any". `version` 'ohne' = results without a version. One
 * field per filter of the server (server/auswertung/filters.ts); a new filter adds its field here,
 * in NO_FILTER and in filterFromQuery.
 */
export interface Filter {
  from: string;
  to: string;
  language: '' | ResultLanguageCode;
  school: '' | School;
  version: string;
  /** An 'Einrichtungskennung', or '' for all sites. */
  site: string;
  /** 'Ton': 'mit' (the default), 'ohne' or 'alle' (docs/product.md §24). */
  sound: SoundChoice;
  /** 'vorzeitig beendet': 'ohne' (the default), 'nur' or 'alle' (docs/product.md §38). */
  ended: EndedChoice;
  /** 'Sprachverständnis': 'alle' (the default), 'ja', 'teilweise' or 'nein' (docs/product.md §39). */
  understanding: UnderstandingChoice;
  /** 'Profil': 'alle' (the default), 'nur' or 'ohne' unusual profiles (docs/product.md §28). */
  profile: ProfileChoice;
  /** 'Tests je Kind': the test of each child the statistics use; 'erster' by default. */
  test: ChildTest;
}

export const SOUND_CHOICES = ['mit', 'ohne', 'alle'] as const;
export type SoundChoice = (typeof SOUND_CHOICES)[number];

export const ENDED_CHOICES = ['ohne', 'nur', 'alle'] as const;
export type EndedChoice = (typeof ENDED_CHOICES)[number];

export const UNDERSTANDING_CHOICES = ['alle', 'ja', 'teilweise', 'nein'] as const;
export type UnderstandingChoice = (typeof UNDERSTANDING_CHOICES)[number];

export const PROFILE_CHOICES = ['alle', 'nur', 'ohne'] as const;
export type ProfileChoice = (typeof PROFILE_CHOICES)[number];

export const CHILD_TESTS = ['erster', 'letzter'] as const satisfies readonly ChildTest[];

/**
 * The page's starting selection (and 'Zurücksetzen'): every result heard with sound and run to its
 * end (a test ended early is left out of the statistics unless chosen, docs/product.md §38).
 */
export const NO_FILTER: Filter = {
  from: '',
  to: '',
  language: '',
  school: '',
  version: '',
  site: '',
  sound: 'mit',
  ended: 'ohne',
  understanding: 'alle',
  profile: 'alle',
  test: 'erster',
};

/** The one filter mistake the form can hold: a 'von' day after the 'bis' day (ISO days compare as text). */
export const fromAfterTo = (filter: Filter) =>
  filter.from !== '' && filter.to !== '' && filter.from > filter.to;

export function filterQuery(filter: Filter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function filterFromQuery(search: string): Filter {
  const params = new URLSearchParams(search);
  const pick = <K extends keyof Filter>(key: K, allowed?: readonly string[]) => {
    const value = params.get(key) ?? '';
    return (allowed && !allowed.includes(value) ? '' : value) as Filter[K];
  };
  const day = (key: 'from' | 'to') => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(key) ?? '') ? pick(key) : '');
  return {
    from: day('from'),
    to: day('to'),
    language: pick('language', LANGUAGE_CODES),
    school: pick('school', SCHOOLS),
    version: /^(ohne|[0-9a-f]{6,64})$/.test(params.get('version') ?? '') ? pick('version') : '',
    site: new RegExp(SITE_PATTERN).test(params.get('site') ?? '') ? pick('site') : '',
    sound: SOUND_CHOICES.includes(params.get('sound') as SoundChoice)
      ? (params.get('sound') as SoundChoice)
      : NO_FILTER.sound,
    ended: ENDED_CHOICES.includes(params.get('ended') as EndedChoice)
      ? (params.get('ended') as EndedChoice)
      : NO_FILTER.ended,
    understanding: UNDERSTANDING_CHOICES.includes(params.get('understanding') as UnderstandingChoice)
      ? (params.get('understanding') as UnderstandingChoice)
      : NO_FILTER.understanding,
    profile: PROFILE_CHOICES.includes(params.get('profile') as ProfileChoice)
      ? (params.get('profile') as ProfileChoice)
      : NO_FILTER.profile,
    test: CHILD_TESTS.includes(params.get('test') as ChildTest)
      ? (params.get('test') as ChildTest)
      : NO_FILTER.test,
  };
}

/** A 401: the session has ended (logged out, disabled, password or role changed, key changed, expired). */
export class SessionEnded extends Error {}

/** A refused request with the server's German message (shown as it is) and its status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Fetches `url` (any of /api/auswertung, /api/verwaltung, /api/konto); a 401 throws SessionEnded. */
export async function apiRequest<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  if (response.status === 401) throw new SessionEnded();
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(body.error ?? `HTTP ${response.status}`, response.status);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A JSON body for POST, PATCH and DELETE. */
export const sendJson = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: body === undefined ? {} : { 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

const request = <T>(path: string, init?: RequestInit) => apiRequest<T>(`${API}${path}`, init);

/** Who is signed in, or undefined without a session (also while a one-time password waits). */
export async function loadMe(): Promise<Me | undefined> {
  try {
    return await request<Me>('/session');
  } catch (error) {
    if (error instanceof SessionEnded) return undefined;
    throw error;
  }
}

/**
 * Resolves with who signed in; rejects with an ApiError carrying the server's German message
 * (wrong password, deactivated account, too many tries with the wait).
 */
export async function login(body: LoginBody): Promise<Me> {
  const response = await fetch(`${API}/login`, {
    credentials: 'same-origin',
    ...sendJson('POST', body),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(answer.error ?? `HTTP ${response.status}`, response.status);
  }
  const me = await loadMe();
  if (!me) throw new SessionEnded();
  return me;
}

export function logout(): Promise<void> {
  return request('/logout', { method: 'POST' });
}

/** The account's own new password (POST /api/konto/password); the session stays open. */
export function changePassword(change: PasswordChange): Promise<void> {
  return apiRequest('/api/konto/password', sendJson('POST', change));
}

/** Counts of results (overview), statistics of children (levels, items, DIF), the Verlauf, the bilingual pairs. */
export interface Statistics {
  overview: Overview;
  levels: Levels;
  items: ItemsAnswer;
  dif: DifAnswer;
  progress: Progress;
  bilingual: Bilingual;
}

export async function loadStatistics(filter: Filter): Promise<Statistics> {
  const query = filterQuery(filter);
  const [overview, levels, items, dif, progress, bilingual] = await Promise.all([
    request<Overview>(`/overview${query}`),
    request<Levels>(`/levels${query}`),
    request<ItemsAnswer>(`/items${query}`),
    request<DifAnswer>(`/dif${query}`),
    request<Progress>(`/progress${query}`),
    request<Bilingual>(`/bilingual${query}`),
  ]);
  return { overview, levels, items, dif, progress, bilingual };
}

export function downloadUrl(kind: 'csv' | 'json', filter: Filter): string {
  return `${API}/results.${kind}${filterQuery(filter)}`;
}

export function deleteResult(submissionId: string): Promise<void> {
  return request(`/results/${encodeURIComponent(submissionId)}`, { method: 'DELETE' });
}

/** A child code as typed (spaces and lower case forgiven), or undefined when it is not one. */
export function normaliseChildCode(typed: string): string | undefined {
  const code = typed.replaceAll(/\s/g, '').toUpperCase();
  return new RegExp(CHILD_CODE_PATTERN).test(code) ? code : undefined;
}

/** `?childCode=…`, and `&site=…` when the request is limited to one Einrichtung (docs/product.md §47). */
const childQuery = (childCode: string, site?: string) =>
  `/child-results?childCode=${encodeURIComponent(childCode)}${site ? `&site=${encodeURIComponent(site)}` : ''}`;

/** How many stored results carry this child code (named in the confirmation before deleting). */
export async function countChildResults(childCode: string, site?: string): Promise<number> {
  const { count } = await request<{ count: number }>(childQuery(childCode, site));
  return count;
}

/** Deletes every result of this child code (of `site` only, if given); resolves with the number deleted. */
export async function deleteChildResults(childCode: string, site?: string): Promise<number> {
  const { deleted } = await request<{ deleted: number }>(childQuery(childCode, site), { method: 'DELETE' });
  return deleted;
}

/** The Protokoll's filter (docs/product.md §46); '' means "any". */
export interface ProtokollFilter {
  kind: string;
  from: string;
  to: string;
}

export function protokollQuery(filter: ProtokollFilter): string {
  const params = new URLSearchParams(Object.entries(filter).filter(([, value]) => value !== ''));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function loadProtokoll(filter: ProtokollFilter): Promise<ProtokollAnswer> {
  return request<ProtokollAnswer>(`/protokoll${protokollQuery(filter)}`);
}

export function protokollCsvUrl(filter: ProtokollFilter): string {
  return `${API}/protokoll.csv${protokollQuery(filter)}`;
}

/** The deletions the Protokoll holds for this child code (a parent's request carried out?). */
export async function deletionsOfChildCode(childCode: string): Promise<ProtokollEntryAnswer[]> {
  const { deletions } = await request<ProtokollChildAnswer>(
    `/protokoll/child-code?childCode=${encodeURIComponent(childCode)}`,
  );
  return deletions;
}

/** Everything the server holds for a child code (Art. 15 DSGVO); the server records the request. */
export function loadAuskunft(childCode: string): Promise<AuskunftAnswer> {
  return request<AuskunftAnswer>(`/auskunft?childCode=${encodeURIComponent(childCode)}`);
}
