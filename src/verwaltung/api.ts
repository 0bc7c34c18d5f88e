// The calls of /verwaltung to /api/verwaltung/* and /api/konto/*; their answers are typed in
// schemas/verwaltung-api.ts. A 401 throws SessionEnded, a refusal an ApiError with the server's
// German message (src/auswertung/api.ts).

import type { NewEnrolmentCodes, TabletsOverview } from '../../schemas/tablets-api';
import type {
  AccountInput,
  AccountRow,
  ApiTokenRow,
  DatenschutzFile,
  NewApiToken,
  OneTimePassword,
  SiteRow,
  UnassignedCode,
} from '../../schemas/verwaltung-api';
import { apiRequest, sendJson } from '../auswertung/api';

const API = '/api/verwaltung';
const KONTO = '/api/konto';

/** The periods in force (GET /api/verwaltung/settings, server/verwaltung/routes.ts). */
export interface Settings {
  retentionMonths: number;
  protokollMonths: number;
}

export const loadSettings = () => apiRequest<Settings>(`${API}/settings`);

/** The Datenschutz-Unterlagen from the server's settings; the server records the download. */
export const loadDatenschutz = () => apiRequest<DatenschutzFile[]>(`${API}/datenschutz`);

export const loadSites = () => apiRequest<SiteRow[]>(`${API}/sites`);
export const addSite = (site: { code: string; name: string }) =>
  apiRequest<void>(`${API}/sites`, sendJson('POST', site));
export const changeSite = (code: string, change: { name?: string; active?: boolean }) =>
  apiRequest<void>(`${API}/sites/${encodeURIComponent(code)}`, sendJson('PATCH', change));

export const loadUnassigned = () => apiRequest<UnassignedCode[]>(`${API}/unassigned`);
/** Joins a code of uploads to an Einrichtung; resolves with the number of results moved. */
export const assignCode = async (code: string, site: string) =>
  (await apiRequest<{ moved: number }>(`${API}/assignments`, sendJson('POST', { code, site }))).moved;

export const loadAccounts = () => apiRequest<AccountRow[]>(`${API}/accounts`);
export const addAccount = (account: AccountInput) =>
  apiRequest<OneTimePassword>(`${API}/accounts`, sendJson('POST', account));
export const changeAccount = (
  id: number,
  change: Partial<Pick<AccountInput, 'role' | 'sites' | 'languages'>> & { disabled?: boolean },
) => apiRequest<AccountRow>(`${API}/accounts/${id}`, sendJson('PATCH', change));
export const resetPassword = (id: number) =>
  apiRequest<OneTimePassword>(`${API}/accounts/${id}/password`, sendJson('POST'));

export const loadTokens = () => apiRequest<ApiTokenRow[]>(`${KONTO}/tokens`);
export const createToken = (name: string) =>
  apiRequest<NewApiToken>(`${KONTO}/tokens`, sendJson('POST', { name }));
export const revokeToken = (id: number) => apiRequest<void>(`${KONTO}/tokens/${id}`, sendJson('DELETE'));

// Enrolled tablets (docs/product.md §51; server/tablets/routes.ts).
export const loadTablets = () => apiRequest<TabletsOverview>(`${API}/tablets`);
export const createCodes = (site: string, count: number, names: string[]) =>
  apiRequest<NewEnrolmentCodes>(`${API}/tablets/codes`, sendJson('POST', { site, count, names }));
export const revokeTablet = (id: string) =>
  apiRequest<void>(`${API}/tablets/${encodeURIComponent(id)}/revoke`, sendJson('POST'));
export const setSitePassphrase = async (site: string, passphrase: string, repeat: string) =>
  (
    await apiRequest<{ version: number }>(
      `${API}/tablets/passphrase`,
      sendJson('POST', { site, passphrase, repeat }),
    )
  ).version;
