import type { School } from '../domain/facts';

/** German strings of the researchers' page /auswertung (part of `de`, see de.ts). */
export const deAuswertung = {
  title: 'Zähltest – Auswertung',
  loading: 'Wird geladen …',
  /** One login for /auswertung and /verwaltung (docs/product.md §47). */
  login: {
    heading: 'Anmelden',
    intro:
      'Melden Sie sich mit Ihrem Benutzernamen und Passwort an. Dieselbe Anmeldung gilt für die Auswertung und die Verwaltung.',
    name: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
    working: 'Anmeldung läuft …',
    failed: 'Anmeldung fehlgeschlagen: {{message}}',
    offline: 'Der Server ist nicht erreichbar. Bitte Verbindung prüfen und erneut versuchen.',
    keyToggle: 'Mit Zugangsschlüssel anmelden',
    keyIntro:
      'Nur für den Betreiber des Servers: Der Zugangsschlüssel (EXPORT_TOKEN) öffnet die Ergebnisse aller Einrichtungen mit den Rechten der Forschung. Alle anderen melden sich oben mit ihrem Konto an.',
    token: 'Zugangsschlüssel',
    keySubmit: 'Mit Schlüssel anmelden',
  },
  logout: 'Abmelden',
  sessionEnded: 'Ihre Sitzung wurde beendet. Bitte erneut anmelden.',
  /** Who is signed in, in the header of both pages. */
  me: {
    label: 'Angemeldet',
    account: '{{name}} · {{role}}',
    keyHolder: 'Zugangsschlüssel (EXPORT_TOKEN) · {{role}}',
    sites: 'Einrichtungen: {{sites}}',
    languages: 'Sprachen: {{languages}}',
    allSites: 'alle',
    noSites: 'keine',
    toVerwaltung: 'Verwaltung',
    toAuswertung: 'Auswertung',
    toSprachen: 'Sprachprüfung',
  },
  /** A one-time password is replaced before anything else (docs/product.md §47). */
  firstPassword: {
    heading: 'Eigenes Passwort festlegen',
    intro:
      'Sie haben sich mit einem Einmalpasswort angemeldet. Bitte legen Sie jetzt ein eigenes Passwort fest; erst danach öffnet sich die Seite.',
    current: 'Einmalpasswort',
  },
  password: {
    heading: 'Passwort ändern',
    rules: 'Mindestens {{min}} Zeichen; der Benutzername darf nicht darin vorkommen.',
    current: 'Bisheriges Passwort',
    next: 'Neues Passwort',
    repeat: 'Neues Passwort wiederholen',
    submit: 'Passwort festlegen',
    working: 'Wird gespeichert …',
    tooShort: 'Das neue Passwort braucht mindestens {{min}} Zeichen.',
    mismatch: 'Die beiden Eingaben des neuen Passworts stimmen nicht überein.',
    done: 'Das neue Passwort gilt ab sofort. Andere Sitzungen dieses Kontos wurden beendet.',
    failed: 'Das Passwort wurde nicht geändert: {{message}}',
  },
  loadFailed: 'Die Auswertung konnte nicht geladen werden: {{message}}',
  filter: {
    heading: 'Filter',
    hint: 'Die Filter gelten für alle Zahlen, Grafiken und Downloads dieser Seite.',
    from: 'Testdatum von',
    to: 'Testdatum bis',
    language: 'Sprache',
    school: 'Einrichtung',
    version: 'Inhaltsversion',
    any: 'alle',
    withoutVersion: 'ohne Version (ältere Ergebnisse)',
    site: 'Einrichtungskennung',
    sound: 'Ton',
    sounds: {
      mit: 'mit Ton',
      ohne: 'ohne Ton',
      alle: 'alle',
    },
    /** docs/product.md §38: tests ended early with 'Test beenden'. */
    ended: 'vorzeitig beendet',
    endedChoices: {
      ohne: 'ohne',
      nur: 'nur',
      alle: 'alle',
    },
    /** docs/product.md §39: recorded on the start screen; its choices are the German words themselves. */
    understanding: 'Sprachverständnis',
    /** docs/product.md §28: a level not reached below a reached one. */
    profile: 'Profil',
    profiles: {
      alle: 'alle',
      nur: 'nur ungewöhnliche',
      ohne: 'ohne ungewöhnliche',
    },
    test: 'Tests je Kind',
    tests: {
      erster: 'erster Test',
      letzter: 'letzter Test',
    },
    apply: 'Anwenden',
    reset: 'Zurücksetzen',
    active: 'Aktive Filter: {{filters}}',
    none: 'Keine Filter: alle Ergebnisse.',
    fromAfterTo: 'Das Datum „von“ liegt nach dem Datum „bis“. Bitte den Zeitraum korrigieren.',
  },
  // The languages' names come from the packs (content/languages/); a draft language is marked so.
  draft: '(Entwurf)',
  draftNote:
    '„(Entwurf)“ hinter einer Sprache: Ihre Texte sind noch nicht alle von Muttersprachlern geprüft. Ob ein Ergebnis in einer Entwurfssprache erhoben wurde, sagt die CSV-Spalte „Übersetzung“ (der Stand beim Test).',
  schools: { Kita: 'Kita', Grundschule: 'Grundschule', Foerderschule: 'Förderschule' } satisfies Record<
    School,
    string
  >,
  unknown: 'unbekannt',
  all: 'Gesamt',
  overview: {
    heading: 'Übersicht',
    countsResults:
      'Die Übersicht zählt Ergebnisse: ein Kind mit zwei Tests zählt zweimal. Alle Zahlen und Downloads dieser Seite enthalten nur Ergebnisse, deren Eltern der Weitergabe für die Forschung zugestimmt haben (Spalte „Einwilligung Forschung“).',
    total_one: '{{count}} Ergebnis',
    total_other: '{{count}} Ergebnisse',
    empty: 'Für diese Filter gibt es keine Ergebnisse.',
    onlySilent_one:
      'Mit dem Filter „Ton: mit Ton“ bleibt kein Ergebnis: Das einzige Ergebnis wurde ohne Ton durchgeführt (z. B. ein Probetest ohne Ton).',
    onlySilent_other:
      'Mit dem Filter „Ton: mit Ton“ bleibt kein Ergebnis: Alle {{count}} Ergebnisse wurden ohne Ton durchgeführt (z. B. Probetests ohne Ton).',
    showAll: 'Alle Ergebnisse zeigen (Ton: alle)',
    soundExcluded_one:
      '{{count}} Ergebnis ohne Ton ausgeschlossen (Filter „Ton“: mit Ton). Ältere Ergebnisse ohne Angabe zum Ton zählen mit.',
    soundExcluded_other:
      '{{count}} Ergebnisse ohne Ton ausgeschlossen (Filter „Ton“: mit Ton). Ältere Ergebnisse ohne Angabe zum Ton zählen mit.',
    endedExcluded_one:
      '{{count}} vorzeitig beendeter Test ausgeschlossen (Filter „vorzeitig beendet“: ohne). Er zählt in keiner Statistik, keinem Niveau und keinem Verlauf.',
    endedExcluded_other:
      '{{count}} vorzeitig beendete Tests ausgeschlossen (Filter „vorzeitig beendet“: ohne). Sie zählen in keiner Statistik, keinem Niveau und keinem Verlauf.',
    endedEarly: 'Vorzeitig beendet nach Grund und Sprache',
    endedRow: '{{reason}} · {{language}}',
    unusual: 'Ungewöhnliches Profil nach Sprache',
    unusualHint:
      'Ungewöhnliches Profil: ein niedrigeres Niveau nicht erreicht, obwohl ein höheres erreicht ist (z. B. Niveau 1 mit 1 von 7, Niveau 2 mit 7 von 7 Punkten). Gezählt unter den übrigen Filtern; welche Niveaus es sind, sagt die CSV-Spalte „Ungewöhnliches Profil“.',
    noUnusual: 'Kein Ergebnis mit ungewöhnlichem Profil (unter den übrigen Filtern).',
    byLanguage: 'Nach Sprache',
    bySchool: 'Nach Einrichtung',
    bySchoolLevel: 'Nach Jahrgang',
    byMonth: 'Nach Monat des Tests',
    noSchoolLevel: 'kein Jahrgang',
    value: 'Wert',
    count: 'Ergebnisse',
  },
  /** The statistics count children, one test each (docs/product.md §24). */
  perChild: {
    note: 'Ab hier zählen Kinder, nicht Ergebnisse: {{count}} Kinder, je Kind ein Test (der {{test}} unter den gefilterten). Ein Kind ist Einrichtungskennung und Kind-Code zusammen; ein Ergebnis ohne Kind-Code zählt als ein Kind.',
    first: 'erste',
    last: 'letzte',
    few: 'Weniger als {{min}} Kinder, Werte unsicher (mit * markiert): {{groups}}.',
    fewGroup: '{{name}} (n = {{n}})',
  },
  levels: {
    heading: 'Verteilung der Niveaus',
    byLanguage: 'Zugeordnetes Niveau nach Sprache',
    byAge: 'Zugeordnetes Niveau nach Alter',
    level: 'Niveau {{level}}',
    above3: 'größer 3',
    chartLabel: 'Balkendiagramm: {{title}}. Die Zahlen stehen in der Tabelle darunter.',
    ageBand: 'Alter',
    under4: 'unter 4 Jahre',
    years: '{{years}} Jahre',
    tenPlus: '10 Jahre und älter',
    ageUnknown: 'Alter unbekannt',
    group: 'Gruppe',
    unusualNote:
      'Ergebnisse mit ungewöhnlichem Profil (ein niedrigeres Niveau nicht erreicht, ein höheres erreicht) behalten das Niveau nach der Regel der Spezifikation: das höchste erreichte Niveau plus eins. Sie lassen sich mit dem Filter „Profil“ zeigen oder ausschließen.',
  },
  items: {
    heading: 'Aufgabenanalyse',
    intro:
      'Lösungsquote: Anteil richtiger Antworten. Trennschärfe: Korrelation der Aufgabe mit der Summe der übrigen Aufgaben (korrigierte Item-Total-Korrelation). keine Antwort: Anteil der Kinder, bei denen „Weiß nicht“ erfasst wurde (zählt als nicht gelöst; ältere Ergebnisse kennen diese Angabe nicht). n: Zahl der Kinder (je Kind ein Test).',
    question: 'Frage',
    level: 'Niveau',
    rate: 'Lösungsquote',
    noAnswer: 'keine Antwort',
    correlation: 'Trennschärfe',
    n: 'n',
    caption: 'Lösungsquote, Anteil „keine Antwort“, Trennschärfe und n je Frage und Sprache',
  },
  reliability: {
    heading: 'Reliabilität (KR-20)',
    intro: 'Kuder-Richardson-Formel 20 je Niveau (7 Fragen) und für den ganzen Test (21 Fragen).',
    level: 'Niveau {{level}}',
    whole: 'Ganzer Test',
    scope: 'Bereich',
  },
  dif: {
    heading: 'Differential Item Functioning (DIF)',
    intro:
      'Mantel-Haenszel-Verfahren: Kinder mit gleicher Gesamtpunktzahl werden verglichen, Referenzgruppe ist {{reference}}. ETS-Delta = −2,35 · ln α(MH); negativ heißt: die Frage ist für die Vergleichsgruppe schwerer. Kategorie A: vernachlässigbar, B: mittel, C: groß (|Delta| ≥ 1,5 und deutlich über 1). C-Fragen sind hervorgehoben.',
    ignoresLanguage: 'Der Sprachfilter gilt hier nicht: DIF vergleicht die Sprachen miteinander.',
    against: '{{language}} gegen {{reference}}',
    alpha: 'α(MH)',
    delta: 'Delta',
    category: 'Kat.',
    notComputable: '–',
    noFocal: 'Für einen Vergleich fehlen Ergebnisse auf {{reference}} oder in einer zweiten Sprache.',
    flagged: 'Kategorie C: {{questions}}',
    noneFlagged: 'Keine Frage in Kategorie C.',
    tooFewData: 'nicht berechenbar (zu wenige Daten)',
    someNotComputable: 'Fragen mit „–“: nicht berechenbar (zu wenige Daten).',
  },
  progress: {
    heading: 'Verlauf',
    intro:
      'Kinder mit zwei oder mehr Tests, verbunden über den Kind-Code: Veränderung der Punkte vom ersten zum letzten Test (letzter minus erster; mittlere Tests zählen nicht). Die Filter gelten für die Tests: es zählen der erste und der letzte Test im gewählten Zeitraum.',
    children_one: '{{count}} Kind mit zwei oder mehr Tests',
    children_other: '{{count}} Kinder mit zwei oder mehr Tests',
    withCode: '{{results}} Ergebnisse mit Kind-Code von {{children}} Kindern.',
    none: 'Für diese Filter gibt es kein Kind mit zwei oder mehr Tests.',
    changeHeading: 'Veränderung der Punkte (Mittelwert)',
    changeCaption:
      'Mittlere Veränderung der Punkte je Niveau und gesamt, mit n und mittlerem Abstand in Wochen',
    group: 'Gruppe',
    n: 'n',
    weeks: 'Abstand (Wochen)',
    level: 'Niveau {{level}}',
    total: 'Gesamt',
    all: 'Alle Kinder',
    firstLevel: 'Erstes Niveau: {{level}}',
    distributionHeading: 'Verteilung der Veränderung',
    distributionCaption: 'Kinder je Veränderung der Punkte, je Niveau und gesamt',
    directionHeading: 'Weniger, gleich, mehr Punkte',
    directionCaption: 'Kinder mit weniger, gleich vielen und mehr Punkten im letzten Test, je Gruppe',
    down: 'weniger',
    same: 'gleich',
    up: 'mehr',
    sd: 'SD',
    median: 'Median',
    change: 'Veränderung',
    children: 'Kinder',
    points: '{{change}} Punkte',
    levelsHeading: 'Erstes und letztes zugeordnetes Niveau',
    levelsChart: 'Letztes Niveau nach erstem Niveau',
    firstLevelRow: 'zuerst {{level}}',
    moved: 'Aufgestiegen: {{up}} · gleich geblieben: {{stayed}} · abgestiegen: {{down}}',
  },
  /** docs/product.md §44: children tested in their home language and in German. */
  bilingual: {
    heading: 'Zweisprachige Profile',
    intro:
      'Kinder, die in ihrer Familiensprache und auf {{german}} getestet wurden: zwei Tests mit demselben Kind-Code und derselben Einrichtungskennung, beide bis zum Ende durchgeführt, höchstens {{pairDays}} Tage auseinander (wie in der CSV-Spalte „Sprachpaar“). Je Kind zählt sein erstes Sprachpaar nach Testdatum, wenn beide Tests unter die Filter fallen; der Sprachfilter wählt die Familiensprache. Vorzeitig beendete Tests bilden nie ein Paar.',
    meaning:
      'Ein Unterschied zwischen den Sprachen weist auf die Sprache hin, nicht auf das Zahlverständnis.',
    children_one: '{{count}} Kind mit Sprachpaar',
    children_other: '{{count}} Kinder mit Sprachpaar',
    none: 'Für diese Filter gibt es kein Kind mit Sprachpaar.',
    caption:
      'Kinder mit Sprachpaar je Familiensprache: zugeordnetes Niveau auf {{german}} höher, gleich oder niedriger als in der Familiensprache, und mittleres Niveau in beiden Sprachen',
    homeLanguage: 'Familiensprache',
    n: 'Kinder',
    higher: 'auf {{german}} höher',
    same: 'gleich',
    lower: 'auf {{german}} niedriger',
    meanHome: 'Mittleres Niveau Familiensprache',
    meanGerman: 'Mittleres Niveau {{german}}',
    meanNote: 'Mittleres Niveau: Mittelwert des zugeordneten Niveaus 1 bis 3, wobei „größer 3“ als 4 zählt.',
  },
  removeChild: {
    heading: 'Alle Ergebnisse eines Kindes löschen',
    intro:
      'Wenn Eltern die Löschung verlangen und den Kind-Code nennen (6 Zeichen, z. B. K7M3QX): Alle Ergebnisse mit diesem Code werden gelöscht.',
    code: 'Kind-Code',
    submit: 'Ergebnisse suchen …',
    checking: 'Wird gezählt …',
    invalid:
      'Bitte einen Kind-Code eingeben: 6 Zeichen aus Ziffern 2–9 und Großbuchstaben (ohne I, L, O, U).',
    none: 'Zum Kind-Code {{code}} ist kein Ergebnis gespeichert.',
    site: 'Einrichtung des Kindes',
    allSites: 'alle meine Einrichtungen',
    onlySite: 'Nur Ergebnisse der Einrichtung {{site}}.',
    confirmHeading: 'Ergebnisse des Kindes endgültig löschen?',
    confirmText_one:
      'Zum Kind-Code {{code}} ist {{count}} Ergebnis gespeichert. Es wird gelöscht. Das lässt sich nicht rückgängig machen.',
    confirmText_other:
      'Zum Kind-Code {{code}} sind {{count}} Ergebnisse gespeichert. Alle werden gelöscht. Das lässt sich nicht rückgängig machen.',
    confirm_one: '{{count}} Ergebnis löschen',
    confirm_other: '{{count}} Ergebnisse löschen',
    done_one: '{{count}} Ergebnis zum Kind-Code {{code}} wurde gelöscht.',
    done_other: '{{count}} Ergebnisse zum Kind-Code {{code}} wurden gelöscht.',
    failed: 'Löschen fehlgeschlagen: {{message}}',
  },
  protokoll: {
    heading: 'Protokoll',
    intro:
      'Wer sich angemeldet, Ergebnisse heruntergeladen oder gelöscht oder eine Auskunft erstellt hat, mit Zeit; dazu die Löschungen nach Ablauf der Aufbewahrungsfrist. Das Protokoll enthält keine Namen, Schlüssel oder Kind-Codes und wird {{months}} Monate aufbewahrt.',
    kind: 'Art',
    allKinds: 'alle',
    from: 'von',
    to: 'bis',
    show: 'Anzeigen',
    csv: 'Protokoll als CSV',
    loading: 'Protokoll wird geladen …',
    failed: 'Das Protokoll konnte nicht geladen werden: {{message}}',
    empty: 'Keine Einträge für diese Auswahl.',
    shown_one: '{{count}} Eintrag.',
    shown_other: '{{count}} Einträge.',
    truncated: 'Die neuesten {{limit}} von {{total}} Einträgen; alle in der CSV-Datei.',
    caption: 'Einträge des Protokolls, die neuesten zuerst',
    columns: { at: 'Zeit', kind: 'Art', actor: 'Wer', count: 'Anzahl', detail: 'Angabe' },
    checkHeading: 'Löschung eines Kind-Codes nachweisen',
    checkIntro:
      'Fragen Eltern, ob ihre Löschung ausgeführt wurde: Kind-Code eingeben. Das Protokoll speichert den Code selbst nicht, nur einen Prüfwert, an dem es ihn wiedererkennt.',
    check: 'Prüfen',
    checkNone:
      'Für den Kind-Code {{code}} ist keine Löschung auf Antrag im Protokoll der letzten {{months}} Monate. Löschungen nach Ablauf der Aufbewahrungsfrist stehen dort nur mit ihrer Anzahl, ohne Kind-Code.',
    checkFound_one: 'Für den Kind-Code {{code}} ist {{count}} Löschung im Protokoll:',
    checkFound_other: 'Für den Kind-Code {{code}} sind {{count}} Löschungen im Protokoll:',
    checkEntry_one: '{{at}}: {{count}} Ergebnis gelöscht ({{actor}})',
    checkEntry_other: '{{at}}: {{count}} Ergebnisse gelöscht ({{actor}})',
  },
  auskunft: {
    heading: 'Auskunft für Eltern (Art. 15 DSGVO)',
    intro:
      'Fragen Eltern, was über ihr Kind gespeichert ist: Kind-Code eingeben. Die Auskunft zeigt alles, was dieser Server zum Kind-Code gespeichert hat, als PDF zum Aushändigen und als JSON-Datei; das Protokoll vermerkt sie.',
    submit: 'Auskunft erstellen',
    working: 'Wird zusammengestellt …',
    found_one: 'Zum Kind-Code {{code}} ist {{count}} Ergebnis gespeichert.',
    found_other: 'Zum Kind-Code {{code}} sind {{count}} Ergebnisse gespeichert.',
    foundNone: 'Zum Kind-Code {{code}} ist kein Ergebnis gespeichert.',
    pdf: 'Auskunft als PDF speichern',
    json: 'Auskunft als JSON speichern',
    failed: 'Die Auskunft konnte nicht erstellt werden: {{message}}',
    pdfTitle: 'Auskunft nach Art. 15 DSGVO – Zähltest',
    pdfSubtitle: 'Kind-Code {{code}} · erstellt am {{at}}',
    pdfIntro:
      'Dieser Server speichert zum genannten Kind-Code die folgenden Ergebnisse des Zähltests, mit den Spaltennamen der Auswertung. Namen speichert er nie: Die Zuordnung von Kind-Code und Namen gibt es nur auf den Tablets der Einrichtung, deren Auskunft die Einrichtung dort erstellt. Bei „Frage1“ bis „Frage23“ heißt 1 richtig gelöst und 0 nicht gelöst. Der Zähltest ist ein Screening, keine Diagnose.',
    pdfResult: 'Ergebnis {{index}} von {{total}}',
    pdfNoResults: 'Zu diesem Kind-Code ist auf dem Server kein Ergebnis gespeichert.',
    pdfDeletions: 'Löschungen dieses Kind-Codes auf Antrag im Protokoll',
    pdfDeletion_one: '{{at}}: {{count}} Ergebnis gelöscht',
    pdfDeletion_other: '{{at}}: {{count}} Ergebnisse gelöscht',
    pdfNoDeletions:
      'Keine Löschung auf Antrag im Protokoll der letzten {{months}} Monate. Löschungen nach Ablauf der Aufbewahrungsfrist stehen im Protokoll nur mit ihrer Anzahl, ohne Kind-Code.',
    pdfPage: 'Seite {{page}} von {{pages}}',
  },
  downloads: {
    heading: 'Download',
    intro: 'Die gefilterten Ergebnisse, ohne Namen. Die Spalten der CSV-Datei sind unten erklärt.',
    csv: 'CSV für Excel herunterladen',
    json: 'JSON herunterladen',
  },
  remove: {
    heading: 'Ergebnis löschen',
    intro:
      'Wenn Eltern die Löschung verlangen: Die Einsendungs-ID steht in der CSV-Datei (Spalte „Einsendungs-ID“).',
    id: 'Einsendungs-ID',
    submit: 'Löschen …',
    confirmHeading: 'Ergebnis endgültig löschen?',
    confirmText:
      'Das Ergebnis mit der Einsendungs-ID {{id}} wird gelöscht. Das lässt sich nicht rückgängig machen.',
    confirm: 'Endgültig löschen',
    cancel: 'Abbrechen',
    done: 'Das Ergebnis {{id}} wurde gelöscht.',
    failed: 'Löschen fehlgeschlagen: {{message}}',
    invalid: 'Bitte eine Einsendungs-ID eingeben (Form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).',
  },
  columns: {
    heading: 'Die Spalten der CSV-Datei',
    intro:
      'Eine Zeile je Test. Trennzeichen Semikolon, Datumsangaben TT.MM.JJJJ; die JSON-Datei enthält dieselben Angaben.',
    /** In the order of the CSV (server/export.ts CSV_COLUMNS). */
    list: [
      { name: 'Nr', text: 'Laufende Nummer des Ergebnisses auf dem Server.' },
      {
        name: 'Eingegangen',
        text: 'Datum und Uhrzeit, zu der das Ergebnis beim Server ankam (deutsche Zeit).',
      },
      { name: 'Geburtsdatum', text: 'Geburtsdatum des Kindes; leer, wenn es nicht eingetragen wurde.' },
      { name: 'Einrichtung', text: 'Kita, Grundschule oder Foerderschule.' },
      { name: 'Jahrgang', text: 'Schuljahr 1 bis 4; leer in der Kita.' },
      {
        name: 'Sprache',
        text: 'Sprache, in der das Kind getestet wurde ({{languageList}}; eine Sprache mit nicht geprüften Texten mit „(Entwurf)“).',
      },
      {
        name: 'Sprachcode',
        text: 'Dieselbe Sprache als Zahl (resultCode ihres Sprachpakets): {{languageCodes}}.',
      },
      { name: 'Testdatum', text: 'Tag des Tests; leer bei älteren Ergebnissen.' },
      {
        name: 'Alter in Monaten',
        text: 'Alter am Testtag in ganzen Monaten; leer ohne Geburtsdatum oder Testdatum.',
      },
      {
        name: 'Frage1 … Frage23',
        text: 'Je gewerteter Frage 1 (richtig) oder 0 (falsch). Die Übungsfragen 7 und 9 fehlen, weil sie nicht gewertet werden.',
      },
      { name: 'Punkte Niveau 1', text: 'Richtige Antworten auf Niveau 1 (0 bis 7).' },
      { name: 'Punkte Niveau 2', text: 'Richtige Antworten auf Niveau 2 (0 bis 7).' },
      { name: 'Punkte Niveau 3', text: 'Richtige Antworten auf Niveau 3 (0 bis 7).' },
      {
        name: 'Zugeordnetes Niveau',
        text: 'Das zugeordnete Niveau 1 bis 3; 4 bedeutet „größer 3“ (Niveau 3 erreicht).',
      },
      {
        name: 'Inhaltsversion',
        text: 'Kennung der Fragenpakete, mit denen getestet wurde; leer bei älteren Ergebnissen.',
      },
      {
        name: 'Einsendungs-ID',
        text: 'Eindeutige Kennung der Einsendung; damit lässt sich ein einzelnes Ergebnis löschen.',
      },
      {
        name: 'Kind-Code',
        text: 'Pseudonymer Code des Kindes (6 Zeichen), der die Tests desselben Kindes verbindet; leer, wenn keiner vergeben wurde. Der Name verlässt das Gerät nie.',
      },
      {
        name: 'Test Nr. des Kindes',
        text: '1 für den ersten Test des Kindes, 2 für den zweiten usw., nach Testdatum unter allen gespeicherten Ergebnissen mit diesem Kind-Code (am selben Tag in der Reihenfolge des Eingangs); leer ohne Kind-Code.',
      },
      {
        name: 'Einrichtungskennung',
        text: 'Kennung der Einrichtung, die auf dem Tablet eingestellt ist (z. B. KITA-017); leer, wenn keine gesetzt ist.',
      },
      {
        name: 'Keine Antwort',
        text: 'Fragen, bei denen die Fachkraft „Weiß nicht“ eingetragen hat (keine Antwort), z. B. 17 21; sie zählen in Frage… als 0. Leer, wenn es keine gibt.',
      },
      {
        name: 'Ton',
        text: 'Wie das Kind die Aufgaben gehört hat: Aufnahme, Gerätestimme, gemischt oder ohne (niemandem wurde vorgelesen); leer bei älteren Ergebnissen ohne diese Angabe.',
      },
      {
        name: 'Übersetzung',
        text: 'Prüfstand der Texte in der Sprache des Tests, als das Kind getestet wurde: geprüft (jeder Text von Muttersprachlern bestätigt), oder Entwurf (mindestens ein Text nicht geprüft; solche Ergebnisse nicht mit geprüften verwechseln).',
      },
      {
        name: 'Ungewöhnliches Profil',
        text: 'Niveaus, die nicht erreicht sind, obwohl ein höheres erreicht ist (z. B. 1 bei Niveau 1 mit 1 von 7 und Niveau 2 und 3 erreicht); das zugeordnete Niveau folgt trotzdem der Regel (höchstes erreichtes + 1). Leer bei einem gewöhnlichen Profil.',
      },
      {
        name: 'Vorzeitig beendet',
        text: 'Der Grund, wenn der Test mit „Test beenden“ vorzeitig beendet wurde (z. B. Kind ist müde oder unwohl); leer bei einem bis zum Ende durchgeführten Test. Fragen, die das Kind nicht mehr bearbeitet hat, sind in den Spalten Frage1 … Frage23 leer (nicht 0), und das zugeordnete Niveau ist bei solchen Tests nicht aussagekräftig.',
      },
      {
        name: 'Bearbeitet bis Frage',
        text: 'Bei einem vorzeitig beendeten Test die Frage (1–23), bei der er beendet wurde; sonst leer.',
      },
      {
        name: 'Sprachverständnis',
        text: 'Ob das Kind die Ansage in der Sprache des Tests verstanden hat, wie die Fachkraft es vor der ersten Aufgabe nach dem Hörtest eingetragen hat: ja, teilweise oder nein; leer bei älteren Ergebnissen ohne diese Angabe.',
      },
      {
        name: 'Sprachpaar',
        text: 'Die Einsendungs-ID des Tests desselben Kindes in der anderen Sprache: bei einem Test in der Familiensprache der Test auf {{german}}, bei einem Test auf {{german}} der in der Familiensprache. Beide bis zum Ende durchgeführt (nicht vorzeitig beendet), höchstens {{pairDays}} Tage auseinander, derselbe Kind-Code und dieselbe Einrichtungskennung; bei mehreren der zeitlich nächste (bei gleichem Abstand der später eingegangene). Leer, wenn es keinen solchen Test gibt.',
      },
      {
        name: 'Einwilligung Forschung',
        text: 'Ob die Eltern der Weitergabe des pseudonymen Ergebnisses für die Forschung zugestimmt haben, wie das Tablet es mitgeschickt hat: „ja“, „nein“ (abgelehnt oder widerrufen) oder „unbekannt“ (keine Einwilligung auf dem Tablet erfasst, und alle Ergebnisse von vor dieser Frage). Statistiken und Downloads der Auswertung enthalten nur Ergebnisse mit „ja“, „unbekannt“ nur, wenn der Server es so eingestellt hat.',
      },
    ],
  },
  print: 'Drucken',
  /** Name of a table that scrolls on its own on narrow screens. */
  tableRegion: 'Tabelle: {{name}}',
} as const;
