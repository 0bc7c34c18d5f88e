import 'fake-indexeddb/auto';
import { levels as levelTexts } from 'virtual:zaehltest-levels';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageLabel } from '../content/languages';
import { i18n } from '../i18n';
import { answer, fullRun, USER } from '../results/test-fixtures';
import { unlock } from '../storage/sealed';
import { useStore } from '../store';
import type { AnswerRecord } from '../store/types';
import { ResultScreen } from './result-screen';

// The real store, without the build-time question packs (the results page reads the German
// reference texts and the level descriptions from the compiled content directly).
vi.mock('../store', async () => {
  const { createAppSession } = await import('../store/create-store');
  return createAppSession([]);
});

const SUBMISSION_ID = '3f1c9a52-8b7e-4d21-9c3a-0e6f5b4d2a18';
const fetchMock = vi.fn(async () => new Response('{"id":1}', { status: 201 }));

/**
 * The uploads of one result. The outbox outlives a test (one IndexedDB for the file), so a result
 * an earlier test left sending may still go out during a later one: each test seeds its own
 * submission id and counts only its own uploads.
 */
function uploadsOf(submissionId: string): Array<{ url: string; body: string }> {
  return (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>)
    .map(([url, init]) => ({ url, body: String(init.body) }))
    .filter(({ body }) => (JSON.parse(body) as { submissionId?: string }).submissionId === submissionId);
}

function seed(answers: AnswerRecord[], overrides: Partial<ReturnType<typeof useStore.getState>> = {}) {
  useStore.setState({
    screen: 'result',
    user: USER,
    answers,
    submissionId: crypto.randomUUID(),
    resultQueued: false,
    ...overrides,
  });
}

function renderScreen() {
  return render(
    <I18nextProvider i18n={i18n}>
      <ResultScreen />
    </I18nextProvider>,
  );
}

/** Level 1: 5 of 7 (achieved), level 2: 4 of 7, level 3: 1 of 7; practice 7 and 9 answered. */
const RUN = fullRun([1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 17]).map((record) =>
  record.question.id === 11 ? { ...record, exposureMs: 1500, responseTimeMs: 2400 } : record,
);

