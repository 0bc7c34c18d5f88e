/**
 * German strings of the page /verwaltung (docs/product.md §47): accounts, Einrichtungen, the own
 * password and API tokens, the periods in force. The login and the Protokoll are /auswertung's
 * (de-auswertung.ts); both pages load both.
 */
import { deVerwaltungTablets } from './de-verwaltung-tablets';

export const deVerwaltung = {
  title: 'Zähltest – Verwaltung',
  intro:
    'Konten, Rollen und Einrichtungen. Was ein Konto sieht, bestimmt seine Rolle: Verwaltung alles, Kita-Leitung die Ergebnisse ihrer Einrichtungen, Forschung die pseudonymen Ergebnisse aller oder ausgewählter Einrichtungen.',
  nav: 'Abschnitte dieser Seite',
  cancel: 'Abbrechen',
  save: 'Speichern',
  copy: 'Kopieren',
  copied: 'Kopiert.',
  copyFailed: 'Kopieren nicht möglich. Bitte den Text markieren und von Hand kopieren.',
  failed: 'Das hat nicht geklappt: {{message}}',
  loadFailed: 'Konnte nicht geladen werden: {{message}}',
  never: 'nie',
  yes: 'ja',
  no: 'nein',
  konto: {
    heading: 'Mein Konto',
    keyHolder:
      'Mit dem Zugangsschlüssel (EXPORT_TOKEN) angemeldet: Er ist kein Konto und hat weder ein Passwort noch eigene API-Tokens.',
    tokens: 'API-Tokens für Skripte',
    tokensIntro:
      'Ein API-Token ruft die Auswertung aus einem Skript ab (Kopfzeile „Authorization: Bearer …“), mit den Rechten dieses Kontos. Jeder Token bekommt einen Namen, damit Sie ihn später wiedererkennen und widerrufen können.',
    tokenName: 'Name des Tokens',
    create: 'Token erstellen',
    createdHeading: 'Neuer Token „{{name}}“',
    createdWarning:
      'Der Token wird nur jetzt angezeigt. Kopieren Sie ihn an einen sicheren Ort (z. B. einen Passwortmanager); wer ihn kennt, hat die Rechte dieses Kontos. Verloren? Widerrufen und einen neuen erstellen.',
    tokenValue: 'Token',
    none: 'Noch kein API-Token.',
    caption: 'API-Tokens dieses Kontos',
    columns: { name: 'Name', created: 'Erstellt', lastUsed: 'Zuletzt benutzt', state: 'Zustand' },
    active: 'gültig',
    revokedAt: 'widerrufen am {{at}}',
    revoke: 'Widerrufen …',
    revokeHeading: 'Token widerrufen?',
    revokeText:
      'Der Token „{{name}}“ gilt danach nicht mehr; Skripte, die ihn benutzen, bekommen keinen Zugang mehr.',
    revokeConfirm: 'Token widerrufen',
    revoked: 'Der Token „{{name}}“ wurde widerrufen.',
  },
  sites: {
    heading: 'Einrichtungen',
    intro:
      'Jede Einrichtung hat eine Kennung (wie auf den Tablets eingestellt, z. B. KITA-017) und einen Namen. Eine Einrichtung mit Ergebnissen wird nie gelöscht, nur deaktiviert.',
    readOnly: 'Nur die Verwaltung kann Einrichtungen anlegen und ändern.',
    caption: 'Einrichtungen mit ihrer Zahl an Ergebnissen',
    columns: {
      code: 'Kennung',
      name: 'Name',
      results: 'Ergebnisse',
      active: 'Aktiv',
      aliases: 'Zugeordnete Kennungen',
      actions: 'Ändern',
    },
    none: 'Noch keine Einrichtung.',
    addHeading: 'Einrichtung hinzufügen',
    code: 'Kennung',
    codeHint: 'Buchstaben, Ziffern und „-“, höchstens 20 Zeichen',
    name: 'Name',
    add: 'Hinzufügen',
    added: 'Die Einrichtung {{code}} wurde angelegt.',
    rename: 'Umbenennen',
    newName: 'Neuer Name für {{code}}',
    renamed: 'Die Einrichtung {{code}} heißt jetzt „{{name}}“.',
    deactivate: 'Deaktivieren',
    reactivate: 'Wieder aktivieren',
    deactivated: 'Die Einrichtung {{code}} ist deaktiviert.',
    reactivated: 'Die Einrichtung {{code}} ist wieder aktiv.',
  },
  unassigned: {
    heading: 'Kennungen ohne Einrichtung',
    intro:
      'Ergebnisse mit einer Einrichtungskennung, die (noch) keine Einrichtung ist, z. B. ein Tippfehler wie „kita-17“. Verwaltung und Forschung sehen sie; eine Kita-Leitung erst, wenn die Kennung ihrer Einrichtung zugeordnet ist.',
    none: 'Alle Ergebnisse gehören zu einer Einrichtung.',
    readOnly: 'Zuordnen kann nur, wer alle Einrichtungen sieht (Verwaltung, Forschung für alle).',
    caption: 'Kennungen ohne Einrichtung mit ihrer Zahl an Ergebnissen',
    columns: { code: 'Kennung', results: 'Ergebnisse', assign: 'Zuordnen zu' },
    choose: 'Einrichtung wählen',
    target: 'Einrichtung für {{code}}',
    assign: 'Zuordnen …',
    chooseFirst: 'Bitte zuerst eine Einrichtung wählen.',
    confirmHeading: 'Kennung zuordnen?',
    confirmText_one:
      'Die Kennung {{code}} wird der Einrichtung {{site}} ({{name}}) zugeordnet: {{count}} Ergebnis wechselt zu {{site}}, auch künftige Ergebnisse mit dieser Kennung. Das Protokoll vermerkt es.',
    confirmText_other:
      'Die Kennung {{code}} wird der Einrichtung {{site}} ({{name}}) zugeordnet: {{count}} Ergebnisse wechseln zu {{site}}, auch künftige Ergebnisse mit dieser Kennung. Das Protokoll vermerkt es.',
    confirm: 'Zuordnen',
    done_one: '{{count}} Ergebnis der Kennung {{code}} gehört jetzt zu {{site}}.',
    done_other: '{{count}} Ergebnisse der Kennung {{code}} gehören jetzt zu {{site}}.',
  },
  accounts: {
    heading: 'Konten',
    intro:
      'Jedes Konto gehört einer Person. Ein neues Konto und ein vergessenes Passwort bekommen ein Einmalpasswort, das bei der ersten Anmeldung ersetzt werden muss. Eine Änderung von Rolle oder Einrichtungen und das Deaktivieren beenden die offenen Sitzungen des Kontos.',
    caption: 'Konten mit Rolle, Einrichtungen und letzter Anmeldung',
    columns: {
      name: 'Benutzername',
      role: 'Rolle',
      sites: 'Einrichtungen',
      state: 'Zustand',
      lastLogin: 'Letzte Anmeldung',
      actions: 'Ändern',
    },
    states: {
      active: 'aktiv',
      disabled: 'deaktiviert',
      oneTime: 'aktiv, Einmalpasswort noch nicht ersetzt',
    },
    addHeading: 'Konto hinzufügen',
    name: 'Benutzername',
    nameHint: '2 bis 40 Zeichen: Buchstaben, Ziffern, „.“, „_“ und „-“',
    role: 'Rolle',
    sites: 'Einrichtungen',
    allSites: 'alle Einrichtungen (auch künftige)',
    verwaltungSites: 'Die Verwaltung sieht immer alle Einrichtungen.',
    noSitesYet: 'Noch keine Einrichtung angelegt: bitte zuerst oben eine Einrichtung hinzufügen.',
    needSite: 'Bitte mindestens eine Einrichtung wählen.',
    add: 'Konto anlegen',
    edit: 'Ändern …',
    editLabel: 'Rolle und Einrichtungen ändern: {{name}}',
    editHeading: 'Rolle und Einrichtungen von {{name}}',
    changed: 'Das Konto {{name}} wurde geändert; seine offenen Sitzungen sind beendet.',
    disable: 'Deaktivieren',
    enable: 'Wieder aktivieren',
    disabled: 'Das Konto {{name}} ist deaktiviert; seine offenen Sitzungen sind beendet.',
    enabled: 'Das Konto {{name}} ist wieder aktiv.',
    reset: 'Neues Einmalpasswort …',
    resetHeading: 'Neues Einmalpasswort für {{name}}?',
    resetText:
      'Das bisherige Passwort von {{name}} gilt danach nicht mehr, offene Sitzungen enden. Das Einmalpasswort wird einmal angezeigt.',
    resetConfirm: 'Einmalpasswort erzeugen',
    passwordHeading: 'Einmalpasswort für {{name}}',
    passwordNote:
      'Wird nur jetzt angezeigt. Bitte persönlich übergeben (nicht per E-Mail oder Chat); bei der ersten Anmeldung legt {{name}} ein eigenes Passwort fest.',
    passwordLabel: 'Einmalpasswort',
    close: 'Gesehen, ausblenden',
  },
  fristen: {
    heading: 'Fristen',
    intro: 'Die Fristen, die dieser Server und die Tablets einhalten.',
    results:
      'Ergebnisse auf dem Server: {{months}} Monate nach dem letzten Test des Kindes, dann löscht der Server sie (RETENTION_MONTHS).',
    protokoll: 'Protokoll: {{months}} Monate, dann löscht der Server ältere Einträge (PROTOKOLL_MONTHS).',
    backups:
      'Sicherungen: Die nächtliche Sicherung nach der Anleitung (docs/deploy.md) bleibt {{days}} Tage auf dem Server, dann löscht der cron-Eintrag sie. Das ist die Regel der Anleitung, keine Einstellung des Servers. Kopien außerhalb des Servers folgen dem eigenen Plan des Trägers. Gelöschte Ergebnisse bleiben in den Sicherungen, bis diese ablaufen.',
    device:
      'Auf dem Tablet: Ein Kind ohne Test seit {{months}} Monaten wird der Fachkraft zum Löschen angeboten (Name und Geburtsdatum bleiben immer auf dem Gerät).',
    change:
      'Die Fristen des Servers legt der Betreiber in dessen Konfiguration fest (RETENTION_MONTHS, PROTOKOLL_MONTHS; siehe docs/operation.md).',
  },
  tablets: deVerwaltungTablets,
  datenschutz: {
    heading: 'Datenschutz-Unterlagen',
    intro:
      'Entwürfe für die oder den Datenschutzbeauftragten: Verzeichnis der Verarbeitungstätigkeiten, technische und organisatorische Maßnahmen, Löschkonzept, Hinweise zur Folgenabschätzung und eine Checkliste für den Vertrag mit dem Hoster. Der Server schreibt sie aus seinen eigenen Einstellungen (Fristen, Datenbank, Sicherungen, Zugänge); Geheimnisse wie Passwörter oder Schlüssel stehen nicht darin, nur ob sie gesetzt sind.',
    check:
      'Die Unterlagen sind nicht fertig: Stellen in eckigen Klammern [ ] füllt der Träger aus, und die oder der Datenschutzbeauftragte prüft alles, bevor es gilt. Jeder Download steht im Protokoll.',
    files: {
      verzeichnis: 'Verzeichnis der Verarbeitungstätigkeiten (Art. 30 DSGVO)',
      massnahmen: 'Technische und organisatorische Maßnahmen (Art. 32 DSGVO)',
      loeschkonzept: 'Löschkonzept',
      folgenabschaetzung: 'Hinweise zur Datenschutz-Folgenabschätzung (Art. 35 DSGVO)',
      auftragsverarbeitung: 'Checkliste Auftragsverarbeitung mit dem Hoster (Art. 28 DSGVO)',
    },
    download: '{{label}} (.md)',
    format: 'Markdown-Dateien (.md): mit jedem Texteditor zu öffnen und in ein Textprogramm zu übernehmen.',
    loading: 'Wird erstellt …',
    failed: 'Herunterladen fehlgeschlagen: {{message}}',
    missing: 'Der Server hat dieses Dokument nicht geschickt. Die Seite neu laden.',
  },
} as const;
