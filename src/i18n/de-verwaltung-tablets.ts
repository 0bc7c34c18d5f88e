/**
 * German strings of the section 'Tablets' of /verwaltung (docs/product.md §51): the enrolled
 * tablets of each Einrichtung, their codes (on screen and printed), 'Abmelden' and the passphrase of
 * the Einrichtung. Part of de-verwaltung.ts (`verwaltung.tablets`).
 */
export const deVerwaltungTablets = {
  heading: 'Tablets',
  intro:
    'Jedes Tablet wird mit einem Einrichtungscode an seine Einrichtung gebunden. Es erhält dabei einen eigenen Schlüssel, den Namen der Einrichtung und, falls festgelegt, das Passwort der Einrichtung. Ein verlorenes Tablet melden Sie hier ab: Es kann dann nichts mehr senden.',
  none: 'Keine Einrichtung: Tablets gehören zu einer Einrichtung (Abschnitt „Einrichtungen“).',
  siteHeading: '{{name}} ({{code}})',
  noTablets: 'Noch kein Tablet eingerichtet.',
  openCodes_one: 'Ein Code ist noch nicht verwendet.',
  openCodes_other: '{{count}} Codes sind noch nicht verwendet.',
  caption: 'Tablets von {{name}}',
  columns: {
    name: 'Name',
    enrolled: 'Eingerichtet',
    lastContact: 'Letzter Kontakt',
    version: 'Version',
    unsent: 'Ungesendet',
    backup: 'Letzte Sicherung',
    state: 'Zustand',
    actions: 'Aktion',
  },
  version: 'App {{app}}, Inhalt {{content}}',
  unnamed: 'ohne Namen',
  unknown: 'unbekannt',
  states: {
    active: 'aktiv',
    revoked: 'abgemeldet am {{at}}',
    replaced: 'neu eingerichtet ({{id}})',
  },
  flags: {
    silent: 'seit über {{days}} Tagen still mit ungesendeten Ergebnissen',
    oldVersion: 'alte Version',
  },
  revoke: 'Abmelden …',
  revokeLabel: 'Tablet {{name}} abmelden',
  revokeHeading: 'Tablet „{{name}}“ abmelden?',
  revokeText:
    'Das Tablet kann ab sofort keine Ergebnisse mehr senden und erfährt kein neues Passwort. Was auf ihm gespeichert ist, bleibt dort; nach einer neuen Einrichtung mit einem neuen Code sendet es die Ergebnisse nach.',
  revokeConfirm: 'Abmelden',
  revoked: 'Tablet „{{name}}“ ist abgemeldet.',
  add: {
    open: 'Tablet hinzufügen',
    heading: 'Tablets für {{name}} hinzufügen',
    count: 'Anzahl Tablets (1 bis 60)',
    names: 'Namen der Tablets (freiwillig, einer pro Zeile, z. B. „Gruppe Bären“)',
    submit: 'Codes erstellen',
    tooManyNames: 'Mehr Namen ({{names}}) als Tablets ({{count}}).',
  },
  codes: {
    heading: 'Einrichtungscodes für {{name}} ({{code}})',
    validUntil: 'Gültig bis {{at}}, jeder Code für ein Tablet und nur einmal.',
    once: 'Die Codes werden nur jetzt angezeigt: Drucken Sie die Seite oder richten Sie die Tablets gleich ein.',
    howTo:
      'Auf dem Tablet: den QR-Code mit der Kamera scannen, oder in der App „Tablet einrichten“ wählen und den Code eintippen.',
    ipad: 'Auf iPads: die App vom Home-Bildschirm öffnen und dort unter „Tablet einrichten“ den Code eintippen – ein gescannter Link richtet nur Safari ein, nicht die App.',
    qr: 'QR-Code für {{code}}',
    print: 'Drucken',
    close: 'Gedruckt, ausblenden',
  },
  passphrase: {
    heading: 'Passwort der Einrichtung',
    intro:
      'Mit diesem Passwort öffnen die Fachkräfte die eingerichteten Tablets dieser Einrichtung. Ein neues Passwort erfährt jedes Tablet bei seinem nächsten Kontakt mit dem Server; gespeicherte Daten öffnen sich danach einmal mit dem bisherigen Passwort. Der Server speichert das Passwort nicht, nur eine Prüfsumme.',
    none: 'Noch keins festgelegt: Es gilt das Passwort, mit dem die App gebaut wurde.',
    state: 'Festgelegt am {{at}} (Version {{version}}).',
    open: 'Passwort festlegen',
    change: 'Passwort ändern',
    field: 'Neues Passwort (mindestens {{min}} Zeichen)',
    repeat: 'Neues Passwort wiederholen',
    submit: 'Passwort speichern',
    tooShort: 'Das Passwort braucht mindestens {{min}} Zeichen.',
    mismatch: 'Die beiden Eingaben stimmen nicht überein.',
    saved:
      'Das Passwort von {{code}} ist gespeichert (Version {{version}}). Die Tablets erfahren es bei ihrem nächsten Kontakt.',
  },
  unenrolled: {
    heading: 'Ergebnisse von nicht eingerichteten Tablets',
    intro:
      'Ergebnisse der letzten {{days}} Tage, die ohne eingerichtetes Tablet kamen, je Einrichtungskennung. Sind es keine mehr, kann der Betreiber die Uploads auf eingerichtete Tablets beschränken (UPLOAD_ACCESS=enrolled, docs/operation.md).',
    none: 'Keine: Alle Ergebnisse der letzten {{days}} Tage kamen von eingerichteten Tablets.',
    withoutCode: 'ohne Kennung',
    row_one: '{{site}}: ein Ergebnis',
    row_other: '{{site}}: {{count}} Ergebnisse',
  },
} as const;
