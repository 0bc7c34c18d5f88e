import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { answerDetailSchema, resultPayloadSchema } from '../../schemas/result-payload.ts';
import { MIN_PASSWORD_LENGTH, ROLE_LABELS, ROLES } from '../../schemas/verwaltung-api.ts';
import { writeDatenschutz } from '../../scripts/datenschutz/datenschutz.ts';
import { CHILD_CODE_LENGTH, DEVICE_RETENTION_MONTHS, FINISHED_SESSION_TTL_MS } from '../../src/contract.ts';
import { PROTOKOLL_KIND_LABELS } from '../auswertung/protokoll-routes.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, oneTimePassword } from '../auth/passwords.ts';
import { PROTOKOLL_KINDS } from '../db/protokoll.ts';
import { ACCESS_FACTS, DEVICE_FACTS } from './documents.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The documents written for these settings, by file name. */
function written(env: NodeJS.ProcessEnv): Record<string, string> {
  const folder = mkdtempSync(join(tmpdir(), 'zaehltest-datenschutz-'));
  folders.push(folder);
  writeDatenschutz(folder, env, new Date(2026, 10, 29));
  return Object.fromEntries(
    readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );
}

const ART30 = '01-verzeichnis-verarbeitungstaetigkeiten.md';
const TOM = '02-technische-organisatorische-massnahmen.md';
const LOESCHKONZEPT = '03-loeschkonzept.md';
const DSFA = '04-hinweise-datenschutz-folgenabschaetzung.md';
const AVV = '05-checkliste-auftragsverarbeitung.md';

