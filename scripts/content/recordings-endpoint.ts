import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve, sep } from 'node:path';
import type { QuestionSource as Question } from '../../schemas/question.ts';
import { RECORDED_LANGUAGES as CHILD_LANGUAGES, TEXT_FIELDS } from './audio.ts';
import { isStale, readRecordedText, removeRecordedText, writeRecordedText } from './recorded-text.ts';

/** A saved recording is at most this large (a long prompt at 80 kbit/s is far below it). */
export const MAX_RECORDING_BYTES = 4 * 1024 * 1024;

/**
 * The file of one question text's recording under the audio folder, or an English reason why the
 * key is refused. Only `q<NN>/<lang>-<field>` of a question that exists, a child language and a
 * text that question has in that language: nothing else is ever written or deleted.
 */
export function recordingFile(
  audioDir: string,
  questions: readonly Pick<Question, 'id' | 'texts'>[],
  key: string,
): { file: string; text: string } | { error: string } {
  const match = /^q(\d{2,3})\/([a-z]{2})-([A-Za-z]+)$/.exec(key);
  if (!match) return { error: `"${key}" is not a recording key like q01/tr-situationText` };
  const [, idText, language, field] = match as unknown as [string, string, string, string];
  const id = Number(idText);
  const question = questions.find((q) => q.id === id);
  if (!question || `q${String(id).padStart(2, '0')}` !== `q${idText}`)
    return { error: `there is no question ${idText}` };
  if (!CHILD_LANGUAGES.includes(language))
    return { error: `"${language}" is not a recorded language (${CHILD_LANGUAGES.join(', ')})` };
  if (!(TEXT_FIELDS as readonly string[]).includes(field))
    return { error: `"${field}" is not a text field (${TEXT_FIELDS.join(', ')})` };
  const texts = (question.texts as Record<string, Record<string, unknown> | undefined>)[language];
  if (typeof texts?.[field] !== 'string') return { error: `question ${id} has no ${language} ${field}` };
  const root = resolve(audioDir);
  const file = resolve(root, `${key}.mp3`);
  if (!file.startsWith(root + sep)) return { error: `"${key}" leaves the audio folder` };
  return { file, text: texts[field] as string };
}

/** The keys of the question recordings saved under the audio folder, e.g. `q01/tr-situationText`. */
export function savedRecordings(audioDir: string): string[] {
  if (!existsSync(audioDir)) return [];
  const keys: string[] = [];
  for (const folder of readdirSync(audioDir, { withFileTypes: true })) {
    if (!folder.isDirectory() || !/^q\d+$/.test(folder.name)) continue;
    for (const name of readdirSync(join(audioDir, folder.name))) {
      if (name.endsWith('.mp3')) keys.push(`${folder.name}/${name.slice(0, -'.mp3'.length)}`);
    }
  }
  return keys.sort();
}

/**
 * The saved recordings whose text has changed since they were made, by key, with the text each was
 * made for and the text now (the preview asks for them to be recorded again).
 */
export function staleRecordings(
  audioDir: string,
  questions: readonly Pick<Question, 'id' | 'texts'>[],
): Record<string, { recorded: string; current: string }> {
  const stale: Record<string, { recorded: string; current: string }> = {};
  for (const key of savedRecordings(audioDir)) {
    const target = recordingFile(audioDir, questions, key);
    if ('error' in target) continue;
    const recorded = readRecordedText(target.file);
    if (isStale(target.text, recorded)) stale[key] = { recorded: recorded!.trim(), current: target.text };
  }
  return stale;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

/**
 * The dev server's handler under RECORDINGS_PATH (`url` is the rest after it): the preview saves,
 * plays and deletes recordings through it. The content watcher then checks the new file.
 */
export async function handleRecordingRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  audioDir: string,
  questions: () => readonly Pick<Question, 'id' | 'texts'>[],
): Promise<void> {
  const path = decodeURIComponent(url.split('?')[0] ?? '').replace(/^\/+/, '');
  if (path === '') {
    if (req.method !== 'GET') return send(res, 405, { error: 'only GET lists the recordings' });
    return send(res, 200, {
      recordings: savedRecordings(audioDir),
      stale: staleRecordings(audioDir, questions()),
    });
  }
  if (!path.endsWith('.mp3')) return send(res, 404, { error: `"${path}" is not an .mp3 recording` });
  const target = recordingFile(audioDir, questions(), path.slice(0, -'.mp3'.length));
  if ('error' in target) return send(res, 400, { error: target.error });
  const { file } = target;
  switch (req.method) {
    case 'GET': {
      if (!existsSync(file)) return send(res, 404, { error: 'no such recording' });
      res.setHeader('content-type', 'audio/mpeg');
      res.setHeader('cache-control', 'no-store');
      res.end(readFileSync(file));
      return;
    }
    case 'PUT': {
      const body = await readBody(req, MAX_RECORDING_BYTES);
      if (body === null) return send(res, 413, { error: `larger than ${MAX_RECORDING_BYTES} bytes` });
      const mp3 =
        body.subarray(0, 3).toString('latin1') === 'ID3' ||
        (body[0] === 0xff && ((body[1] ?? 0) & 0xe0) === 0xe0);
      if (!mp3) return send(res, 415, { error: 'the body is not MP3' });
      mkdirSync(resolve(file, '..'), { recursive: true });
      writeFileSync(file, body);
      // The text it was made for: when the author changes the text later, the recording is stale.
      writeRecordedText(file, target.text);
      return send(res, 201, { saved: path });
    }
    case 'DELETE': {
      rmSync(file, { force: true });
      removeRecordedText(file);
      return send(res, 200, { deleted: path });
    }
    default:
      return send(res, 405, { error: 'use GET, PUT or DELETE' });
  }
}
