import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviewState } from '../../schemas/language-facts.ts';
import type { ExportAnswer } from '../../schemas/sprachen-api.ts';
import { toneMp3 } from '../../tests/support/tone-mp3.ts';
import { loadAudio } from './audio.ts';
import { CONTENT_DIR, loadContent } from './load.ts';
import { applyExport, contentOptions, localContentVersion } from './pull.ts';

let contentDir: string;
const MP3 = toneMp3({ seconds: 0.8 });
const bytesOf = async () => MP3;

beforeEach(() => {
  // A copy of the real content (without recordings: the pull's are the only ones).
  contentDir = join(mkdtempSync(join(tmpdir(), 'zaehltest-pull-')), 'content');
  cpSync(CONTENT_DIR, contentDir, {
    recursive: true,
    filter: (path) => !path.includes(`${CONTENT_DIR}/audio`),
  });
});

afterEach(() => rmSync(join(contentDir, '..'), { recursive: true, force: true }));

const questionFile = () => join(contentDir, 'questions', '01-count-and-forgotten.yaml');

function exportOf(content: string): ExportAnswer {
  return {
    content,
    language: 'tr',
    texts: {
      '1.questionText': {
        text: 'Doğru mu saydım?',
        confirmedBy: 'Ayşe',
        confirmedAt: '2026-11-29T10:00:00Z',
      },
      'numberWords.3.say': { text: 'üüch', confirmedBy: 'Ayşe', confirmedAt: '2026-11-29T10:00:00Z' },
    },
    confirmed: ['1.situationText', '1.questionText', 'soundCheck', 'numberWords.3.say'],
    recordings: {
      '1.questionText': { url: '/api/sprachen/recordings/2.mp3', text: 'Doğru mu saydım?' },
      soundCheck: { url: '/api/sprachen/recordings/3.mp3', text: 'Merhaba! Beni iyi duyabiliyor musun?' },
      // Made for the words before a correction that content/ does not have: stale.
      '1.situationText': { url: '/api/sprachen/recordings/4.mp3', text: 'Eski cümle.' },
    },
  };
}

describe('content:pull writing into a copy of content/', () => {
  it('writes corrections in place, records the confirmations and stores the recordings with their text', async () => {
    const before = readFileSync(questionFile(), 'utf8');
    const version = localContentVersion(contentDir);
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    const result = await applyExport(contentDir, exportOf(version!), bytesOf, version);

    // Only the corrected line changed: comments, quoting and every other language stay.
    const after = readFileSync(questionFile(), 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toEqual(['    questionText: "Doğru mu saydım?"']);
    expect(readFileSync(join(contentDir, 'languages', 'tr.yaml'), 'utf8')).toContain('say: "üüch"');

    // The confirmations hold for the texts as they now stand.
    const state = reviewState(contentDir, 'tr');
    const unreviewed = new Set(state.unreviewed.map((text) => text.key));
    for (const key of ['1.situationText', '1.questionText', 'soundCheck', 'numberWords.3.say'])
      expect(unreviewed.has(key)).toBe(false);
    expect(result.confirmed).toBe(4);

    // The recordings with the text each speaks; the stale one is left out and reported.
    expect(readFileSync(join(contentDir, 'audio', 'q01', 'tr-questionText.txt'), 'utf8')).toBe(
      'Doğru mu saydım?\n',
    );
    expect(existsSync(join(contentDir, 'audio', 'phrases', 'tr-soundCheck.mp3'))).toBe(true);
    expect(existsSync(join(contentDir, 'audio', 'q01', 'tr-situationText.mp3'))).toBe(false);
    expect(result.warnings.join('\n')).toMatch(/1\.situationText: the recording speaks "Eski cümle\."/);

    // content:check's reading: both recordings valid and current, the content still valid.
    const content = loadContent(contentOptions(contentDir));
    expect(content.issues).toEqual([]);
    const audio = await loadAudio(content.questions, join(contentDir, 'audio'));
    expect(audio.issues).toEqual([]);
    expect(audio.staleRecordings).toEqual([]);
    expect(audio.questionRecordings.map((r) => r.key)).toEqual(['q01/tr-questionText']);
    expect(audio.phraseRecordings.map((r) => r.key)).toEqual(['phrases/tr-soundCheck']);
  });

  it('changes nothing when pulled again', async () => {
    const version = localContentVersion(contentDir);
    await applyExport(contentDir, exportOf(version!), bytesOf, version);
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const snapshot = new Map(files(contentDir).map((path) => [path, readFileSync(path, 'utf8')]));
    // The first pull changed the content, so its version no longer is the server's.
    const again = await applyExport(contentDir, exportOf(version!), bytesOf, localContentVersion(contentDir));
    expect(again.written).toEqual([]);
    for (const [path, text] of snapshot) expect(readFileSync(path, 'utf8')).toBe(text);
    expect(reviewState(contentDir, 'tr').unreviewed.map((text) => text.key)).not.toContain('soundCheck');
  });

  it('from a server built from other content: corrections yes, unverifiable confirmations no', async () => {
    const result = await applyExport(
      contentDir,
      exportOf('000000000000'),
      bytesOf,
      localContentVersion(contentDir),
    );
    const unreviewed = new Set(reviewState(contentDir, 'tr').unreviewed.map((text) => text.key));
    // Confirmed with its corrected words, which the export spells out …
    expect(unreviewed.has('1.questionText')).toBe(false);
    expect(result.confirmed).toBe(2);
    expect(result.warnings.join('\n')).toMatch(/server was built from other content/);
    expect(result.warnings.join('\n')).toMatch(/2 confirmation\(s\) of unchanged texts not recorded/);
  });

  it('skips keys content/ does not have, with a warning', async () => {
    const version = localContentVersion(contentDir);
    const answer: ExportAnswer = {
      content: version!,
      language: 'tr',
      texts: { '99.situationText': { text: 'x', confirmedBy: 'A', confirmedAt: null } },
      confirmed: ['99.situationText'],
      recordings: {},
    };
    const result = await applyExport(contentDir, answer, bytesOf, version);
    expect(result.written).toEqual([]);
    expect(result.warnings).toEqual([
      'tr 99.situationText: the server has a correction for a text content/ does not have — skipped',
      'tr 99.situationText: the server has a confirmation for a text content/ does not have — skipped',
    ]);
  });
});
