import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openChildrenDb } from '../children/db';
import { childrenRepository } from '../children/repository';
import { child, result } from '../children/test-fixtures';
import { childLanguages, defaultChildLanguage, isDraftLanguage, languageLabel } from '../content/languages';
import { CHILD_CODE_PATTERN } from '../domain/facts';
import { i18n } from '../i18n';
import { unlock } from '../storage/sealed';
import { useStore } from '../store';
import { DEFAULT_USER } from '../store/slices';
import { UserDataScreen } from './user-data-screen';

// Children are sealed under the device's key: unlocked, as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

vi.mock('../store', async () => {
  const { createAppSession } = await import('../store/create-store');
  return createAppSession([]);
});

const AYSE = child({ code: 'K7M3QX', name: 'Ayşe Yılmaz', birthDate: '2020-03-07', language: 'tr' });
const OMAR = child({
  code: 'ABCDEF',
  name: 'Omar Haddad',
  birthDate: '2021-09-12',
  language: 'ar',
  school: 'Grundschule',
  schoolLevel: '1',
});

async function seed() {
  const db = await openChildrenDb();
  await db.clear('children');
  await db.clear('results');
  db.close();
  const repository = childrenRepository();
  await repository.saveChild(AYSE);
  await repository.saveChild(OMAR);
  await repository.addResult(result('K7M3QX', '2025-10-14', [4, 1, 0]));
}

