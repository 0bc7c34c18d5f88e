import 'fake-indexeddb/auto';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childrenRepository } from '../children/repository';
import { child } from '../children/test-fixtures';
import { i18n } from '../i18n';
import { SITE_STORAGE_KEY } from '../settings/site';
import { makeBackupFile } from '../storage/backup';
import { LAST_BACKUP_KEY } from '../storage/device-status';
import { unlock } from '../storage/sealed';
import { BackupPanel, restoreMessage } from './backup-panel';
import { SiteSetting } from './site-setting';

beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

afterEach(() => localStorage.clear());

/** The details screen's parts that a restore changes: the Einrichtungskennung and the backup panel. */
function renderPanel() {
  render(
    <I18nextProvider i18n={i18n}>
      <SiteSetting />
      <BackupPanel />
    </I18nextProvider>,
  );
}

/** Chooses the file, types the passphrase and restores, as the educator does. */
async function restore(bytes: Uint8Array): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: 'Sicherung laden' }));
  fireEvent.change(screen.getByLabelText('Sicherungsdatei'), {
    target: { files: [new File([bytes as BlobPart], 'zaehltest-sicherung-12.10.2026.zts')] },
  });
  fireEvent.change(screen.getByLabelText('Passwort der Sicherung:'), { target: { value: 'zaehltest' } });
  fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellen' }));
  const message = await screen.findByText(/^Sicherung geladen/);
  return message.textContent ?? '';
}

describe('the backup panel', () => {
  it('brings the Einrichtungskennung back with a restore, says so, and shows the backup’s day as TT.MM.JJJJ', async () => {
    await childrenRepository().saveChild(child({ code: 'K7M3QX', name: 'Mara Popescu' }));
    localStorage.setItem(SITE_STORAGE_KEY, 'KITA-017');
    const { bytes } = await makeBackupFile(undefined, new Date(2026, 2, 5, 10, 0));
    // As on a device without its settings: no Einrichtungskennung, no backup noted.
    localStorage.clear();
    renderPanel();
    expect(screen.getByText('Keine Einrichtungskennung gesetzt')).toBeTruthy();
    expect(screen.getByText('Noch keine Sicherung auf diesem Gerät.')).toBeTruthy();

    expect(await restore(bytes)).toMatch(/Einrichtungskennung aus der Sicherung übernommen: KITA-017\.$/);
    expect(localStorage.getItem(SITE_STORAGE_KEY)).toBe('KITA-017');
    expect(screen.getByText('Einrichtungskennung: KITA-017')).toBeTruthy();
    // The device held nothing else: the loaded file is its last backup, written TT.MM.JJJJ.
    expect(localStorage.getItem(LAST_BACKUP_KEY)).toBe(new Date(2026, 2, 5, 10, 0).toISOString());
    expect(screen.getByText('Letzte Sicherung: 05.03.2026')).toBeTruthy();
  });
});

describe('a refused backup', () => {
  it('says why in German: a plain file, and a file dated in the future', async () => {
    renderPanel();
    const plain = { magic: 'zaehltest-sealed-file', format: 1, data: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Sicherung laden' }));
    const choose = (bytes: Uint8Array) => {
      fireEvent.change(screen.getByLabelText('Sicherungsdatei'), {
        target: { files: [new File([bytes as BlobPart], 'zaehltest-sicherung.zts')] },
      });
      fireEvent.change(screen.getByLabelText('Passwort der Sicherung:'), { target: { value: 'zaehltest' } });
      fireEvent.click(screen.getByRole('button', { name: 'Wiederherstellen' }));
    };
    choose(new TextEncoder().encode(JSON.stringify(plain)));
    expect(await screen.findByText(/^Die Datei ist nicht mit einem Passwort verschlüsselt\./)).toBeTruthy();
    await childrenRepository().saveChild(
      child({ code: 'P4W9ZT', name: 'Zeynep', updatedAt: '2099-01-01T00:00:00.000Z' }),
    );
    choose((await makeBackupFile()).bytes);
    expect(await screen.findByText(/mit einem Datum in der Zukunft/)).toBeTruthy();
    await childrenRepository().deleteChild('P4W9ZT');
  });
});

describe('the message after a restore', () => {
  const t = i18n.t;
  const counts = { children: 2, results: 3, unsent: 1 };

  it('says what is new and what became of the Einrichtungskennung', () => {
    expect(restoreMessage({ ...counts, site: { kind: 'unchanged' } }, t)).toBe(
      'Sicherung geladen. Neu auf diesem Gerät – Kinder: 2, Ergebnisse: 3, nicht gesendete Ergebnisse: 1. Was schon da war, wurde nicht doppelt angelegt.',
    );
    expect(restoreMessage({ ...counts, site: { kind: 'missing' } }, t)).toMatch(
      /Die Sicherung enthält keine Einrichtungskennung, und auf diesem Gerät ist keine gesetzt\. Bitte stellen Sie sie oben unter „Keine Einrichtungskennung gesetzt“ ein/,
    );
    expect(
      restoreMessage({ ...counts, site: { kind: 'kept', site: 'KITA-020', inBackup: 'KITA-017' } }, t),
    ).toMatch(/von der Einrichtungskennung KITA-017; dieses Gerät behält seine eigene \(KITA-020\)/);
    expect(restoreMessage({ ...counts, site: { kind: 'not-saved', inBackup: 'KITA-017' } }, t)).toMatch(
      /\(KITA-017\) konnte auf diesem Gerät nicht gespeichert werden/,
    );
  });

  it('counts a restored Einrichtungskennung as a change', () => {
    const none = { children: 0, results: 0, unsent: 0 };
    expect(restoreMessage({ ...none, site: { kind: 'unchanged' } }, t)).toBe(
      'Sicherung geladen: Alles darin war auf diesem Gerät schon vorhanden. Nichts wurde geändert.',
    );
    expect(restoreMessage({ ...none, site: { kind: 'restored', site: 'KITA-017' } }, t)).toBe(
      'Sicherung geladen. Neu auf diesem Gerät – Kinder: 0, Ergebnisse: 0, nicht gesendete Ergebnisse: 0. Was schon da war, wurde nicht doppelt angelegt. Einrichtungskennung aus der Sicherung übernommen: KITA-017.',
    );
  });
});
