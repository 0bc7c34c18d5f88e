import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LanguageTextsAnswer, SprachenLanguage, TextState } from '../../schemas/sprachen-api.ts';
import type { Role } from '../../schemas/verwaltung-api.ts';
import { compiledCatalogue } from '../../scripts/content/catalogue.ts';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { i18n } from './i18n';
import { Page } from './sprachen-page';
import { TextCard } from './text-card';

/**
 * The page of native review and recording (docs/product.md §50) in jsdom against the real server
 * (Fastify on PGlite, reached through a fetch that hands each request to inject), as a reviewer
 * of Turkish, a second one, a reviewer of Arabic, the Verwaltung and a Kita-Leitung see and use it.
 */

const catalogue = compiledCatalogue();
const turkish = catalogue.languages.find((language) => language.code === 'tr');
if (!turkish) throw new Error('content/ has no Turkish pack');
/** Questions whose texts the build's review record leaves unconfirmed (21 and 23 in content/). */
const unconfirmedQuestions = [
  ...new Set(
    turkish.texts
      .filter((text) => text.question !== null && !text.fileConfirmed && text.recordingKey)
      .map((text) => text.question as number),
  ),
];
if (unconfirmedQuestions.length < 2) throw new Error('content/ has too few unconfirmed Turkish questions');
/** Questions with a confirmed text for the takes: each test takes its own. */
const recordedQuestions = [2, 3];
const textsOf = (question: number) => turkish.texts.filter((text) => text.question === question);

/** A few bytes that start as an MP3 does (an ID3 tag); the server checks the format, not the sound. */
const mp3 = (marker: number) => Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200, marker)]);

type Who = 'tr1' | 'tr2' | 'ar1' | 'chef' | 'leitung' | 'nobody';
const ACCOUNTS: {
  name: Exclude<Who, 'nobody'>;
  role: Role;
  sites: string[] | 'alle';
  languages?: string[];
}[] = [
  { name: 'tr1', role: 'sprache', sites: [], languages: ['tr'] },
  { name: 'tr2', role: 'sprache', sites: [], languages: ['tr'] },
  { name: 'ar1', role: 'sprache', sites: [], languages: ['ar'] },
  { name: 'chef', role: 'verwaltung', sites: 'alle' },
  { name: 'leitung', role: 'leitung', sites: ['KITA-017'] },
];

let server: PageServer;
const sessions = {} as Record<Who, AccountSession | undefined>;