function renderScreen() {
  useStore.setState({ screen: 'userdata', user: DEFAULT_USER });
  return render(
    <I18nextProvider i18n={i18n}>
      <UserDataScreen />
    </I18nextProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(seed);

describe('the children of this device on the details screen', () => {
  it('lists each child with birth date, language and last test, and finds them by name or code', async () => {
    renderScreen();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Ayşe Yılmaz07.03.2020 · ${languageLabel('tr')} · Letzter Test: 14.10.2025Kind auswählen`,
      `Omar Haddad12.09.2021 · ${languageLabel('ar')} · Letzter Test: noch nicht getestetKind auswählen`,
    ]);
    fireEvent.change(field('Kind suchen'), { target: { value: 'omar' } });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(field('Kind suchen'), { target: { value: 'k7m' } });
    expect(within(list).getByText('Ayşe Yılmaz')).toBeTruthy();
    fireEvent.change(field('Kind suchen'), { target: { value: 'Zeynep' } });
    expect(screen.getByText('Kein Kind passt zu „Zeynep“.')).toBeTruthy();
  });

  it("'Kind auswählen' fills the form; 'Test beginnen' updates that child and tests with its code", async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Kind auswählen: Omar Haddad' }));
    expect(field('Name').value).toBe('Omar Haddad');
    expect(field('Geburtsdatum').value).toBe('12.09.2021');
    expect((screen.getByRole('radio', { name: 'Grundschule' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Jahrgang') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('Sprache') as HTMLSelectElement).value).toBe('ar');
    expect(screen.getByTestId('child-code').textContent).toBe('Kind-Code: ABCDEF');
    fireEvent.change(field('Name'), { target: { value: 'Omar H.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test beginnen' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    expect(useStore.getState().user).toMatchObject({ name: 'Omar H.', childCode: 'ABCDEF', language: 'ar' });
    const saved = await childrenRepository().getChild('ABCDEF');
    expect(saved?.name).toBe('Omar H.');
    expect(saved?.createdAt).toBe(OMAR.createdAt);
    expect(await childrenRepository().listChildren()).toHaveLength(2);
  });

  it("'Neues Kind' empties the form; 'Test beginnen' adds the child with a new random code", async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Kind auswählen: Ayşe Yılmaz' }));
    fireEvent.click(screen.getByRole('button', { name: 'Neues Kind' }));
    expect(field('Name').value).toBe('');
    expect(screen.getByTestId('child-code').textContent).toBe(
      'Das Kind bekommt bei „Test beginnen“ einen Kind-Code.',
    );
    fireEvent.change(field('Name'), { target: { value: 'Zeynep Kaya' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test beginnen' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    const code = useStore.getState().user.childCode!;
    expect(code).toMatch(new RegExp(CHILD_CODE_PATTERN));
    expect(['K7M3QX', 'ABCDEF']).not.toContain(code);
    expect((await childrenRepository().getChild(code))?.name).toBe('Zeynep Kaya');
  });

  it('a child whose language was left as the form showed it is tested in the pack marked default: true', async () => {
    renderScreen();
    await screen.findByRole('button', { name: 'Kind auswählen: Ayşe Yılmaz' });
    expect(field('Sprache').value).toBe(defaultChildLanguage);
    fireEvent.change(field('Name'), { target: { value: 'Zeynep Kaya' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test beginnen' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    expect(useStore.getState().user.language).toBe(defaultChildLanguage);
  });

  it("'Nicht speichern' starts the test without keeping the child or giving it a code", async () => {
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Kind auswählen: Ayşe Yılmaz' }));
    fireEvent.change(field('Name'), { target: { value: 'Nur heute' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nicht speichern' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    expect(useStore.getState().user.name).toBe('Nur heute');
    expect(useStore.getState().user.childCode).toBeUndefined();
    expect((await childrenRepository().listChildren()).map((c) => c.name).sort()).toEqual([
      'Ayşe Yılmaz',
      'Omar Haddad',
    ]);
  });

  it("'Kind mit Code übernehmen' refuses a malformed code in German and links a new test to a known one", async () => {
    renderScreen();
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Kind mit Code übernehmen' }));
    const input = field('Kind-Code von einem anderen Gerät');
    fireEvent.change(input, { target: { value: 'K0M3QX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(screen.getByRole('alert').textContent).toContain('nur die Ziffern 2–9 und Großbuchstaben');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: 'k7m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(screen.getByRole('alert').textContent).toBe('Ein Kind-Code hat genau 6 Zeichen, z. B. K7M3QX.');
    fireEvent.change(input, { target: { value: 'p4w 9zt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(screen.getByTestId('child-code').textContent).toBe(
      'Kind-Code: P4W9ZT (von einem anderen Gerät übernommen)',
    );
    fireEvent.change(field('Name'), { target: { value: 'Elif' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test beginnen' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    expect(useStore.getState().user.childCode).toBe('P4W9ZT');
    expect((await childrenRepository().getChild('P4W9ZT'))?.name).toBe('Elif');
  });

  it('a code of a child already on the device selects that child', async () => {
    renderScreen();
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Kind mit Code übernehmen' }));
    fireEvent.change(field('Kind-Code von einem anderen Gerät'), { target: { value: 'ABCDEF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(
      screen
        .getAllByRole('status')
        .some(
          (status) =>
            status.textContent === 'Dieses Kind ist schon auf diesem Gerät und ist jetzt ausgewählt.',
        ),
    ).toBe(true);
    expect(field('Name').value).toBe('Omar Haddad');
  });

  it("'Kind hinzufügen' saves a child with a new code without a test, and stays open for the next", async () => {
    renderScreen();
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Kind hinzufügen' }));
    const form = within(screen.getByRole('form', { name: 'Kind hinzufügen' }));
    // A name is needed: a child without one could not be found in the list again.
    fireEvent.click(form.getByRole('button', { name: 'Kind speichern' }));
    expect(form.getByRole('alert').textContent).toMatch(/^Bitte einen Namen eingeben/);
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Elif Şahin' } });
    fireEvent.change(form.getByLabelText('Geburtsdatum'), { target: { value: '31.02.2020' } });
    fireEvent.click(form.getByRole('button', { name: 'Kind speichern' }));
    expect(form.getByRole('alert').textContent).toBe(
      'Dieses Datum gibt es nicht. Bitte Tag, Monat und Jahr prüfen.',
    );
    fireEvent.change(form.getByLabelText('Geburtsdatum'), { target: { value: '4.5.2020' } });
    fireEvent.click(form.getByRole('radio', { name: 'Grundschule' }));
    fireEvent.change(form.getByLabelText('Jahrgang'), { target: { value: '1' } });
    fireEvent.change(form.getByLabelText('Sprache'), { target: { value: 'ro' } });
    fireEvent.click(form.getByRole('button', { name: 'Kind speichern' }));

    const done = await form.findByText(/^„Elif Şahin“ ist auf diesem Gerät gespeichert/);
    const code = /Kind-Code ([^)]+)\)/.exec(done.textContent ?? '')?.[1] ?? '';
    expect(code).toMatch(new RegExp(CHILD_CODE_PATTERN));
    expect(done.textContent).toContain('Es wurde kein Test begonnen.');
    expect(await childrenRepository().getChild(code)).toMatchObject({
      name: 'Elif Şahin',
      birthDate: '2020-05-04',
      school: 'Grundschule',
      schoolLevel: '1',
      language: 'ro',
    });
    // Listed at once, untested; no test started and the details form untouched.
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain(
        `Elif Şahin04.05.2020 · ${languageLabel('ro')} · Letzter Test: noch nicht getestetKind auswählen`,
      ),
    );
    expect(useStore.getState().screen).toBe('userdata');
    expect(useStore.getState().user).toEqual(DEFAULT_USER);
    // Ready for the next child of the group: name and date empty, Einrichtung and Sprache kept.
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText('Geburtsdatum') as HTMLInputElement).value).toBe('');
    expect((form.getByRole('radio', { name: 'Grundschule' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('Sprache') as HTMLSelectElement).value).toBe('ro');
    fireEvent.click(form.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('form', { name: 'Kind hinzufügen' })).toBeNull();
  });

  it("'Kind hinzufügen' asks 'Alter prüfen' for an age outside 3 to 11 years before it saves", async () => {
    renderScreen();
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('button', { name: 'Kind hinzufügen' }));
    const form = within(screen.getByRole('form', { name: 'Kind hinzufügen' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Baby' } });
    fireEvent.change(form.getByLabelText('Geburtsdatum'), { target: { value: '01.01.2000' } });
    fireEvent.click(form.getByRole('button', { name: 'Kind speichern' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Alter prüfen' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Datum korrigieren' }));
    expect((await childrenRepository().listChildren()).map((c) => c.name)).not.toContain('Baby');
    fireEvent.click(form.getByRole('button', { name: 'Kind speichern' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Alter prüfen' })).getByRole('button', {
        name: 'Ja, richtig',
      }),
    );
    await form.findByText(/^„Baby“ ist auf diesem Gerät gespeichert/);
    expect((await childrenRepository().listChildren()).find((c) => c.name === 'Baby')?.birthDate).toBe(
      '2000-01-01',
    );
  });

  it('explains „(Entwurf)“ under the language list and the children while a language is a draft', async () => {
    renderScreen();
    await screen.findByRole('list');
    const note =
      '„(Entwurf)“ hinter einer Sprache: Ihre Texte sind noch nicht alle von Muttersprachlern geprüft; Ergebnisse in dieser Sprache werden so markiert.';
    // The packs decide which languages are drafts; under the list and under 'Sprache' while any is.
    const anyDraft = childLanguages.some((code) => isDraftLanguage(code));
    expect(screen.queryAllByText(note)).toHaveLength(anyDraft ? 2 : 0);
    const described = screen.getByLabelText('Sprache').getAttribute('aria-describedby');
    expect(described ? document.getElementById(described)?.textContent : null).toBe(anyDraft ? note : null);
  });

  it("'Gruppenübersicht' opens the overview", async () => {
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Gruppenübersicht' }));
    expect(useStore.getState().screen).toBe('overview');
  });
});
