import { ACCESS_KDF_ITERATIONS, MIN_PASSPHRASE_LENGTH } from '../../schemas/access-passphrase.ts';
import {
  DATENSCHUTZ_FILES,
  type DatenschutzFileName,
  MIN_PASSWORD_LENGTH,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../../schemas/verwaltung-api.ts';
import { PROTOKOLL_KIND_LABELS } from '../auswertung/protokoll-routes.ts';
import { SESSION_HOURS } from '../auswertung/routes.ts';
import { DEFAULT_FAILURE_WINDOW_MS, DEFAULT_MAX_FAILURES } from '../auth/export-token.ts';
import { PROTOKOLL_KINDS } from '../db/protokoll.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { BACKUP_KEEP_DAYS, type Deployment } from './deployment.ts';
import {
  ANSWER_FIELD_DESCRIPTIONS,
  ANSWER_FIELDS,
  describedFields,
  UPLOAD_FIELD_DESCRIPTIONS,
  UPLOAD_FIELDS,
} from './fields.ts';

/**
 * The Datenschutz-Unterlagen (issue 42, item 4), in German: the record of processing (Art. 30
 * DSGVO), the technical and organisational measures (Art. 32), the deletion concept, notes for an
 * impact assessment (Art. 35) and a checklist for the processing agreement with the host (Art. 28).
 * Every fact comes from this deployment's settings (deployment.ts) or from the code: the fields from
 * the upload schema (fields.ts), the periods and limits from the constants the app and server use.
 * They claim only what exists today: accounts with three roles scoped by Einrichtung (docs/product.md
 * §47; the labels and the password length from schemas/verwaltung-api.ts), a Protokoll that names the
 * account, the server's Auskunft by child code, but no recorded consent or Auskunft on the tablet yet
 * (issue 42); docs/privacy.md is the English account of the same facts.
 */

export interface DatenschutzDocument {
  /** File name in the output folder. */
  name: DatenschutzFileName;
  text: string;
}

/**
 * The device's facts the documents state, as the app keeps them: RETENTION_MONTHS of
 * src/children/overview.ts, FINISHED_SESSION_TTL_MS of src/store/session-key.ts and
 * CHILD_CODE_LENGTH of src/domain/facts.ts. Written here because dist-server/datenschutz.mjs must
 * not load client code (src/contract.ts brings the preview's MP3 encoder); documents.test.ts checks
 * that they agree.
 */
export const DEVICE_FACTS = { retentionMonths: 18, finishedSessionHours: 12, childCodeLength: 6 } as const;
const {
  retentionMonths: DEVICE_RETENTION_MONTHS,
  finishedSessionHours: FINISHED_SESSION_HOURS,
  childCodeLength: CHILD_CODE_LENGTH,
} = DEVICE_FACTS;
const FAILURE_WINDOW_MINUTES = DEFAULT_FAILURE_WINDOW_MS / 60_000;

/**
 * The server's access facts the documents state that it does not export (docs/product.md §47):
 * MIN_EXPORT_TOKEN_LENGTH of server/main.ts, the length of server/auth/passwords.ts
 * oneTimePassword() and its scrypt cost, and the defaults of server/auth/login-throttle.ts.
 * documents.test.ts checks them against the server's code.
 */
export const ACCESS_FACTS = {
  minExportTokenLength: 32,
  oneTimePasswordLength: 16,
  scryptN: 2 ** 15,
  loginFreeFailures: 3,
  loginFirstDelaySeconds: 1,
  loginMaxDelaySeconds: 30,
  loginForgetMinutes: 60,
} as const;

/**
 * What each role may see and do (docs/product.md §47): which Einrichtungen, and what on them.
 * Enforced by server/auth/access.ts and the routes' SQL; the compiler refuses a role without a row.
 */
const ROLE_RIGHTS = {
  verwaltung: {
    sites: 'immer alle Einrichtungen, auch Ergebnisse mit einer Kennung, die (noch) keine Einrichtung ist',
    may: 'Statistiken, Verlauf, Downloads (CSV/JSON), Löschen (ein Ergebnis oder alle eines Kind-Codes), Auskunft nach Art. 15 mit den Löschungen des Codes aus dem Protokoll; Konten und Einrichtungen verwalten, Kennungen zuordnen; das Protokoll lesen',
  },
  leitung: {
    sites: 'nur die ihr zugewiesenen Einrichtungen (eine oder mehrere), nie alle',
    may: 'Statistiken, Verlauf, Downloads, Löschen und Auskunft für ihre Einrichtungen – sonst nichts: keine Konten, keine Liste der Einrichtungen, kein Protokoll',
  },
  forschung: {
    sites: 'alle Einrichtungen oder ausgewählte',
    may: 'die pseudonymen Ergebnisse: Statistiken, Verlauf, Downloads, Löschen und Auskunft für ihre Einrichtungen; sieht die Liste der Einrichtungen und ordnet falsch geschriebene Kennungen einer Einrichtung zu; keine Konten, kein Protokoll',
  },
  sprache: {
    sites: 'keine: sieht keine Ergebnisse',
    may: 'die Texte ihrer Sprachen prüfen, Korrekturen vorschlagen, Texte aufnehmen und die Aufnahmen anderer freigeben (docs/product.md §50) – sonst nichts',
  },
} as const satisfies Record<Role, { sites: string; may: string }>;

/** The rights of the roles as a Markdown table, one row per role of schemas/verwaltung-api.ts. */
function rolesTable(): string {
  return [
    '| Rolle | Ergebnisse welcher Einrichtungen | darf |',
    '| --- | --- | --- |',
    ...ROLES.map(
      (role) => `| ${ROLE_LABELS[role]} | ${ROLE_RIGHTS[role].sites} | ${ROLE_RIGHTS[role].may} |`,
    ),
  ].join('\n');
}

/** 'Verwaltung, Kita-Leitung und Forschung'. */
const roleNames = () => germanList(ROLES.map((role) => ROLE_LABELS[role]));

function header(title: string, deployment: Deployment): string {
  return `# Entwurf: ${title}

> **Entwurf – von der oder dem Datenschutzbeauftragten zu prüfen.** Zähltest hat diesen Text am
> ${deployment.writtenOn} aus den Einstellungen dieser Installation und aus seinem Programmcode erzeugt
> (\`npm run datenschutz\` oder „Datenschutz-Unterlagen“ auf /verwaltung). Er ersetzt keine rechtliche
> Prüfung. Stellen in [eckigen Klammern] füllt der Verantwortliche aus. Nach einer Änderung der
> Einstellungen oder einem Update neu erzeugen.
`;
}

/** Where the results are stored, without an article ('Ort der Ergebnisse: …'). */
function databaseName(deployment: Deployment): string {
  const { database } = deployment;
  if (database.kind === 'pglite')
    return `Eingebaute Datenbank (PGlite) im Ordner \`${database.dataDir}\` (DATA_DIR) auf dem Server`;
  return `PostgreSQL-Server (DATABASE_URL) ${database.onThisMachine ? 'auf demselben Rechner wie Zähltest' : 'auf einem anderen Rechner als Zähltest'}`;
}

function settingsTable(deployment: Deployment): string {
  const rows: [string, string][] = [
    ['Datenbank', databaseName(deployment)],
    [
      'Aufbewahrung auf dem Server',
      `${deployment.retentionMonths} Monate nach dem letzten Test eines Kind-Codes (RETENTION_MONTHS)`,
    ],
    [
      'Sicherungen (`npm run backup`)',
      deployment.backupsEncrypted
        ? 'verschlüsselt (BACKUP_RECIPIENT gesetzt)'
        : 'unverschlüsselt (BACKUP_RECIPIENT nicht gesetzt)',
    ],
    [
      'Übertragung',
      deployment.behindProxy
        ? 'hinter einem Reverse Proxy (TRUST_PROXY gesetzt), laut docs/deploy.md Caddy mit HTTPS'
        : 'ohne Reverse Proxy (TRUST_PROXY nicht gesetzt): Zähltest selbst spricht nur HTTP',
    ],
    ['Adresse des Servers (HOST)', `\`${deployment.host}\``],
    [
      'Zugang zu Export, /auswertung und /verwaltung',
      deployment.exportToken
        ? `Konten mit Rollen (${roleNames()}) und ihre API-Tokens; dazu EXPORT_TOKEN (gesetzt) mit den Rechten der Rolle ${ROLE_LABELS.forschung} auf alle Einrichtungen`
        : `nur Konten mit Rollen (${roleNames()}) und ihre API-Tokens (EXPORT_TOKEN nicht gesetzt)`,
    ],
    ['Log-Stufe (LOG_LEVEL)', `\`${deployment.logLevel}\``],
  ];
  return [
    '| Einstellung | Wert in dieser Installation |',
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
}

/** A Markdown table of the fields, generated from the schema's field names (fields.ts). */
function fieldTable(fields: readonly string[], descriptions: Record<string, string>): string {
  return [
    '| Feld | Bedeutung |',
    '| --- | --- |',
    ...describedFields(fields, descriptions).map(
      (group) => `| ${group.fields.map((field) => `\`${field}\``).join(', ')} | ${group.description} |`,
    ),
  ].join('\n');
}

const NAME_STAYS = `**Der Name des Kindes verlässt das Gerät nie.** Er ist kein Feld der Übertragung: Die Felder unten
sind aus dem Schema erzeugt, mit dem der Server jedes Ergebnis prüft (\`schemas/result-payload.ts\`). Ein
Ergebnis mit einem unbekannten Feld weist der Server zurück; unbekannte Angaben innerhalb der Angaben je
Aufgabe verwirft er, bevor er speichert. Es gibt keine Freitextfelder.`;

function recipients(deployment: Deployment): string {
  const lines = [
    `- Die Inhaber der Konten des Servers, je nach Rolle und nur für ihre Einrichtungen (Rechte der Rollen: \`02-technische-organisatorische-massnahmen.md\`, Abschnitt 5). Rolle ${ROLE_LABELS.verwaltung}: [Personen beim Träger eintragen]; Rolle ${ROLE_LABELS.leitung}: die Ergebnisse ihrer Einrichtung [Personen eintragen]; Rolle ${ROLE_LABELS.forschung}: die pseudonymen Ergebnisse aller oder ausgewählter Einrichtungen [Personen oder Stellen eintragen, z. B. die Forschungsgruppe].`,
    ...(deployment.exportToken
      ? [
          `- Wer den Zugangsschlüssel EXPORT_TOKEN kennt (gesetzt): die Rechte der Rolle ${ROLE_LABELS.forschung} auf alle Einrichtungen. [Personen eintragen]`,
        ]
      : []),
    `- Für die Rolle ${ROLE_LABELS.forschung}: ${researchScope(deployment)}`,
    '- Der Betreiber des Servers (Hoster) als Auftragsverarbeiter, soweit er Zugang zum Server hat: [Name eintragen] (Checkliste: `05-checkliste-auftragsverarbeitung.md`).',
  ];
  if (deployment.database.kind === 'postgres' && !deployment.database.onThisMachine)
    lines.push('- Der Betreiber des PostgreSQL-Servers auf dem anderen Rechner: [Name eintragen].');
  lines.push(
    '- Auf dem Gerät sehen die pädagogischen Fachkräfte der Einrichtung, die das Passwort kennen, die Kinder des Geräts mit Namen.',
  );
  return lines.join('\n');
}

function verzeichnis(deployment: Deployment): string {
  return `${header('Verzeichnis von Verarbeitungstätigkeiten (Art. 30 DSGVO) – Zähltest', deployment)}
## Einstellungen dieser Installation

${settingsTable(deployment)}

## Verantwortlicher

- Verantwortlicher: [Träger, Anschrift, Kontakt]
- Vertreter: [Name]
- Datenschutzbeauftragte(r): [Name, Kontakt]
- Ansprechpartner für Zähltest: [Name, Kontakt]

## Bezeichnung und Zwecke der Verarbeitung

Zähltest ist ein Screening früher Zahlkompetenzen für Kinder von 4 bis 10 Jahren in Kitas, Grundschulen
und Förderschulen. Eine pädagogische Fachkraft führt den Test mit einem Kind auf einem Tablet oder
Laptop durch; das Kind löst 23 kurze Zählaufgaben in seiner Sprache. Zwecke:

1. Die Fachkraft sieht den Entwicklungsstand des Kindes (Punkte je Niveau, zugeordnetes Niveau) und
   Förderhinweise, auf dem Gerät und als PDF. Das Ergebnis ist ein Screening, keine Diagnose.
2. Das Ergebnis geht ohne Namen an den Sammelserver des Trägers und wird dort ausgewertet
   (Aufgabenstatistik, Entwicklung über die Zeit): [Zweck der Auswertung eintragen, z. B. Forschung oder
   Qualitätssicherung].

Rechtsgrundlage: [vom Verantwortlichen festzulegen, z. B. Einwilligung der Eltern, Art. 6 Abs. 1 lit. a
DSGVO]. Zähltest erfasst eine Einwilligung derzeit nicht; sie ist außerhalb von Zähltest einzuholen und
aufzubewahren.

## Betroffene Personen

- Kinder von 4 bis 10 Jahren, die getestet werden.
- Die Inhaber der Konten (Rollen ${roleNames()}): Der Server speichert je Konto den
  Benutzernamen, die Rolle, die Einrichtungen, einen Hash des Passworts (scrypt), ob es deaktiviert ist,
  wann es angelegt wurde und wann zuletzt angemeldet; je API-Token den Namen, einen Hash (SHA-256) und
  wann es erstellt, zuletzt benutzt und widerrufen wurde; je Sitzung auf \`/auswertung\` bzw.
  \`/verwaltung\` einen Hash (${SESSION_HOURS} Stunden gültig). Das Protokoll nennt das Konto bei jeder
  Anmeldung, jedem Fehlversuch, Export, jeder Löschung und Auskunft und jeder Änderung an Konten, Tokens
  und Einrichtungen (${deployment.protokollMonths} Monate). Nach Fehlversuchen hält der Server die Adresse und den
  versuchten Benutzernamen bis ${ACCESS_FACTS.loginForgetMinutes} Minuten nach dem letzten Fehlversuch im Arbeitsspeicher, um
  weitere Versuche zu verzögern.
- Geräte, die wiederholt einen falschen Zugangsschlüssel (API-Token${deployment.exportToken ? ' oder EXPORT_TOKEN' : ''}) senden: ihre IP-Adresse im Log
  (siehe Maßnahmen).

## Kategorien personenbezogener Daten

### Nur auf dem Gerät (verschlüsselt)

Name, Geburtsdatum, Einrichtungsart, Klassenstufe, Testsprache, Kind-Code, alle Antworten und die
früheren Ergebnisse der auf dem Gerät gespeicherten Kinder. Sie bleiben auf dem Gerät, mit AES-256-GCM
verschlüsselt (Maßnahmen: \`02-technische-organisatorische-massnahmen.md\`).

### An den Server gesendet: die Felder eines Ergebnisses

${NAME_STAYS}

${fieldTable(UPLOAD_FIELDS, UPLOAD_FIELD_DESCRIPTIONS)}

### Angaben je Aufgabe (\`answers\`)

${fieldTable(ANSWER_FIELDS, ANSWER_FIELD_DESCRIPTIONS)}

### Vom Server hinzugefügt

Der Zeitpunkt des Eingangs. Daraus und aus den Feldern berechnet der Server das Alter in Monaten am
Testtag, die Punkte je Niveau, das zugeordnete Niveau, ob das Profil ungewöhnlich ist und ob der Test
ohne Ton lief. Ort der Ergebnisse: ${databaseName(deployment)}.

Hinweis zur Prüfung: Die Testsprache ist meist die Familiensprache des Kindes und kann auf seine
Herkunft schließen lassen. [Prüfen, ob dies eine besondere Kategorie nach Art. 9 DSGVO berührt.]

## Empfänger

${recipients(deployment)}

## Übermittlung in Drittländer

[Keine, wenn Server und Hoster in der EU bzw. im EWR sind: eintragen.] Zähltest selbst sendet Ergebnisse
nur an den eigenen Server.

## Löschfristen

- Auf dem Gerät: Ein Kind, das ${DEVICE_RETENTION_MONTHS} Monate nicht getestet wurde, wird zur Löschung angeboten;
  ein beendeter Test wird ${FINISHED_SESSION_HOURS} Stunden nach Testende gelöscht (sein Ergebnis wartet ohne Namen auf
  die Übertragung).
- Auf dem Server: ${deployment.retentionMonths} Monate nach dem letzten Test des Kind-Codes (automatisch).
- Sicherungen des Servers: ${BACKUP_KEEP_DAYS} Tage nach docs/deploy.md [bitte bestätigen].

Einzelheiten: \`03-loeschkonzept.md\`.

## Technische und organisatorische Maßnahmen

Siehe \`02-technische-organisatorische-massnahmen.md\`.
`;
}

function transport(deployment: Deployment): string {
  const lines: string[] = [];
  if (deployment.behindProxy) {
    lines.push(
      'TRUST_PROXY ist gesetzt: Der Server läuft hinter einem Reverse Proxy. Nach docs/deploy.md ist das Caddy, der HTTPS (TLS) mit einem Zertifikat von Let’s Encrypt oder einer eigenen Zertifizierungsstelle bereitstellt und Strict-Transport-Security (ein Jahr) sendet, sodass ein Tablet die App nach dem ersten Aufruf nur noch über HTTPS öffnet. [Bitte bestätigen, dass der Proxy HTTPS verwendet.]',
    );
    if (!['127.0.0.1', '::1', 'localhost'].includes(deployment.host))
      lines.push(
        `Der Server lauscht auf \`${deployment.host}\`, ist also auch ohne den Proxy über HTTP erreichbar. Empfehlung: HOST=127.0.0.1, damit nur der Proxy ihn erreicht (docs/deploy.md).`,
      );
  } else {
    lines.push(
      'TRUST_PROXY ist nicht gesetzt: Nach den Einstellungen steht kein Reverse Proxy vor dem Server. Zähltest selbst spricht nur HTTP; die Ergebnisse gehen dann **unverschlüsselt** durch das Netz. Empfehlung: HTTPS mit Caddy einrichten (docs/deploy.md). Steht doch ein HTTPS-Proxy davor, TRUST_PROXY setzen und diese Unterlagen neu erzeugen.',
    );
  }
  const { database } = deployment;
  if (database.kind === 'postgres') {
    if (database.onThisMachine)
      lines.push('Die Verbindung zur Datenbank bleibt auf dem Rechner (PostgreSQL auf demselben Rechner).');
    else if (database.sslmode === 'verify-full')
      lines.push(
        'Die Verbindung zum PostgreSQL-Server auf dem anderen Rechner ist mit TLS verschlüsselt und prüft dessen Zertifikat (sslmode=verify-full).',
      );
    else
      lines.push(
        `Die Verbindung zum PostgreSQL-Server auf dem anderen Rechner ist ${database.sslmode ? `mit sslmode=${database.sslmode}` : 'ohne sslmode'} eingestellt, also nicht mit geprüftem Zertifikat verschlüsselt. Empfehlung: SSL am PostgreSQL-Server einschalten und sslmode=verify-full verwenden (docs/deploy.md).`,
      );
  }
  return lines.join('\n\n');
}

/** What research sees of the results (docs/product.md §48), with this deployment's choice for 'unbekannt'. */
function researchScope(deployment: Deployment): string {
  return `Statistiken und Downloads auf \`/auswertung\` enthalten nur Ergebnisse, deren Eltern der Weitergabe für die Forschung zugestimmt haben (Spalte „Einwilligung Forschung“: ja)${
    deployment.unknownConsentCountsForResearch
      ? '; Ergebnisse ohne erfasste Einwilligung („unbekannt“, auch alle von vor dieser Frage) zählen in dieser Installation als Einwilligung (UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH=true) – [Begründung eintragen]'
      : '; Ergebnisse ohne erfasste Einwilligung („unbekannt“, auch alle von vor dieser Frage) bleiben draußen (UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH nicht gesetzt)'
  }. Ein Widerruf nimmt die Ergebnisse des Kind-Codes ab dem nächsten Kontakt des Tablets heraus. Das gilt für die Rolle ${ROLE_LABELS.forschung} auf der Seite und im Export mit ihrem API-Token, und für den Zugangsschlüssel EXPORT_TOKEN auf der Seite (sein Export \`/api/results.csv\` ist der ganze Bestand für den Betreiber, mit dieser Spalte); die Rollen ${ROLE_LABELS.leitung} und ${ROLE_LABELS.verwaltung} sehen die Ergebnisse ihrer Einrichtungen unabhängig davon (mit der Spalte „Einwilligung Forschung“).`;
}

function access(deployment: Deployment): string {
  const f = ACCESS_FACTS;
  const exportToken = deployment.exportToken
    ? `**EXPORT_TOKEN ist gesetzt:** Dieser Zugangsschlüssel hat die Rechte der Rolle ${ROLE_LABELS.forschung} auf alle
Einrichtungen, für Skripte (Bearer-Token) und für die Anmeldung auf \`/auswertung\`. Er muss mindestens
${f.minExportTokenLength} Zeichen haben (ein kürzerer verhindert den Start), wird in konstanter Zeit verglichen und nie ins
Log geschrieben; eine damit geöffnete Sitzung endet, sobald er geändert wird. [Festlegen, wer ihn kennt;
ihn bei Personalwechsel ändern – oder EXPORT_TOKEN entfernen, dann öffnen nur noch Konten und ihre Tokens.]`
    : `**EXPORT_TOKEN ist nicht gesetzt:** Nur Konten und ihre API-Tokens öffnen Export, \`/auswertung\`
und \`/verwaltung\`; einen Schlüssel für alles gibt es nicht.`;
  return `Export (CSV/JSON), Auswertungsseite \`/auswertung\` und Verwaltungsseite \`/verwaltung\` öffnen nur
**Konten mit einer Rolle**. Was ein Konto sieht, entscheidet der Server bei jeder Anfrage, nicht die
Seite: Jede Statistik, jeder Download, jede Löschung und jede Auskunft ist in der Datenbankabfrage auf
die Einrichtungen des Kontos beschränkt; wer eine fremde Einrichtung anfragt, wird abgewiesen.
Ergebnisse mit einer Kennung, die (noch) keiner Einrichtung zugeordnet ist, sehen nur Konten mit allen
Einrichtungen.

${rolesTable()}

**Geringste Rechte für die ${ROLE_LABELS.leitung}:** Sie sieht nur die Ergebnisse ihrer Einrichtungen und nichts
von den Konten, den anderen Einrichtungen oder dem Protokoll. Die ${ROLE_LABELS.forschung} sieht die Ergebnisse ohne
Namen (wie alle Rollen: der Server hat keine Namen).

- **Konten** legt die Rolle ${ROLE_LABELS.verwaltung} auf \`/verwaltung\` oder auf dem Server mit \`npm run verwaltung\` an,
  ändert ihre Rolle und Einrichtungen und deaktiviert sie (Konten werden nicht gelöscht). Das letzte
  aktive Konto der Rolle ${ROLE_LABELS.verwaltung} kann nicht deaktiviert werden oder eine andere Rolle bekommen.
- **Einmalpasswort:** Ein neues Konto (und eines, dessen Passwort zurückgesetzt wird) bekommt ein
  Einmalpasswort (${f.oneTimePasswordLength} Zeichen, einmal angezeigt, persönlich zu übergeben). Bis es bei der ersten
  Anmeldung durch ein eigenes Passwort ersetzt ist, weist der Server jede Anfrage außer der
  Passwortänderung ab.
- **Passwörter** haben mindestens ${MIN_PASSWORD_LENGTH} Zeichen und werden nur als gesalzener scrypt-Hash gespeichert
  (N = 2^${Math.log2(f.scryptN)}), nie im Klartext und nie im Log.
- **Anmeldung:** \`/auswertung\` und \`/verwaltung\` teilen eine Anmeldung (Benutzername, Passwort).
  Fehlversuche verzögern weitere, je Adresse und je Konto: ${f.loginFreeFailures} sind frei, danach verdoppelt jeder weitere die
  Wartezeit vor dem nächsten Versuch, von ${f.loginFirstDelaySeconds} s bis ${f.loginMaxDelaySeconds} s – eine Verzögerung, keine Sperre, damit niemand
  durch Raten ein Konto aussperren kann. Ein unbekannter Name dauert so lange und wird so beantwortet wie
  ein falsches Passwort.
- **Sitzungen:** Die Anmeldung setzt ein Sitzungs-Cookie (HttpOnly, SameSite=Strict, über HTTPS Secure),
  das ${SESSION_HOURS} Stunden gilt; die Datenbank speichert nur einen Hash der Sitzung. Eine Sitzung endet sofort,
  wenn Passwort, Rolle oder Einrichtungen ihres Kontos geändert werden oder es deaktiviert wird.
- **API-Tokens** für Skripte (\`Authorization: Bearer\`) erstellt jedes Konto für sich, mit einem Namen und
  den Rechten des Kontos; sie werden einmal angezeigt, nur als Hash (SHA-256) gespeichert und lassen
  sich auf \`/verwaltung\` widerrufen. Nach ${DEFAULT_MAX_FAILURES} falschen Schlüsseln von einer Adresse innerhalb von
  ${FAILURE_WINDOW_MINUTES} Minuten weist der Server diese Adresse für den Rest der Zeit ab.

${exportToken}

[Festlegen, wer welches Konto mit welcher Rolle und welchen Einrichtungen erhält; Konten beim Ausscheiden
deaktivieren.]`;
}

/** 'a, b und c'. */
function germanList(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items.at(-1)}`;
}

function logs(deployment: Deployment): string {
  const level = deployment.logLevel;
  // What server/ logs at warn and at info.
  const atWarn = [
    'Fehler',
    'wie viele Ergebnisse er nach Ablauf der Aufbewahrungsfrist gelöscht hat',
    `die IP-Adresse eines Geräts, das wiederholt einen falschen Zugangsschlüssel (API-Token${deployment.exportToken ? ' oder EXPORT_TOKEN' : ''}) sendet`,
    'wie viele Ergebnisse auf Antrag gelöscht wurden und von welchem Konto',
  ];
  const atInfo = atWarn;
  const what =
    level === 'off'
      ? 'LOG_LEVEL ist `off`: Der Server schreibt kein Log.'
      : level === 'error' || level === 'fatal'
        ? `LOG_LEVEL ist \`${level}\`: Der Server schreibt nur Fehler ins Log.`
        : level === 'warn'
          ? `LOG_LEVEL ist \`warn\` (Standard): Der Server schreibt ins Log: ${germanList(atWarn)}.`
          : `LOG_LEVEL ist \`${level}\`: Der Server schreibt ins Log: ${germanList(atInfo)}${level === 'info' ? '' : ', dazu weitere technische Meldungen'}.`;
  return `${what} Das Log enthält nie Inhalte von Ergebnissen, keinen Kind-Code, kein Token und keine
Anfragedaten; einzelne Anfragen und die Adressen der Tablets werden nicht protokolliert. Beim Start nennt
der Server seine Adressen, den Ort der Datenbank und die Aufbewahrungsregel. Wie lange das Log aufbewahrt
wird, bestimmt das System (z. B. journald): [Frist eintragen].

${protokoll(deployment)}`;
}

/** The Protokoll (docs/product.md §46, §47). */
function protokoll(deployment: Deployment): string {
  const kinds = germanList(PROTOKOLL_KINDS.map((kind) => `„${PROTOKOLL_KIND_LABELS[kind]}“`));
  const key = deployment.exportToken
    ? ' oder den Zugangsschlüssel EXPORT_TOKEN (auf `/auswertung` oder per Skript)'
    : '';
  return `**Das Protokoll** des Servers verzeichnet jede Anmeldung auf \`/auswertung\` und \`/verwaltung\` und die
Fehlversuche (mit dem versuchten Konto, wenn es es gibt), jeden Export (Format und Filter bzw.
Einrichtungen, über die Seite oder per Skript), jede Löschung auf Antrag und nach Ablauf der
Aufbewahrungsfrist (Anzahl; bei einem Konto mit ausgewählten Einrichtungen auch diese), jede Auskunft nach
Art. 15, jede Änderung an Konten (angelegt, Rolle oder Einrichtungen geändert, deaktiviert, Einmalpasswort
neu vergeben, eigenes Passwort festgelegt), jedes erstellte oder widerrufene API-Token und jede angelegte,
geänderte oder zugeordnete Einrichtung – mit Zeit und „wer“: **das Konto**, bei einer Anmeldung mit
seinem Benutzernamen, sonst **mit seiner Rolle** (z. B. „leitung17 (${ROLE_LABELS.leitung})“, mit „API-Token“ für ein
Skript)${key}. Arten der Einträge: ${kinds}.
Wiederholte Fehlversuche während der Wartezeit${deployment.exportToken ? ` und Versuche von einer Adresse, die nach ${DEFAULT_MAX_FAILURES} falschen Schlüsseln in ${FAILURE_WINDOW_MINUTES} Minuten abgewiesen wird,` : ''} stehen
nicht im Protokoll; falsche Schlüssel von Skripten nennt das Log mit ihrer Adresse.

Es enthält keine Namen von Kindern, kein Token und kein Passwort; einen Kind-Code nur als Prüfwert
(HMAC-SHA-256 mit einem Schlüssel der Datenbank), sodass sich eine Löschung auf Antrag für den von den
Eltern genannten Code nachweisen lässt, ohne dass Seite oder CSV des Protokolls ein Kind nennen. Der
Schlüssel liegt in derselben Datenbank: Wer die Datenbank oder eine Sicherung hat, könnte Kind-Codes
durchprobieren; der Prüfwert schützt also vor den Lesern des Protokolls, nicht vor den Inhabern der
Datenbank. Lesen und als CSV herunterladen darf es nur die Rolle ${ROLE_LABELS.verwaltung}. Einträge werden
${deployment.protokollMonths} Monate aufbewahrt (PROTOKOLL_MONTHS) und danach täglich gelöscht.`;
}

function backups(deployment: Deployment): string {
  const common = `\`npm run backup\` schreibt eine Sicherung aller Ergebnisse (${deployment.database.kind === 'postgres' ? 'mit pg_dump im laufenden Betrieb' : 'den Datenordner im laufenden Betrieb, als Kopie durch den Server selbst'}),
die nur ihr Besitzer lesen darf (Dateirechte 600). docs/deploy.md empfiehlt, täglich zu sichern, die
Sicherungen ${BACKUP_KEEP_DAYS} Tage aufzuheben, mindestens wöchentlich eine Kopie außerhalb des Servers abzulegen (nur
verschlüsselt) und zweimal im Jahr eine Sicherung zur Probe zurückzuspielen. [Bestätigen, dass das so
eingerichtet ist, und den Ort der Kopien eintragen.]`;
  return deployment.backupsEncrypted
    ? `${common}

Die Sicherungen sind **verschlüsselt** (BACKUP_RECIPIENT gesetzt): Jede Datei ist mit age für den
öffentlichen Schlüssel des Trägers verschlüsselt, eine unverschlüsselte Fassung bleibt nicht liegen. Der
Server selbst kann seine Sicherungen nicht öffnen; das kann nur, wer die Schlüsseldatei hat. [Ort der
Schlüsseldatei und wer Zugang hat eintragen.]`
    : `${common}

Die Sicherungen sind **nicht verschlüsselt** (BACKUP_RECIPIENT nicht gesetzt): Wer eine Sicherungsdatei
lesen kann, liest alle Ergebnisse. **Empfehlung:** BACKUP_RECIPIENT setzen, dann verschlüsselt
\`npm run backup\` jede Sicherung (docs/deploy.md, „Verschlüsselt sichern“).`;
}

function massnahmen(deployment: Deployment): string {
  return `${header('Technische und organisatorische Maßnahmen (Art. 32 DSGVO) – Zähltest', deployment)}
## Einstellungen dieser Installation

${settingsTable(deployment)}

## 1. Pseudonymisierung und Datensparsamkeit

- Der Name des Kindes verlässt das Gerät nie; der Server kennt nur den Kind-Code (${CHILD_CODE_LENGTH} Zeichen, zufällig
  auf dem Gerät erzeugt). Die Liste, welcher Code zu welchem Kind gehört, gibt es nur auf den Geräten.
- Übertragen werden nur die Felder des Upload-Schemas (\`01-verzeichnis-verarbeitungstaetigkeiten.md\`);
  ein Ergebnis mit einem unbekannten Feld weist der Server zurück. Es gibt keine Freitextfelder.
- Ein vorzeitig beendeter Test nennt nur einen von fünf festen Gründen.

## 2. Verschlüsselung auf dem Gerät

- Alles, was das Gerät über ein Kind speichert (der laufende oder beendete Test, noch nicht gesendete
  Ergebnisse, die Kinder des Geräts und ihre Ergebnisse), ist mit AES-256-GCM verschlüsselt.
- Der Datenschlüssel ist zufällig (256 Bit) und je Gerät; gespeichert ist er nur verschlüsselt mit einem
  Schlüssel, der aus dem Passwort abgeleitet wird (PBKDF2-SHA256, ${ACCESS_KDF_ITERATIONS.toLocaleString('de-DE')} Iterationen, zufälliges
  Salz). Das Passwort hat mindestens ${MIN_PASSPHRASE_LENGTH} Zeichen; die App enthält keinen schnellen Hash davon.
- Nach einem Neuladen fragt die App wieder nach dem Passwort. Ein beendeter Test wird ${FINISHED_SESSION_HOURS} Stunden nach
  Testende vom Gerät gelöscht, sobald sein Ergebnis zum Senden bereitliegt.
- Unverschlüsselt bleiben nur Angaben, die weder Namen noch Geburtsdatum enthalten (z. B. Kind-Code,
  Testtag, der Stand der Übertragung). Ein automatischer Test prüft, dass im Speicher des Browsers weder Name noch
  Geburtsdatum im Klartext stehen.
- Sicherungsdateien des Geräts („Sicherung speichern“) sind mit dem Passwort verschlüsselt.
- **Organisatorisch:** Alle Geräte dieser Installation verwenden dasselbe Passwort (ACCESS_PASSWORD beim
  Bauen). [Festlegen, wer es erhält; die Geräte mit einer Bildschirmsperre schützen; es nach dem Ausscheiden
  von Personal ändern (die Geräte fragen dann einmal nach dem früheren).]

## 3. Verschlüsselung der Übertragung

${transport(deployment)}

## 4. Speicherung auf dem Server

Ort der Ergebnisse: ${databaseName(deployment)}. Dort liegen auch die Konten (Passwörter nur als
scrypt-Hash), die Hashes der API-Tokens und Sitzungen und das Protokoll. Zähltest verschlüsselt die
Datenbank auf dem Server nicht. [Verschlüsselung des Datenträgers beim Hoster prüfen bzw. vereinbaren.] Mit der
systemd-Unit aus \`deploy/\` läuft der Server als eigener Benutzer ohne Anmeldung, sieht vom System nur
seinen Datenordner, und die Einstellungsdatei mit den geheimen Einstellungen (etwa EXPORT_TOKEN
und Datenbank-Passwort) ist nur für root lesbar.
[Bestätigen, dass die Installation docs/deploy.md folgt.]

## 5. Zugriff auf die Ergebnisse

${access(deployment)}

Das Hochladen eines Ergebnisses braucht keine Anmeldung (die Tablets haben keine Zugangsdaten): Der
Server prüft jedes Ergebnis gegen das Schema und nimmt höchstens ${MAX_BODY_BYTES / 1024} KB je Ergebnis an; ${
    deployment.uploadsPerMinute === 0
      ? 'eine Grenze je Adresse ist ausgeschaltet (RATE_LIMIT_PER_MINUTE=0)'
      : `je Adresse höchstens ${deployment.uploadsPerMinute} Ergebnisse in der Minute (RATE_LIMIT_PER_MINUTE)`
  }. Lesen kann man über diesen Weg nichts.

## 6. Protokollierung

${logs(deployment)}

## 7. Sicherungen

${backups(deployment)}

## 8. Verfügbarkeit

Ein Ergebnis bleibt verschlüsselt auf dem Gerät, bis der Server den Empfang bestätigt; ohne Netz wird
später gesendet. Der Server meldet unter \`/api/health\`, ob er speichern kann; mit der systemd-Unit aus
\`deploy/\` startet der Dienst nach einem Absturz neu.

## 9. Organisatorische Maßnahmen

- [Einweisung der Fachkräfte: Passwort, Bildschirmsperre, „Kind löschen“, Umgang mit den PDFs]
- [Wer welches Konto mit welcher Rolle erhält (Abschnitt 5); wer die Einmalpasswörter übergibt]
${deployment.exportToken ? '- [Wer den Zugangsschlüssel EXPORT_TOKEN kennt]\n' : ''}- [Wer die Schlüsseldatei der Sicherungen hat]
- [Ablauf bei einem Löschwunsch der Eltern: \`03-loeschkonzept.md\`]
- [Regelmäßige Prüfung: diese Unterlagen nach jedem Update neu erzeugen und vergleichen]
`;
}

function loeschkonzept(deployment: Deployment): string {
  const months = deployment.retentionMonths;
  const requestOnServer = `auf \`/auswertung\` unter „Alle Ergebnisse eines Kindes löschen“ oder per Skript mit einem API-Token${deployment.exportToken ? ' bzw. EXPORT_TOKEN' : ''} über \`DELETE /api/results?childCode=…\` (docs/research.md). Gelöscht wird nur in den Einrichtungen des löschenden Kontos: Ein Kind-Code bezeichnet ein Kind nur innerhalb seiner Kita, zwei Kitas können denselben Code haben. Ein Konto der Rolle ${ROLE_LABELS.leitung} löscht also nur in ihren Einrichtungen; ein Konto mit allen Einrichtungen (${ROLE_LABELS.verwaltung}, ${ROLE_LABELS.forschung} auf alle${deployment.exportToken ? ', EXPORT_TOKEN' : ''}) löscht den Code in allen – vor dem Bestätigen die genannte Anzahl mit den Eltern abgleichen. Das Protokoll verzeichnet die Löschung mit Konto, Rolle und Einrichtungen; das Log nennt nie den Code.`;
  return `${header('Löschkonzept – Zähltest', deployment)}
## Regelfristen

| Daten | Ort | Frist | Wie |
| --- | --- | --- | --- |
| Laufender oder beendeter Test (Name, Geburtsdatum, Antworten) | Gerät | ${FINISHED_SESSION_HOURS} Stunden nach Testende, sobald das Ergebnis zum Senden bereitliegt; sonst mit „Zurück zum Start“ oder „Test abbrechen“ | automatisch |
| Noch nicht gesendete Ergebnisse (ohne Namen) | Gerät | bis der Server den Empfang bestätigt | automatisch |
| Die Kinder des Geräts und ihre Ergebnisse (mit Namen) | Gerät | ein Kind, das ${DEVICE_RETENTION_MONTHS} Monate nicht getestet wurde, wird oben in der „Gruppenübersicht“ zur Löschung angeboten | die Fachkraft bestätigt |
| Ergebnisse | Server | ${months} Monate nach dem letzten Test des Kind-Codes, alle Ergebnisse des Codes zusammen; ein Ergebnis ohne Kind-Code ${months} Monate nach seinem Testtag | automatisch, beim Start und täglich |
| Sicherungen des Servers | [Ort] | ${BACKUP_KEEP_DAYS} Tage (Vorschlag in docs/deploy.md) [bestätigen]; Kopien außerhalb des Servers: [Frist] | [cron-Eintrag nach docs/deploy.md] |
| Sicherungsdateien eines Geräts (\`.zts\`) | wo die Fachkraft sie ablegt | [Regel festlegen] | von Hand |
| Sitzungen auf \`/auswertung\` und \`/verwaltung\` | Server | ${SESSION_HOURS} Stunden, sofort bei Änderung von Passwort, Rolle oder Einrichtungen des Kontos oder seiner Deaktivierung; abgelaufene löscht die nächste Anmeldung | automatisch |
| Konten (Benutzername, Rolle, Einrichtungen, Passwort-Hash, letzte Anmeldung) | Server | bleiben gespeichert, auch deaktiviert: Zähltest löscht keine Konten [prüfen, ob das genügt] | Deaktivieren auf \`/verwaltung\` oder mit \`npm run verwaltung\` |
| API-Tokens (Name, Hash) | Server | ein widerrufenes Token gilt sofort nicht mehr, sein Eintrag bleibt beim Konto | Widerruf auf \`/verwaltung\` |
| Löschjournal (Löschungen nach Kind-Code, nur als Schlüssel-Hash, und nach Einsendungs-ID, mit Zeitpunkt und Einrichtungen; ohne Namen) | Server, \`DATA_DIR/deletion-journal/\`, nicht in Sicherungen | ${months} Monate und ein Monat nach der Löschung | automatisch, beim Start |
| Protokoll (Anmeldungen, Exporte, Löschungen, Änderungen an Konten, Tokens und Einrichtungen; ohne Namen von Kindern) | Server | ${deployment.protokollMonths} Monate (PROTOKOLL_MONTHS) | automatisch, beim Start und täglich |
| Log | [System, z. B. journald] | [Frist eintragen] | [System] |

## Aufbewahrung auf dem Server (RETENTION_MONTHS = ${months})

Der Server löscht die Ergebnisse eines Kind-Codes ${months} Monate nach dessen letztem Test, alle zusammen:
So bleibt der Verlauf eines Kindes, das z. B. mit 4, 6 und 9 Jahren getestet wurde, vollständig, bis der
Test mit 9 Jahren ${months} Monate zurückliegt. Ein Ergebnis ohne Kind-Code löscht er ${months} Monate nach seinem
eigenen Testtag (für Ergebnisse ohne Testtag, von älteren Versionen gesendet: nach dem Tag des Eingangs).
Er prüft beim Start und dann täglich, nennt die Regel beim Start und schreibt die Zahl der gelöschten
Ergebnisse ins Log. Die Zusammenfassungen für die Statistik werden im selben Schritt angepasst.

Gelöschte Ergebnisse bleiben in Sicherungen, bis diese ablaufen (${BACKUP_KEEP_DAYS} Tage nach docs/deploy.md).
Wird eine Sicherung zurückgespielt, löscht der nächste Start des Servers erneut, was die
Aufbewahrungsfrist und Löschungen nach Kind-Code oder Einsendungs-ID seit der Sicherung gelöscht haben
(Löschjournal, docs/privacy.md); ein seitdem erneut getestetes Kind behält das neue Ergebnis.

## Löschung auf Antrag (Art. 17 DSGVO)

1. Auf dem Gerät: den Kind-Code notieren (Angaben zum Kind, Ergebnisseite oder PDF), dann das Kind in der
   „Gruppenübersicht“ mit „Kind löschen“ löschen; seine Ergebnisse auf dem Gerät gehen mit. Noch nicht
   gesendete Ergebnisse (ohne Namen) werden trotzdem gesendet.
2. Auf dem Server: alle Ergebnisse des Kind-Codes löschen, ${requestOnServer}
3. Sicherungen, die vor der Löschung entstanden sind, enthalten das Kind noch: löschen oder ablaufen
   lassen; PDFs und Sicherungsdateien der Geräte, wo sie abgelegt wurden, ebenso. [Ablauf festlegen]
   Wird eine solche Sicherung zurückgespielt, löscht der Server das Kind beim nächsten Start erneut
   (Löschjournal, docs/deploy.md Schritt 7).

Die Löschung auf dem Server ist erst nach der auf dem Gerät vollständig: Ein später gesendetes Ergebnis
trägt denselben Kind-Code.
`;
}

function folgenabschaetzung(deployment: Deployment): string {
  const transportRisk = deployment.behindProxy
    ? 'Übertragung über HTTPS durch den Reverse Proxy (TRUST_PROXY gesetzt) [bestätigen].'
    : '**Offen:** Kein Reverse Proxy eingestellt (TRUST_PROXY nicht gesetzt); ohne HTTPS gehen die Ergebnisse unverschlüsselt durch das Netz.';
  const backupRisk = deployment.backupsEncrypted
    ? 'Sicherungen sind verschlüsselt (BACKUP_RECIPIENT gesetzt).'
    : '**Offen:** Sicherungen sind nicht verschlüsselt (BACKUP_RECIPIENT nicht gesetzt).';
  const exportTokenRisk = deployment.exportToken
    ? ` EXPORT_TOKEN (gesetzt, mindestens ${ACCESS_FACTS.minExportTokenLength} Zeichen) öffnet alle Einrichtungen mit den Rechten der Rolle ${ROLE_LABELS.forschung} und nennt im Protokoll keine Person.`
    : '';
  const accessRisk = `Konten mit den Rollen ${roleNames()}, vom Server je Anfrage auf ihre Einrichtungen beschränkt; die ${ROLE_LABELS.leitung} sieht nur ihre Einrichtungen. Passwörter mit mindestens ${MIN_PASSWORD_LENGTH} Zeichen als scrypt-Hash, Einmalpasswörter beim ersten Anmelden ersetzt, wachsende Wartezeiten nach Fehlversuchen. Das Protokoll nennt bei jeder Anmeldung, jedem Export, jeder Löschung und Auskunft das Konto.${exportTokenRisk}`;
  return `${header('Hinweise zur Datenschutz-Folgenabschätzung (Art. 35 DSGVO) – Zähltest', deployment)}
## Ist eine Folgenabschätzung nötig?

Zähltest verarbeitet Daten von Kindern (4 bis 10 Jahre), also besonders schutzbedürftiger Personen, um
ihren Entwicklungsstand einzuschätzen, und verbindet wiederholte Tests eines Kindes über Jahre. [Anhand
der Liste der zuständigen Aufsichtsbehörde nach Art. 35 Abs. 4 DSGVO prüfen, ob sie die Verarbeitung von
Daten Minderjähriger zur Leistungs- oder Entwicklungsbeurteilung nennt (nach Kenntnis des Projekts tut das
die Liste in Baden-Württemberg). Ergebnis der Prüfung eintragen.]

## Systematische Beschreibung

1. Gerät: Name, Geburtsdatum, Antworten und Ergebnisse der Kinder, verschlüsselt.
2. Übertragung ohne Namen: ${deployment.behindProxy ? 'über den Reverse Proxy (HTTPS laut docs/deploy.md)' : 'ohne Reverse Proxy, also über HTTP'}.
3. Server: ${databaseName(deployment)}.
4. Auswertung, Export und Löschung für Konten mit einer Rolle, je auf ihre Einrichtungen beschränkt${deployment.exportToken ? `; dazu EXPORT_TOKEN mit den Rechten der Rolle ${ROLE_LABELS.forschung} auf alle Einrichtungen` : ''}.

Felder, Empfänger und Fristen: \`01-verzeichnis-verarbeitungstaetigkeiten.md\`.

## Notwendigkeit und Verhältnismäßigkeit

- Ohne Namen auf dem Server; Kind-Code als Pseudonym; keine Freitextfelder.
- Feste Fristen: auf dem Gerät nach ${DEVICE_RETENTION_MONTHS} Monaten ohne Test zur Löschung angeboten, auf dem Server
  ${deployment.retentionMonths} Monate nach dem letzten Test gelöscht (\`03-loeschkonzept.md\`).
- Die Ergebnisseite sagt, dass das Ergebnis ein Screening ohne Normen ist, keine Diagnose.

## Risiken und Maßnahmen

| Risiko | Maßnahmen heute | Zu prüfen |
| --- | --- | --- |
| Wiedererkennung eines Kindes auf dem Server: Kind-Code, Geburtsdatum, Einrichtungskennung und Testtag zusammen | kein Name; die Zuordnung Code → Name nur auf den Geräten | [Ob Geburtsdatum und Einrichtungskennung für die Auswertung nötig sind; wer Exporte erhält] |
| Unbefugter Zugriff auf die Ergebnisse auf dem Server | ${accessRisk} | [Wer welches Konto mit welcher Rolle erhält${deployment.exportToken ? '; wer EXPORT_TOKEN kennt' : ''}; Zugang zum Server] |
| Mitlesen bei der Übertragung | ${transportRisk} | [HTTPS bestätigen] |
| Verlust oder Diebstahl eines Geräts | Verschlüsselung auf dem Gerät (AES-256-GCM, Passwort) | [Ein Passwort für alle Geräte; Bildschirmsperre] |
| Sicherungen in falschen Händen | ${backupRisk} | [Ort der Sicherungen und der Schlüsseldatei] |
| Fehldeutung als Diagnose, Stigmatisierung | Hinweis „Screening, keine Diagnose“ auf Ergebnisseite und PDF | [Einweisung der Fachkräfte; Gespräch mit den Eltern] |
| Testsprache als Hinweis auf die Herkunft | Sprache nur als Code; Auswertung ohne Namen | [Art. 9 DSGVO prüfen] |
| Einwilligung und Widerruf nicht nachweisbar | Zähltest erfasst die Einwilligung derzeit nicht | [Einwilligung außerhalb von Zähltest dokumentieren] |
| Auskunft (Art. 15) | Auf dem Gerät: Ergebnisseite und PDF eines Kindes; auf dem Server: „Auskunft für Eltern (Art. 15 DSGVO)“ auf der Auswertungsseite, alles zum Kind-Code in den Einrichtungen des Kontos als PDF und JSON, im Protokoll vermerkt | [Ablauf festlegen] |

## Ergebnis

[Bewertung der Restrisiken und Entscheidung durch den Verantwortlichen, Stellungnahme der oder des
Datenschutzbeauftragten.]
`;
}

function checkliste(deployment: Deployment): string {
  const specific: string[] = [];
  if (deployment.database.kind === 'postgres' && !deployment.database.onThisMachine)
    specific.push(
      '- [ ] Der PostgreSQL-Server läuft auf einem anderen Rechner: Betreibt ihn ein anderer Dienstleister, braucht es auch mit ihm einen Vertrag (oder er ist Unterauftragsverarbeiter).',
    );
  else
    specific.push(
      deployment.database.kind === 'pglite'
        ? `- [ ] Die Ergebnisse liegen als Dateien im Ordner \`${deployment.database.dataDir}\` auf dem Datenträger des Hosters: Verschlüsselung des Datenträgers und Zugang seines Personals regeln.`
        : '- [ ] Die Datenbank (PostgreSQL) liegt auf demselben Server: Verschlüsselung des Datenträgers und Zugang des Personals des Hosters regeln.',
    );
  specific.push(
    deployment.backupsEncrypted
      ? '- [ ] Sicherungen sind verschlüsselt (BACKUP_RECIPIENT gesetzt); die Schlüsseldatei liegt nicht beim Hoster. [Bestätigen]'
      : '- [ ] Sicherungen sind **nicht** verschlüsselt (BACKUP_RECIPIENT nicht gesetzt): Personal des Hosters mit Zugang zu den Sicherungen kann alle Ergebnisse lesen. Entweder BACKUP_RECIPIENT setzen (empfohlen) oder den Zugang im Vertrag ausdrücklich regeln.',
    deployment.behindProxy
      ? '- [ ] HTTPS endet am Reverse Proxy (TRUST_PROXY gesetzt): Wer betreibt ihn und verwaltet die Zertifikate?'
      : '- [ ] Kein Reverse Proxy eingestellt (TRUST_PROXY nicht gesetzt): Vor dem Vertrag HTTPS einrichten (docs/deploy.md), sonst gehen die Ergebnisse unverschlüsselt durch das Netz des Hosters.',
    '- [ ] Eigene Sicherungen oder Snapshots des Hosters enthalten Ergebnisse, auch gelöschte: deren Frist und Löschung vereinbaren.',
  );
  return `${header('Checkliste Auftragsverarbeitungsvertrag mit dem Hoster (Art. 28 DSGVO) – Zähltest', deployment)}
Für den Vertrag mit dem Betreiber des Servers, auf dem Zähltest läuft (Hoster, Rechenzentrum). Hoster:
[Name eintragen].

## Pflichtinhalte nach Art. 28 Abs. 3 DSGVO

- [ ] Gegenstand und Dauer: Betrieb des Servers für Zähltest, [Laufzeit]
- [ ] Art und Zweck: Speicherung der Screening-Ergebnisse ohne Namen (\`01-verzeichnis-verarbeitungstaetigkeiten.md\`)
- [ ] Art der Daten: die Felder eines Ergebnisses (Geburtsdatum, Einrichtung, Klassenstufe, Testsprache,
  Antworten, Kind-Code, Testtag); betroffen sind Kinder von 4 bis 10 Jahren
- [ ] Verarbeitung nur auf dokumentierte Weisung des Verantwortlichen
- [ ] Vertraulichkeit der Personen beim Hoster, die Zugang haben
- [ ] Technische und organisatorische Maßnahmen des Hosters nach Art. 32 (Zutritt zum Rechenzentrum,
  Zugang zu Server und Datenträgern, Verschlüsselung der Datenträger, Aktualisierungen); Abgleich mit
  \`02-technische-organisatorische-massnahmen.md\`
- [ ] Unterauftragsverarbeiter nur mit Genehmigung; Liste beifügen
- [ ] Unterstützung bei Anträgen der Betroffenen (Auskunft, Löschung)
- [ ] Unterstützung bei Art. 32 bis 36 DSGVO, Meldung einer Datenpanne unverzüglich [Frist, z. B. 24 Stunden]
- [ ] Nach Vertragsende: Löschung oder Rückgabe aller Daten, auch in Sicherungen des Hosters
- [ ] Nachweise und Kontrollen (Zertifikate, Audits)
- [ ] Ort der Verarbeitung: EU bzw. EWR [eintragen]; sonst Garantien nach Art. 44 ff.

## Aus den Einstellungen dieser Installation

${specific.join('\n')}
`;
}

/** The five documents for this deployment. */
export function datenschutzDocuments(deployment: Deployment): DatenschutzDocument[] {
  return [
    { name: DATENSCHUTZ_FILES.verzeichnis, text: verzeichnis(deployment) },
    { name: DATENSCHUTZ_FILES.massnahmen, text: massnahmen(deployment) },
    { name: DATENSCHUTZ_FILES.loeschkonzept, text: loeschkonzept(deployment) },
    { name: DATENSCHUTZ_FILES.folgenabschaetzung, text: folgenabschaetzung(deployment) },
    { name: DATENSCHUTZ_FILES.auftragsverarbeitung, text: checkliste(deployment) },
  ];
}