/** A request straight to the server as `as` (what another person does meanwhile). */
const asPerson = async (as: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await server.app.inject({
    method,
    url,
    headers: { cookie: sessions[as]?.cookie ?? '' },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};
const stateOf = async (key: string, language = 'tr') =>
  (
    (await asPerson('chef', 'GET', `/api/sprachen/texts?language=${language}`)) as LanguageTextsAnswer
  ).texts.find((text) => text.key === key) as TextState;
/** Another person's take of a text's current wording, uploaded as the page would. */
const uploadAs = async (as: Who, key: string, marker: number) => {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/sprachen/recordings?${new URLSearchParams({ language: 'tr', key, text: (await stateOf(key)).current })}`,
    headers: { cookie: sessions[as]?.cookie ?? '', 'content-type': 'audio/mpeg' },
    payload: mp3(marker),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TextState;
};

beforeAll(async () => {
  server = await openPageServer({
    exportToken: 'sprachen-page-test-token-0123456789',
    sprachenCatalogue: catalogue,
  });
  await server.store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
  for (const account of ACCOUNTS) sessions[account.name] = await server.signIn(account);
  // jsdom has no ResizeObserver (the preview's frame scales with it): one that reports nothing.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await server?.close();
});

/** The page as `as` sees it, signed in. */
async function openAs(as: Who) {
  server.use(sessions[as]);
  const view = render(<Page />);
  return { view };
}

/** The page's section of a question, chosen in 'Abschnitt'. */
async function showQuestion(id: number) {
  const part = (await screen.findByLabelText('Abschnitt')) as HTMLSelectElement;
  fireEvent.change(part, { target: { value: `frage-${id}` } });
  return screen.findByRole('region', { name: `Frage ${id}` });
}

const card = (within_: HTMLElement, field: string) => within(within_).getByRole('article', { name: field });
const progress = () => screen.getByTestId('sprachen-progress').textContent ?? '';
const counted = (text: string) => {
  const match = /^(\d+) von (\d+) Texten geprüft, (\d+) von (\d+) aufgenommen/.exec(text);
  if (!match) throw new Error(`no progress line: ${text}`);
  return { confirmed: Number(match[1]), texts: Number(match[2]), recorded: Number(match[3]) };
};

describe('the Sprachprüfung page (docs/product.md §50)', () => {
  it("shows a reviewer her one language, the first question's texts beside the German and the progress", async () => {
    await openAs('tr1');
    const section = await screen.findByRole('region', { name: 'Frage 1' });
    // One language: its name as text, no choice.
    expect(screen.getByText('Türkisch', { selector: '.sprachen-language' })).toBeTruthy();
    expect(screen.queryByLabelText('Sprache')).toBeNull();
    const line = counted(progress());
    expect(line.texts).toBe(turkish.texts.length);
    expect(line.confirmed).toBe(turkish.texts.filter((text) => text.fileConfirmed).length);

    const [situation] = textsOf(1);
    if (!situation) throw new Error('question 1 has no texts');
    const first = card(section, 'Situation');
    expect(within(first).getByText('Deutsche Vorlage')).toBeTruthy();
    expect(within(first).getByText(situation.german).getAttribute('lang')).toBe('de');
    expect(within(first).getByText('Text in Türkisch')).toBeTruthy();
    const own = within(first).getByTestId('current');
    expect(own.textContent).toBe(situation.text);
    expect(own.getAttribute('lang')).toBe('tr');
    expect(own.getAttribute('dir')).toBe('ltr');
    expect(within(first).getByTestId('state').textContent).toBe('Geprüft (laut Prüfliste im Inhalt)');
    // The built recording of a confirmed text is no take of the page: none yet.
    expect(within(first).getByText(/^Noch keine Aufnahme/)).toBeTruthy();
    // The child's screen of the question; question 1 is only heard, it has no picture.
    expect(within(section).getByTitle('So sieht das Kind Frage 1')).toBeTruthy();
    expect(within(section).queryByRole('img')).toBeNull();
    const fourth = await showQuestion(4);
    expect(within(fourth).getByRole('img', { name: 'Bild der Frage 4' }).getAttribute('src')).toContain(
      '5%20Punkte%20in%20einer%20Reihe',
    );
    fireEvent.change(screen.getByLabelText('Abschnitt'), { target: { value: 'frage-1' } });
    await screen.findByRole('region', { name: 'Frage 1' });

    // Back and forth through the parts: 'Zurück' is off on the first, the phrases and number words come last.
    expect(screen.getByRole('button', { name: 'Zurück' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await screen.findByRole('region', { name: 'Frage 2' });
    fireEvent.click(screen.getByRole('button', { name: 'Zurück' }));
    await screen.findByRole('region', { name: 'Frage 1' });
    const part = screen.getByLabelText('Abschnitt') as HTMLSelectElement;
    const options = [...part.options].map((option) => option.text);
    expect(options.slice(-2)).toEqual(['Sätze des Sprachpakets', 'Zahlwörter']);
    fireEvent.change(part, { target: { value: 'zahlwort' } });
    const numbers = await screen.findByRole('region', { name: 'Zahlwörter' });
    // Number words are shown, never spoken from a take: no recording.
    expect(within(numbers).queryByTestId('recording')).toBeNull();
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveProperty('disabled', true);
    fireEvent.change(part, { target: { value: 'satz' } });
    const phrases = await screen.findByRole('region', { name: 'Sätze des Sprachpakets' });
    // No question, no preview.
    expect(within(phrases).queryByRole('img')).toBeNull();
  });

  it("stores 'Geprüft' on the server and counts it in the progress line", async () => {
    const question = unconfirmedQuestions[0] as number;
    const text = textsOf(question).find((candidate) => !candidate.fileConfirmed);
    if (!text) throw new Error('no unconfirmed text');
    await openAs('tr1');
    const section = await showQuestion(question);
    const before = counted(progress());
    const field = { situationText: 'Situation', questionText: 'Frage', answerText: 'Antwort' }[
      text.field
    ] as string;
    const item = card(section, field);
    expect(within(item).getByTestId('state').textContent).toBe('Noch nicht geprüft');
    fireEvent.click(within(item).getByRole('button', { name: 'Geprüft' }));
    expect(await within(item).findByRole('status')).toHaveProperty('textContent', 'Als geprüft gespeichert.');
    expect(within(item).getByTestId('state').textContent).toMatch(/^Geprüft von tr1 am \d/);
    expect(counted(progress()).confirmed).toBe(before.confirmed + 1);
    // The server holds it: the next page (of another reviewer) shows it too.
    expect((await stateOf(text.key)).confirmed?.by).toBe('tr1');
  });

  it('takes a correction with a note, which only a second person can confirm', async () => {
    const question = unconfirmedQuestions[1] as number;
    const text = textsOf(question).find((candidate) => candidate.field === 'questionText');
    if (!text) throw new Error('no question text');
    const corrected = `${text.text} (düzeltildi)`;
    const { view } = await openAs('tr1');
    let section = await showQuestion(question);
    let item = card(section, 'Frage');

    // 'Abbrechen' leaves the text as it was.
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur vorschlagen' }));
    const editor = within(item).getByLabelText('Korrigierter Text') as HTMLTextAreaElement;
    expect(editor.value).toBe(text.text);
    await waitFor(() => expect(document.activeElement).toBe(editor));
    fireEvent.click(within(item).getByRole('button', { name: 'Abbrechen' }));
    expect(within(item).queryByLabelText('Korrigierter Text')).toBeNull();

    // The same wording is refused by the server, with its reason.
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur vorschlagen' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur senden' }));
    expect((await within(item).findByRole('alert')).textContent).toBe(
      'Das hat nicht geklappt: Die Korrektur ist derselbe Text; dafür „Geprüft“ wählen.',
    );

    fireEvent.change(within(item).getByLabelText('Korrigierter Text'), { target: { value: corrected } });
    // The draft shows in the preview's texts at once (the card tells the section).
    fireEvent.change(within(item).getByLabelText('Anmerkung (warum, für die zweite Person)'), {
      target: { value: 'Klarer so.' },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur senden' }));
    expect((await within(item).findByRole('status')).textContent).toBe(
      'Korrektur gespeichert. Eine zweite Person muss sie bestätigen.',
    );
    const mine = within(item).getByTestId('proposal');
    expect(mine.textContent).toMatch(
      /Ihre Korrektur vom .+ wartet auf die Bestätigung durch eine zweite Person\./,
    );
    expect(mine.textContent).toContain(corrected);
    expect(mine.textContent).toContain('Anmerkung: Klarer so.');
    expect(within(item).queryByRole('button', { name: 'Korrektur bestätigen' })).toBeNull();
    expect(progress()).toContain('1 Korrektur wartet auf Bestätigung');
    view.unmount();

    // The second reviewer sees whose correction it is and confirms it.
    await openAs('tr2');
    section = await showQuestion(question);
    item = card(section, 'Frage');
    expect(within(item).getByTestId('proposal').textContent).toMatch(
      /^Korrektur vorgeschlagen von tr1 am .+ – bitte bestätigen/,
    );
    // A correction of the correction starts from the proposed wording.
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur vorschlagen' }));
    expect((within(item).getByLabelText('Korrigierter Text') as HTMLTextAreaElement).value).toBe(corrected);
    fireEvent.click(within(item).getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur bestätigen' }));
    expect((await within(item).findByRole('status')).textContent).toBe('Als geprüft gespeichert.');
    expect(within(item).getByTestId('current').textContent).toBe(corrected);
    expect(within(item).getByTestId('state').textContent).toMatch(
      /^Geprüft von tr2 am .+ · Korrigierte Fassung \(bestätigt\)$/,
    );
    expect(within(item).queryByTestId('proposal')).toBeNull();
    expect(progress()).not.toContain('wartet auf Bestätigung');
    expect((await stateOf(text.key)).current).toBe(corrected);
  });

  it("plays and approves another person's take, says when one's own waits, and when there is no microphone", async () => {
    const question = recordedQuestions[0] as number;
    const [first, second] = textsOf(question).filter((text) => text.recordingKey);
    if (!first || !second) throw new Error('no two spoken texts');
    await uploadAs('tr2', first.key, 1);
    await uploadAs('tr1', second.key, 2);
    const field = (key: string) =>
      ({ situationText: 'Situation', questionText: 'Frage', answerText: 'Antwort' })[
        turkish.texts.find((text) => text.key === key)?.field ?? ''
      ] as string;

    const played: string[] = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.getAttribute('src') ?? '');
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    await openAs('tr1');
    const section = await showQuestion(question);
    const before = counted(progress());

    const theirs = card(section, field(first.key));
    const recording = within(theirs).getByTestId('recording');
    expect(recording.textContent).toMatch(/Aufgenommen von tr2 am /);
    expect(within(theirs).getByTestId('recording-state').textContent).toBe(
      'Wartet auf Freigabe durch eine zweite Person.',
    );
    // 'Anhören' plays the server's MP3, 'Anhalten' stops it.
    fireEvent.click(within(theirs).getByRole('button', { name: 'Anhören' }));
    await within(theirs).findByRole('button', { name: 'Anhalten' });
    const url = played[0] as string;
    expect(url).toMatch(/^\/api\/sprachen\/recordings\//);
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(Buffer.from(bytes).equals(mp3(1))).toBe(true);
    fireEvent.click(within(theirs).getByRole('button', { name: 'Anhalten' }));
    await within(theirs).findByRole('button', { name: 'Anhören' });

    fireEvent.click(within(theirs).getByRole('button', { name: 'Freigeben' }));
    expect((await within(theirs).findByRole('status')).textContent).toBe('Aufnahme freigegeben.');
    expect(within(theirs).getByTestId('recording-state').textContent).toMatch(
      /^Freigegeben von tr1 am .+: wird auf den Tablets abgespielt\.$/,
    );
    expect(within(theirs).queryByRole('button', { name: 'Freigeben' })).toBeNull();
    expect(counted(progress()).recorded).toBe(before.recorded + 1);
    expect((await stateOf(first.key)).served?.approvedBy).toBe('tr1');

    // One's own take waits for someone else.
    const own = card(section, field(second.key));
    expect(within(own).getByTestId('recording-state').textContent).toBe(
      'Ihre Aufnahme wartet auf die Freigabe durch eine zweite Person.',
    );
    expect(within(own).queryByRole('button', { name: 'Freigeben' })).toBeNull();

    // A player that cannot play says so.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotSupportedError'));
    fireEvent.click(within(own).getByRole('button', { name: 'Anhören' }));
    expect((await within(own).findByRole('alert')).textContent).toBe(
      'Die Aufnahme lässt sich nicht abspielen. Bitte die Seite neu laden.',
    );

    // jsdom has no microphone (navigator.mediaDevices): 'Neu aufnehmen' says what to do.
    fireEvent.click(within(own).getByRole('button', { name: 'Neu aufnehmen' }));
    // The playing's alert is still there until the recorder has failed to start: wait for the new one.
    await waitFor(() =>
      expect(within(own).getByRole('alert').textContent).toMatch(/^Kein Mikrofon erreichbar\./),
    );
    // A text without a take offers 'Aufnehmen': question 1's, which no test here records.
    const untaken = textsOf(1).find((text) => text.recordingKey);
    if (!untaken) throw new Error('question 1 has no spoken text');
    const other = await showQuestion(1);
    expect(within(card(other, field(untaken.key))).getByRole('button', { name: 'Aufnehmen' })).toBeTruthy();
  });

  it("marks a take 'Veraltet' when its text changed, and names the older take the tablets still play", async () => {
    const question = recordedQuestions[1] as number;
    const [first, second] = textsOf(question).filter((text) => text.recordingKey);
    if (!first || !second) throw new Error('no two spoken texts');
    // A take of the first text, then its correction confirmed by a second person: the take is stale.
    await uploadAs('tr2', first.key, 3);
    await asPerson('tr1', 'POST', '/api/sprachen/corrections', {
      language: 'tr',
      key: first.key,
      text: `${first.text} (yeni)`,
      note: '',
    });
    await asPerson('tr2', 'POST', '/api/sprachen/confirm', {
      language: 'tr',
      key: first.key,
      text: `${first.text} (yeni)`,
    });
    // An approved take of the second text, then a new one not approved yet.
    const approved = await uploadAs('tr2', second.key, 4);
    await asPerson('tr1', 'POST', `/api/sprachen/recordings/${approved.recording?.id}/approve`);
    await uploadAs('tr2', second.key, 5);

    await openAs('chef');
    // The Verwaltung chooses among every language.
    const language = (await screen.findByLabelText('Sprache')) as HTMLSelectElement;
    expect([...language.options].map((option) => option.value)).toEqual(
      catalogue.languages.map((candidate) => candidate.code),
    );
    fireEvent.change(language, { target: { value: 'tr' } });
    const section = await showQuestion(question);
    const field = (key: string) =>
      ({ situationText: 'Situation', questionText: 'Frage', answerText: 'Antwort' })[
        turkish.texts.find((text) => text.key === key)?.field ?? ''
      ] as string;
    const stale = card(section, field(first.key));
    const staleState = within(stale).getByTestId('recording-state');
    expect(staleState.textContent).toBe(
      'Veraltet: Der Text hat sich seit der Aufnahme geändert. Bitte neu aufnehmen.',
    );
    expect(staleState.className).toBe('sprachen-stale');
    expect(within(stale).queryByRole('button', { name: 'Freigeben' })).toBeNull();

    const newer = card(section, field(second.key));
    expect(
      within(newer).getByText('Auf den Tablets läuft bis zur Freigabe die ältere Aufnahme von tr2.'),
    ).toBeTruthy();
    expect(within(newer).getByRole('button', { name: 'Freigeben' })).toBeTruthy();
  });

  it('shows Arabic texts right to left, and the correction field too', async () => {
    await openAs('ar1');
    const section = await screen.findByRole('region', { name: 'Frage 1' });
    expect(screen.getByText('Arabisch', { selector: '.sprachen-language' })).toBeTruthy();
    const item = card(section, 'Frage');
    const own = within(item).getByTestId('current');
    expect(own.getAttribute('dir')).toBe('rtl');
    expect(own.getAttribute('lang')).toBe('ar');
    expect(within(item).getByText(/^Text in Arabisch$/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Korrektur vorschlagen' }));
    const editor = within(item).getByLabelText('Korrigierter Text');
    expect(editor.getAttribute('dir')).toBe('rtl');
    // The note is German, for the second person.
    expect(within(item).getByLabelText('Anmerkung (warum, für die zweite Person)').getAttribute('lang')).toBe(
      'de',
    );
  });

  it("shows the server's 403 for a language not the account's as text on the card", async () => {
    // The reviewer of Turkish acts on an Arabic text (as a page left open after the Verwaltung took the
    // language from her would): the server refuses, the card says why and keeps the text as it was.
    server.use(sessions.tr1);
    const arabic = (await asPerson('chef', 'GET', '/api/sprachen/languages')) as SprachenLanguage[];
    const language = arabic.find((candidate) => candidate.code === 'ar') as SprachenLanguage;
    const text = await stateOf('1.questionText', 'ar');
    const changed = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <TextCard
          text={text}
          language={language}
          me={{ name: 'tr1', role: 'sprache', sites: [], mustChangePassword: false }}
          onDraft={() => undefined}
          onChanged={changed}
          onSessionEnded={() => undefined}
        />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Geprüft' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das hat nicht geklappt: Diese Sprache gehört nicht zu diesem Konto.',
    );
    expect(changed).not.toHaveBeenCalled();
    expect((await stateOf('1.questionText', 'ar')).confirmed).toEqual(text.confirmed);
  });

  it('tells a Kita-Leitung the page is not hers, and returns to the login when the session ends', async () => {
    const { view } = await openAs('leitung');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Konnte nicht geladen werden: /);
    view.unmount();

    await openAs('tr2');
    const section = await screen.findByRole('region', { name: 'Frage 1' });
    // Logged out elsewhere: the next action gets a 401 and the page shows the login.
    server.use(undefined);
    await act(async () => {
      fireEvent.click(within(card(section, 'Situation')).getByRole('button', { name: 'Geprüft' }));
    });
    expect(await screen.findByText('Ihre Sitzung wurde beendet. Bitte erneut anmelden.')).toBeTruthy();
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
  });
});
