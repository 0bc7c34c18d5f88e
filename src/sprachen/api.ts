// The calls of /verwaltung/sprachen to /api/sprachen/* (server/sprachen/routes.ts); their answers are
// typed in schemas/sprachen-api.ts. A 401 throws SessionEnded, a refusal an ApiError with the
// server's German message (src/auswertung/api.ts).
import type {
  ConfirmBody,
  CorrectionBody,
  LanguageTextsAnswer,
  SprachenLanguage,
  TextState,
} from '../../schemas/sprachen-api';
import { apiRequest, sendJson } from '../auswertung/api';

const API = '/api/sprachen';

export const loadLanguages = () => apiRequest<SprachenLanguage[]>(`${API}/languages`);
export const loadTexts = (language: string) =>
  apiRequest<LanguageTextsAnswer>(`${API}/texts?language=${encodeURIComponent(language)}`);
export const confirmText = (body: ConfirmBody) =>
  apiRequest<TextState>(`${API}/confirm`, sendJson('POST', body));
export const proposeCorrection = (body: CorrectionBody) =>
  apiRequest<TextState>(`${API}/corrections`, sendJson('POST', body));
/** A normalised MP3 (src/preview/recording-audio.ts) for the wording it speaks. */
export const uploadRecording = (language: string, key: string, text: string, mp3: Uint8Array) =>
  apiRequest<TextState>(`${API}/recordings?${new URLSearchParams({ language, key, text })}`, {
    method: 'POST',
    headers: { 'content-type': 'audio/mpeg' },
    body: mp3 as Uint8Array<ArrayBuffer>,
  });
export const approveRecording = (id: number) =>
  apiRequest<TextState>(`${API}/recordings/${id}/approve`, sendJson('POST'));