// The outbox seals what it stores: the device is unlocked, as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResultScreen', () => {
  it('shows the child, the levels with the assigned level and every answer', async () => {
    seed(RUN);
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Ergebnisse' })).toBeTruthy();
    const details = screen.getByText('Ayşe Yılmaz').closest('dl')!;
    expect(within(details).getByText('Ayşe Yılmaz')).toBeTruthy();
    expect(within(details).getByText('07.03.2019')).toBeTruthy();
    expect(within(details).getByText('Grundschule')).toBeTruthy();
    expect(within(details).getByText('Jahrgang')).toBeTruthy();
    expect(within(details).getByText(languageLabel('tr'))).toBeTruthy();

    const levels = screen.getAllByRole('table')[0]!;
    const levelRows = within(levels)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(levelRows).toEqual([
      'Niveauerreichte PunkteNiveau erreicht',
      '15 von 7✓ja',
      '24 von 7✗nein',
      '31 von 7✗nein',
      'Gesamt10 von 21',
      'Zugeordnetes Niveau2',
    ]);

    const questions = screen.getAllByRole('table')[1]!;
    const rows = within(questions).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(23);
    expect(rows[0]?.className).toBe('is-correct');
    expect(rows[5]?.className).toBe('is-incorrect');
    expect(rows[6]?.className).toBe('is-practice');
    expect(within(rows[6]!).getByText('Beispielfrage')).toBeTruthy();
    expect(within(rows[10]!).getByText('2,4 s · Bild 1500 ms')).toBeTruthy();
    expect(within(rows[0]!).getByText('Frage 1')).toBeTruthy();
    await act(async () => {});
  });

  it('leaves out Jahrgang when it is empty and shows Arabic texts right to left', async () => {
    seed([answer(1, true)], { user: { ...USER, language: 'ar', schoolLevel: '', school: 'Kita' } });
    renderScreen();
    expect(screen.queryByText('Jahrgang')).toBeNull();
    expect(screen.getByText(languageLabel('ar'))).toBeTruthy();
    expect(screen.getByText('Frage 1').closest('[dir]')?.getAttribute('dir')).toBe('rtl');
    await act(async () => {});
  });

  it("shows 'größer 3' when level 3 is achieved, with the Förderhinweise for that case", async () => {
    seed(fullRun([1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21]));
    renderScreen();
    expect(screen.getByTestId('assigned-level').textContent).toBe('größer 3');
    expect(screen.getByRole('heading', { name: 'Förderhinweise: alle drei Niveaus erreicht' })).toBeTruthy();
    // What the screening does not measure (content/levels.yaml, above3).
    expect(screen.getByText(/es misst nicht/)).toBeTruthy();
    await act(async () => {});
  });

  it('tells an unusual profile as it is: level 1 not reached below 2 and 3, its Förderhinweise, no claim of all three', async () => {
    // Level 1: 1 of 7, level 2: 7 of 7, level 3: 5 of 7 (issue 35's child).
    seed(fullRun([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]));
    renderScreen();
    // The rule of docs/product.md §28 is kept: highest achieved level + 1.
    expect(screen.getByTestId('assigned-level').textContent).toBe('größer 3');
    const note = screen.getByTestId('unusual-profile');
    expect(note.textContent).toContain(
      'Niveau 1 nicht erreicht, obwohl Niveau 2 und 3 erreicht: ungewöhnliches Profil.',
    );
    expect(note.textContent).toMatch(/Was es bedeuten kann: .*Was zu tun ist: /);
    expect(
      screen.getByRole('heading', {
        name: `Förderhinweise für Niveau 1 (nicht erreicht): ${levelTexts['1'].title}`,
      }),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: /^Förderhinweise/ })).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/alle drei Niveaus erreicht/i);
    await act(async () => {});
  });

  it('gives the Förderhinweise of every level not reached when a level between is missing', async () => {
    // Level 1: 6 of 7, level 2: 2 of 7, level 3: 5 of 7 → assigned 'größer 3', levels 2 not reached.
    seed(fullRun([1, 2, 3, 4, 5, 6, 10, 11, 17, 18, 19, 20, 21]));
    renderScreen();
    expect(screen.getByTestId('unusual-profile').textContent).toContain(
      'Niveau 2 nicht erreicht, obwohl Niveau 3 erreicht',
    );
    expect(screen.getAllByRole('heading', { name: /^Förderhinweise/ }).map((h) => h.textContent)).toEqual([
      `Förderhinweise für Niveau 2 (nicht erreicht): ${levelTexts['2'].title}`,
    ]);
    await act(async () => {});
  });

  it('has no unusual-profile note for an ordinary profile', async () => {
    seed(RUN);
    renderScreen();
    expect(screen.queryByTestId('unusual-profile')).toBeNull();
    await act(async () => {});
  });

  it("sums up the sitting: sound, 'keine Antwort', re-shown pictures, interruptions and replays", async () => {
    const spoken = { source: 'synthesis' as const, replays: 0 };
    seed(
      fullRun([1, 2, 3, 4, 5]).map((record): AnswerRecord => {
        const id = record.question.id;
        if (id === 3 || id === 14) return { ...record, noAnswer: true, prompt: spoken };
        if (id === 11) return { ...record, exposureMs: 1500, exposuresMs: [1500, 1502], prompt: spoken };
        if (id === 12) return { ...record, interrupted: true, prompt: spoken };
        if (id === 2) return { ...record, prompt: { source: 'none', replays: 0 } };
        if (id === 5) return { ...record, prompt: { source: 'synthesis', replays: 2 } };
        return { ...record, prompt: spoken };
      }),
    );
    renderScreen();
    const sitting = screen.getByTestId('sitting');
    const line = (key: string) => sitting.querySelector(`[data-key="${key}"]`)?.textContent;
    expect(line('sound')).toBe('Tonteilweise ohne Ton: bei 1 von 23 Aufgaben nichts vorgelesen');
    expect(line('noAnswer')).toBe('Keine Antwort2 (Nr. 3, 14)');
    expect(line('reshown')).toBe('Bild nochmal gezeigt1 (Nr. 11)');
    expect(line('interrupted')).toBe('Unterbrochen1 (Nr. 12)');
    expect(line('replays')).toBe('Nochmal vorgelesen2× (Nr. 5)');
    // The row of question 11 says that its picture was shown twice.
    const rows = within(screen.getAllByRole('table')[1]!).getAllByRole('row').slice(1);
    expect(rows[10]!.querySelector('.result-timing')?.textContent).toBe(
      '2,4 s · Bild 1500 + 1502 ms · Bild nochmal gezeigt · Ton: Gerätestimme',
    );
    await act(async () => {});
  });

  it('says a test had sound throughout, and nothing to count where nothing happened', async () => {
    seed(fullRun([1]).map((record) => ({ ...record, prompt: { source: 'recording', replays: 0 } })));
    renderScreen();
    const sitting = screen.getByTestId('sitting');
    expect(sitting.querySelector('[data-key="sound"] dd')?.textContent).toBe(
      'mit Ton: jede Aufgabe vorgelesen (Aufnahme)',
    );
    for (const key of ['noAnswer', 'reshown', 'interrupted', 'replays']) {
      expect(sitting.querySelector(`[data-key="${key}"] dd`)?.textContent, key).toBe('keine');
    }
    await act(async () => {});
  });

  it('shows the Einrichtungskennung of the device among the details', async () => {
    localStorage.setItem('zaehltest-site', 'KITA-017');
    try {
      seed(RUN);
      renderScreen();
      expect(screen.getByTestId('result-site').textContent).toBe('KITA-017');
      expect(screen.getByTestId('result-site').previousElementSibling?.textContent).toBe(
        'Einrichtungskennung',
      );
    } finally {
      localStorage.removeItem('zaehltest-site');
    }
    await act(async () => {});
  });

  it('explains the levels, says it is a screening and reads the answers out in German', async () => {
    seed([
      answer(1, true, {
        question: {
          id: 1,
          level: 1,
          answerType: 'CountAndForgotten',
          currentTexts: { situationText: 's', questionText: 'q' },
        },
        givenAnswer: '0',
      }),
      answer(7, true, {
        question: {
          id: 7,
          level: 0,
          answerType: 'MoveDotsExample',
          currentTexts: { situationText: 's7', questionText: 'q7' },
        },
        givenAnswer: '3',
        tries: 2,
      } as Partial<AnswerRecord>),
      answer(10, false, {
        question: {
          id: 10,
          level: 2,
          answerType: 'ImageCompare',
          currentTexts: { situationText: 's10', questionText: 'q10' },
        },
        givenAnswer: '1',
        exposureMs: 1502.4,
        interrupted: true,
      } as Partial<AnswerRecord>),
    ]);
    renderScreen();
    expect(
      screen.getByText(/mindestens 65 % der Fragen dieses Niveaus richtig beantwortet \(5 von 7\)/),
    ).toBeTruthy();
    expect(screen.getByText(/das nächste nach dem höchsten erreichten Niveau/)).toBeTruthy();
    expect(screen.getByText(/ein Screening, keine Diagnose/)).toBeTruthy();
    expect(
      screen.getByRole('heading', {
        name: 'Förderhinweise für Niveau 2: Zahlen ordnen und vergleichen (ordinaler Zahlenstrahl)',
      }),
    ).toBeTruthy();
    const rows = within(screen.getAllByRole('table')[1]!).getAllByRole('row').slice(1);
    expect(rows[0]!.querySelector('.result-given')?.textContent).toBe('Ja');
    expect(rows[0]!.querySelector('.result-german')?.textContent).toMatch(/^Deutsch: Hör gut zu\./);
    expect(rows[1]!.querySelector('.result-given')?.textContent).toBe('3 Punkte gelegt');
    expect(rows[1]!.querySelector('.result-timing')?.textContent).toBe('2,4 s · 2 Versuche');
    expect(rows[2]!.querySelector('.result-given')?.textContent).toBe('Nein');
    expect(rows[2]!.querySelector('.result-timing')?.textContent).toBe('2,4 s · Bild 1502 ms · unterbrochen');
    await act(async () => {});
  });

  it("reads a practice ended with 'Weiter' as its tries, skipped, grey and not scored", async () => {
    seed([
      answer(9, false, {
        question: {
          id: 9,
          level: 0,
          answerType: 'TimerImageExample',
          currentTexts: { situationText: 's9', questionText: 'q9' },
        },
        givenAnswer: '0',
        entry: { kind: 'yes' },
        tries: 2,
        skipped: true,
      }),
    ]);
    renderScreen();
    const [row] = within(screen.getAllByRole('table')[1]!).getAllByRole('row').slice(1);
    expect(row!.querySelector('.result-given')?.textContent).toBe('Ja');
    expect(row!.querySelector('.result-timing')?.textContent).toBe('2,4 s · 2 Versuche, übersprungen');
    expect(row!.textContent).toContain('Beispielfrage');
    expect(row!.querySelector('.result-points [title="nicht gewertet"]')?.textContent).toBe('–');
    await act(async () => {});
  });

  it('sends the result once, without the name, and says so', async () => {
    seed(RUN, { submissionId: SUBMISSION_ID });
    renderScreen();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ergebnis gesendet.'));
    const uploads = uploadsOf(SUBMISSION_ID);
    expect(uploads).toHaveLength(1);
    const [{ url, body: sent }] = uploads as [{ url: string; body: string }];
    expect(url).toBe('/api/results');
    const body = JSON.parse(sent);
    expect(body).toMatchObject({
      submissionId: SUBMISSION_ID,
      language: '2',
      question1: true,
      question6: false,
    });
    expect(sent).not.toContain('Ayşe');
    expect(useStore.getState().resultQueued).toBe(true);
  });

  it('does not send again when the page is opened again after a reload', async () => {
    const submissionId = '9a0e2c71-55b3-4f0d-8e6a-1b2c3d4e5f60';
    seed(RUN, { submissionId, resultQueued: true });
    renderScreen();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Ergebnis gesendet.'));
    expect(uploadsOf(submissionId)).toEqual([]);
  });

  it('tells the operator when the result waits on the device', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    seed(RUN, { submissionId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' });
    renderScreen();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/auf diesem Gerät gespeichert/),
    );
  });

  it('warns to keep the page open when the device refuses to store the result', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    seed(RUN, { submissionId: '5d6e7f80-9a1b-4c2d-8e3f-405162738495' });
    renderScreen();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Seite geöffnet lassen/));
    // Not marked as queued: after a reload the session enqueues it again.
    expect(useStore.getState().resultQueued).toBe(false);
    add.mockRestore();
    vi.mocked(console.error).mockRestore();
  });

  it("'Zurück zum Start' asks while the PDF is not saved, then ends the session", async () => {
    seed(RUN, { resultQueued: true, pdfSaved: false });
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Zurück zum Start' }));
    const dialog = screen.getByRole('alertdialog', { name: 'PDF noch nicht gespeichert' });
    // A child of 'Nicht speichern' (no child code): nothing of it stays; the result without the name does.
    expect(within(dialog).getByText(/^Das Kind wurde nicht gespeichert/)).toBeTruthy();
    expect(within(dialog).getByText(/^Das Ergebnis ohne Namen/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hier bleiben' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useStore.getState().screen).toBe('result');
    fireEvent.click(screen.getByRole('button', { name: 'Zurück zum Start' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trotzdem zurück zum Start' }));
    const state = useStore.getState();
    expect(state.screen).toBe('access');
    expect(state.answers).toEqual([]);
    expect(state.user.name).toBe('');
    await act(async () => {});
  });

  it("'Zurück zum Start' ends the session at once once the PDF is saved", async () => {
    seed(RUN, { resultQueued: true, pdfSaved: true });
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Zurück zum Start' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useStore.getState().screen).toBe('access');
    await act(async () => {});
  });

  it('clears a results page left open 12 hours after the test, keeping nothing of the child', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
      const finished = RUN.map((record) => ({ ...record, answeredAt: '2026-03-02T10:00:00.000Z' }));
      seed(finished, { resultQueued: true });
      renderScreen();
      act(() => vi.advanceTimersByTime(11 * 60 * 60 * 1000));
      expect(useStore.getState().screen).toBe('result');
      act(() => vi.advanceTimersByTime(60 * 60 * 1000));
      expect(useStore.getState()).toMatchObject({ screen: 'access', answers: [] });
      expect(useStore.getState().user.name).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("ResultScreen of a test ended with 'Test beenden' (docs/product.md §38)", () => {
  it('says after which question and why, marks the questions not reached, assigns no level and sends it marked', async () => {
    const submissionId = crypto.randomUUID();
    seed(RUN.slice(0, 9), { submissionId, endedEarly: { reason: 'unwell', lastQuestion: 10 } });
    renderScreen();
    expect(screen.getByTestId('ended-early').textContent).toBe(
      'Vorzeitig beendet nach Frage 10 von 23: Kind ist müde oder unwohl' +
        'Die gegebenen Antworten sind unten aufgeführt; Fragen, die nicht mehr gestellt wurden, sind als „nicht bearbeitet“ markiert und zählen nicht als falsch. Es wird kein Niveau zugeordnet. Punkte stehen nur bei Niveaus, deren sieben Fragen alle beantwortet wurden.',
    );
    const levelRows = within(screen.getAllByRole('table')[0]!)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(levelRows).toEqual([
      'Niveauerreichte PunkteNiveau erreicht',
      '15 von 7✓ja',
      '2nicht vollständig bearbeitet–',
      '3nicht vollständig bearbeitet–',
      'Gesamt5 von 7',
      'Zugeordnetes Niveaukeines (Test vorzeitig beendet)',
    ]);
    const rows = within(screen.getAllByRole('table')[1]!).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.className)).toEqual([
      ...RUN.slice(0, 9).map((record) =>
        record.question.level === 0 ? 'is-practice' : record.correct ? 'is-correct' : 'is-incorrect',
      ),
      ...Array(14).fill('is-not-reached'),
    ]);
    expect(within(rows[9]!).getAllByText('nicht bearbeitet').length).toBeGreaterThan(0);
    expect(within(rows[9]!).queryByText('✗')).toBeNull();
    expect(screen.getByTestId('sitting').textContent).toContain(
      'Vorzeitig beendetnach Frage 10 von 23: Kind ist müde oder unwohl',
    );
    // No Förderhinweise: no level was assigned.
    expect(document.querySelector('.result-activities')).toBeNull();
    await waitFor(() => expect(uploadsOf(submissionId)).toHaveLength(1));
    const sent = JSON.parse(uploadsOf(submissionId)[0]!.body);
    expect(sent).toMatchObject({
      endedEarly: { reason: 'unwell', lastQuestion: 10 },
      question1: true,
      question6: false,
      question10: null,
      question23: null,
    });
  });
});