/** The field names in the first column of the table under `heading` in a written document. */
function listedFields(text: string, heading: string): string[] {
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const section = text.slice(start + heading.length + 2).split(/\n#/)[0] as string;
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) =>
      [...(line.split(' | ')[0] as string).matchAll(/`([^`]+)`/g)].map((match) => match[1] as string),
    );
}

const ROOT = join(import.meta.dirname, '../..');
/** EXPORT_TOKEN as the server accepts it (at least 32 characters). */
const TOKEN = 'ein-langes-geheimnis-0123456789abcdef';

const POSTGRES = 'postgres://zaehltest:geheimes-passwort@127.0.0.1:5432/zaehltest?sslmode=disable';

describe('the Datenschutz-Unterlagen', () => {
  it("state the device's periods and code length as the app keeps them", () => {
    expect(DEVICE_FACTS).toEqual({
      retentionMonths: DEVICE_RETENTION_MONTHS,
      finishedSessionHours: FINISHED_SESSION_TTL_MS / 3_600_000,
      childCodeLength: CHILD_CODE_LENGTH,
    });
  });

  it('are five German files, each opening as a draft for the data-protection officer', () => {
    const documents = written({ DATA_DIR: '/var/lib/zaehltest' });
    expect(Object.keys(documents).sort()).toEqual([ART30, TOM, LOESCHKONZEPT, DSFA, AVV]);
    for (const [name, text] of Object.entries(documents)) {
      const [title, , draft] = text.split('\n');
      expect(title, name).toMatch(/^# Entwurf: /);
      expect(draft, name).toContain('**Entwurf – von der oder dem Datenschutzbeauftragten zu prüfen.**');
      expect(text, name).toContain('29.11.2026');
    }
  });

  it("list in the Art. 30 entry exactly the upload schema's fields, and say that the name never leaves the device", () => {
    const text = written({})[ART30] as string;
    expect(listedFields(text, '### An den Server gesendet: die Felder eines Ergebnisses')).toEqual(
      Object.keys(resultPayloadSchema.shape),
    );
    expect(listedFields(text, '### Angaben je Aufgabe (`answers`)')).toEqual(
      Object.keys(answerDetailSchema.shape),
    );
    expect(text).toContain('**Der Name des Kindes verlässt das Gerät nie.**');
  });

  it('state the retention periods of this deployment, the device and the backups', () => {
    const documents = written({ RETENTION_MONTHS: '36' });
    const loeschkonzept = documents[LOESCHKONZEPT] as string;
    expect(loeschkonzept).toContain('## Aufbewahrung auf dem Server (RETENTION_MONTHS = 36)');
    expect(loeschkonzept).toContain('36 Monate nach dem letzten Test des Kind-Codes');
    expect(loeschkonzept).toContain('ein Ergebnis ohne Kind-Code 36 Monate nach seinem Testtag');
    expect(loeschkonzept).toContain('18 Monate nicht getestet');
    expect(loeschkonzept).toContain('30 Tage');
    expect(loeschkonzept).not.toContain('60 Monate');
    expect(documents[ART30]).toContain('Auf dem Server: 36 Monate nach dem letzten Test des Kind-Codes');
    expect(written({})[LOESCHKONZEPT]).toContain('(RETENTION_MONTHS = 60)');
  });

  it('name the embedded database and its folder, or PostgreSQL, never its password', () => {
    const embedded = written({ DATA_DIR: '/var/lib/zaehltest' });
    expect(embedded[ART30]).toContain(
      'Eingebaute Datenbank (PGlite) im Ordner `/var/lib/zaehltest` (DATA_DIR)',
    );
    expect(embedded[TOM]).not.toContain('PostgreSQL');
    const postgres = written({ DATABASE_URL: POSTGRES, DATA_DIR: '/var/lib/zaehltest' });
    expect(postgres[ART30]).toContain('PostgreSQL-Server (DATABASE_URL) auf demselben Rechner wie Zähltest');
    expect(postgres[TOM]).toContain('Die Verbindung zur Datenbank bleibt auf dem Rechner');
    for (const text of Object.values(postgres)) {
      expect(text).not.toContain('PGlite');
      expect(text).not.toContain('/var/lib/zaehltest');
      expect(text).not.toContain('geheimes-passwort');
    }
    const remote = written({ DATABASE_URL: 'postgres://z:pw@db.traeger.de:5432/zaehltest' });
    expect(remote[TOM]).toContain(
      'ohne sslmode eingestellt, also nicht mit geprüftem Zertifikat verschlüsselt',
    );
    expect(remote[AVV]).toContain('Der PostgreSQL-Server läuft auf einem anderen Rechner');
  });

  it('say that backups are encrypted when BACKUP_RECIPIENT is set, and recommend it when not', () => {
    const key = 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p';
    const encrypted = written({ BACKUP_RECIPIENT: key });
    expect(encrypted[TOM]).toContain('Die Sicherungen sind **verschlüsselt** (BACKUP_RECIPIENT gesetzt)');
    expect(encrypted[TOM]).not.toContain('Empfehlung:** BACKUP_RECIPIENT setzen');
    for (const text of Object.values(encrypted)) expect(text).not.toContain(key);
    const plain = written({});
    expect(plain[TOM]).toContain(
      'Die Sicherungen sind **nicht verschlüsselt** (BACKUP_RECIPIENT nicht gesetzt)',
    );
    expect(plain[TOM]).toContain('**Empfehlung:** BACKUP_RECIPIENT setzen');
    expect(plain[AVV]).toContain('Sicherungen sind **nicht** verschlüsselt');
  });

  it('list every role with its rights as a table, in the labels of the pages, and claim no single key', () => {
    for (const env of [{}, { EXPORT_TOKEN: TOKEN }]) {
      const documents = written(env);
      const tom = documents[TOM] as string;
      expect(tom).toContain('| Rolle | Ergebnisse welcher Einrichtungen | darf |');
      const rows = tom.split('\n').filter((line) => /^\| [^-|][^|]* \| .+ \| .+ \|$/.test(line));
      expect(rows.slice(1).map((line) => line.split(' | ')[0]?.slice(2))).toEqual(
        ROLES.map((role) => ROLE_LABELS[role]),
      );
      expect(tom).toContain(`**Geringste Rechte für die ${ROLE_LABELS.leitung}:**`);
      expect(tom).toContain(`**Passwörter** haben mindestens ${MIN_PASSWORD_LENGTH} Zeichen`);
      expect(tom).toContain('`npm run verwaltung`');
      expect(tom).toContain('wenn Passwort, Rolle oder Einrichtungen ihres Kontos geändert werden');
      for (const name of [ART30, DSFA])
        for (const role of ROLES) expect(documents[name], `${name} ${role}`).toContain(ROLE_LABELS[role]);
      for (const [name, text] of Object.entries(documents)) {
        expect(text, name).not.toMatch(/keine Benutzerkonten|keine Rollen|ausgeschaltet|Export-Token/);
        expect(text, name).not.toContain('Ein einziges Token');
      }
    }
  });

  it('say what EXPORT_TOKEN opens when it is set, and that only accounts open anything when not, never showing it', () => {
    const on = written({ EXPORT_TOKEN: TOKEN });
    expect(on[TOM]).toContain(
      `**EXPORT_TOKEN ist gesetzt:** Dieser Zugangsschlüssel hat die Rechte der Rolle ${ROLE_LABELS.forschung} auf alle\nEinrichtungen`,
    );
    expect(on[TOM]).toContain(`mindestens\n${ACCESS_FACTS.minExportTokenLength} Zeichen`);
    expect(on[TOM]).toContain('dazu EXPORT_TOKEN (gesetzt)');
    expect(on[ART30]).toContain('- Wer den Zugangsschlüssel EXPORT_TOKEN kennt (gesetzt)');
    for (const text of Object.values(on)) expect(text).not.toContain(TOKEN);
    const off = written({});
    expect(off[TOM]).toContain('**EXPORT_TOKEN ist nicht gesetzt:** Nur Konten und ihre API-Tokens öffnen');
    expect(off[TOM]).toContain(
      '| nur Konten mit Rollen (Verwaltung, Kita-Leitung, Forschung und Sprachprüfung) und ihre API-Tokens',
    );
    for (const text of Object.values(off)) expect(text).not.toContain('EXPORT_TOKEN (gesetzt');
    // The export and /auswertung exist either way.
    for (const documents of [on, off]) {
      expect(documents[TOM]).toContain(
        'Export (CSV/JSON), Auswertungsseite `/auswertung` und Verwaltungsseite',
      );
      expect(documents[LOESCHKONZEPT]).toContain('„Alle Ergebnisse eines Kindes löschen“');
    }
  });

  it("limit a deletion by child code to the deleting account's Einrichtungen", () => {
    const text = written({})[LOESCHKONZEPT] as string;
    expect(text).toContain('Gelöscht wird nur in den Einrichtungen des löschenden Kontos');
    expect(text).toContain(
      `Ein Konto der Rolle ${ROLE_LABELS.leitung} löscht also nur in ihren Einrichtungen`,
    );
    expect(text).toContain(
      '| Konten (Benutzername, Rolle, Einrichtungen, Passwort-Hash, letzte Anmeldung) | Server |',
    );
  });

  it('describe a Protokoll that names the account and its role and records every kind of entry', () => {
    const tom = written({})[TOM] as string;
    expect(tom).toContain('**Das Protokoll** des Servers verzeichnet jede Anmeldung');
    expect(tom).toContain(`**mit seiner Rolle** (z. B. „leitung17 (${ROLE_LABELS.leitung})“`);
    for (const kind of PROTOKOLL_KINDS) expect(tom).toContain(`„${PROTOKOLL_KIND_LABELS[kind]}“`);
    expect(tom).toContain(`darf es nur die Rolle ${ROLE_LABELS.verwaltung}`);
    expect(tom).toContain('Einträge werden\n24 Monate aufbewahrt (PROTOKOLL_MONTHS)');
    expect(written({ PROTOKOLL_MONTHS: '36' })[TOM]).toContain('36 Monate aufbewahrt');
    expect(written({ EXPORT_TOKEN: TOKEN })[TOM]).toContain('oder den Zugangsschlüssel EXPORT_TOKEN');
  });

  it("state the server's access facts as its code has them", async () => {
    expect(oneTimePassword().replaceAll('-', '')).toHaveLength(ACCESS_FACTS.oneTimePasswordLength);
    expect((await hashPassword('ein-langes-passwort')).split('$').slice(0, 2)).toEqual([
      'scrypt',
      String(ACCESS_FACTS.scryptN),
    ]);
    const main = readFileSync(join(ROOT, 'server/main.ts'), 'utf8');
    expect(main).toContain(`MIN_EXPORT_TOKEN_LENGTH = ${ACCESS_FACTS.minExportTokenLength};`);

    // The login delays: free failures, then doubling from the first delay up to the cap, forgotten later.
    let time = 0;
    const throttle = createLoginThrottle({ now: () => time });
    const keys = ['account leitung17'];
    const waits: number[] = [];
    for (let failure = 0; failure < 9; failure += 1) {
      throttle.failed(keys);
      waits.push(throttle.waitMs(keys) / 1000);
    }
    const {
      loginFreeFailures: free,
      loginFirstDelaySeconds: first,
      loginMaxDelaySeconds: max,
    } = ACCESS_FACTS;
    expect(waits).toEqual(
      waits.map((_, index) => (index < free ? 0 : Math.min(max, first * 2 ** (index - free)))),
    );
    expect(waits.at(-1)).toBe(max);
    // Failures are remembered until loginForgetMinutes after the last one.
    time += ACCESS_FACTS.loginForgetMinutes * 60_000 - 1;
    throttle.failed(keys);
    expect(throttle.waitMs(keys) / 1000).toBe(max);
    time += ACCESS_FACTS.loginForgetMinutes * 60_000 + 1;
    throttle.failed(keys);
    expect(throttle.waitMs(keys)).toBe(0);
  });

  it('say whether results travel over HTTPS behind the proxy or over plain HTTP', () => {
    const proxied = written({ TRUST_PROXY: '127.0.0.1', HOST: '127.0.0.1' });
    expect(proxied[TOM]).toContain('TRUST_PROXY ist gesetzt: Der Server läuft hinter einem Reverse Proxy');
    expect(proxied[TOM]).not.toContain('unverschlüsselt** durch das Netz');
    expect(written({ TRUST_PROXY: '127.0.0.1' })[TOM]).toContain(
      'ist also auch ohne den Proxy über HTTP erreichbar',
    );
    for (const env of [{}, { TRUST_PROXY: 'false' }]) {
      const direct = written(env);
      expect(direct[TOM]).toContain('die Ergebnisse gehen dann **unverschlüsselt** durch das Netz');
      expect(direct[DSFA]).toContain('**Offen:** Kein Reverse Proxy eingestellt');
    }
  });

  it('describe the log of the LOG_LEVEL set', () => {
    expect(written({})[TOM]).toContain('LOG_LEVEL ist `warn` (Standard)');
    expect(written({ LOG_LEVEL: 'off' })[TOM]).toContain('Der Server schreibt kein Log.');
    expect(written({})[TOM]).toContain('wiederholt einen falschen Zugangsschlüssel (API-Token) sendet');
    const info = written({ LOG_LEVEL: 'info', EXPORT_TOKEN: TOKEN })[TOM];
    expect(info).toContain(
      'die IP-Adresse eines Geräts, das wiederholt einen falschen Zugangsschlüssel (API-Token oder EXPORT_TOKEN) sendet',
    );
    expect(info).toContain('und wie viele Ergebnisse auf Antrag gelöscht wurden und von welchem Konto.');
  });

  it('state whether results without a recorded research consent count for research (docs/product.md §48)', () => {
    const strict = written({ EXPORT_TOKEN: 'x' })[ART30];
    expect(strict).toContain(
      'nur Ergebnisse, deren Eltern der Weitergabe für die Forschung zugestimmt haben',
    );
    expect(strict).toContain('bleiben draußen (UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH nicht gesetzt)');
    const lenient = written({ EXPORT_TOKEN: 'x', UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH: 'true' })[ART30];
    expect(lenient).toContain(
      'zählen in dieser Installation als Einwilligung (UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH=true)',
    );
    expect(() => written({ UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH: 'vielleicht' })).toThrow(
      'UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH muss true oder false sein',
    );
  });
});
