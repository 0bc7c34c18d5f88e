import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openChildrenDb } from '../children/db';
import { childrenRepository } from '../children/repository';
import { child } from '../children/test-fixtures';
import { CHILD_CODE_ALPHABET, CHILD_CODE_LENGTH } from '../domain/facts';
import { i18n } from '../i18n';
import { unlock } from '../storage/sealed';
import { useStore } from '../store';
import { DEFAULT_USER } from '../store/slices';
import { UserDataScreen } from './user-data-screen';

// A tablet never gives one code to two children (docs/product.md, child code).

// Children are sealed under the device's key: unlocked, as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

vi.mock('../store', async () => {
  const { createAppSession } = await import('../store/create-store');
  return createAppSession([]);
});

const AYSE = child({ code: 'K7M3QX', name: 'Ayşe Yılmaz', birthDate: '2020-03-07', language: 'tr' });

beforeEach(async () => {
  const db = await openChildrenDb();
  await db.clear('children');
  await db.clear('results');
  db.close();
  await childrenRepository().saveChild(AYSE);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Makes the device's random source draw these child codes next: only requests of a code's length
 * are answered from them (sealing draws its 12-byte nonces as before).
 */
function nextCodesDrawn(...codes: string[]) {
  const bytes = codes.flatMap((code) => [...code].map((char) => CHILD_CODE_ALPHABET.indexOf(char)));
  const original = crypto.getRandomValues.bind(crypto);
  vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
    if (array instanceof Uint8Array && array.length === CHILD_CODE_LENGTH && bytes.length) {
      array.set(bytes.splice(0, CHILD_CODE_LENGTH));
      return array;
    }
    return original(array);
  });
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

describe('child codes on the details screen', () => {
  it("a new child never gets the code of a child of the device: 'Test beginnen' draws again", async () => {
    renderScreen();
    await screen.findByRole('list');
    nextCodesDrawn('K7M3QX', 'P4W9ZT');
    fireEvent.change(field('Name'), { target: { value: 'Elif Demir' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test beginnen' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    expect(useStore.getState().user).toMatchObject({ name: 'Elif Demir', childCode: 'P4W9ZT' });
    expect(await childrenRepository().getChild('K7M3QX')).toEqual(AYSE);
    expect((await childrenRepository().getChild('P4W9ZT'))?.name).toBe('Elif Demir');
    expect(await childrenRepository().listChildren()).toHaveLength(2);
  });

  it("a code typed with 'Kind mit Code übernehmen' that the device has goes to that child, not over it", async () => {
    renderScreen();
    await screen.findByRole('list');
    // Saved after this screen read its list (in another tab of the device): the list does not show it.
    const zeynep = child({ code: 'GHJKMN', name: 'Zeynep Kaya', birthDate: '2021-11-30', language: 'uk' });
    await childrenRepository().saveChild(zeynep);
    fireEvent.click(screen.getByRole('button', { name: 'Kind mit Code übernehmen' }));
    fireEvent.change(field('Kind-Code von einem anderen Gerät'), { target: { value: 'ghjkmn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    fireEvent.change(field('Name'), { target: { value: 'Elif Demir' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test beginnen' }));
    await waitFor(() => expect(useStore.getState().screen).toBe('startscreen'));
    // The test is that child's, with its details; the child stays as it was.
    expect(useStore.getState().user).toMatchObject({
      name: 'Zeynep Kaya',
      birthdate: '2021-11-30',
      language: 'uk',
      childCode: 'GHJKMN',
    });
    expect(await childrenRepository().getChild('GHJKMN')).toEqual(zeynep);
    expect(await childrenRepository().listChildren()).toHaveLength(2);
  });
});
