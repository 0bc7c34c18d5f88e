/**
 * Every German string of the user interface, in one i18next resource.
 * Sections belong to screens; task texts are not here (they come from the content packs).
 */
export const de = {
  // The languages' names come from the packs (content/languages/); a draft language is marked so.
  languages: {
    draft: '(Entwurf)',
    draftNote:
      '„(Entwurf)“ hinter einer Sprache: Ihre Texte sind noch nicht alle von Muttersprachlern geprüft; Ergebnisse in dieser Sprache werden so markiert.',
  },
  common: {
    appName: 'Zähltest',
    answer: 'Antwort',
    ready: 'Bereit',
    yes: 'Ja',
    no: 'Nein',
    ok: 'OK',
    loadingPictures: 'Bilder werden geladen …',
    preparingSound: 'Der Ton startet, gleich geht es los …',
  },
  access: {
    label: 'Bitte Passwort eingeben:',
    submit: 'Anmelden',
    wrongPassword: 'Falsches Passwort',
    resume: 'Auf diesem Gerät ist ein Test gespeichert. Nach dem Passwort geht es dort weiter, wo er stand.',
    resumeFinished:
      'Auf diesem Gerät ist ein Test gespeichert. Er ist abgeschlossen: Nach dem Passwort öffnen sich seine Ergebnisse.',
  },
  /** Enrolled tablets (docs/product.md §51): set-up with a code, the Einrichtung, refusals. */
  tablet: {
    site: 'Einrichtung: {{code}} – {{name}}',
    tabletName: 'Tablet: {{name}}',
    setUp: 'Tablet einrichten',
    setUpAgain: 'Tablet neu einrichten',
    title: 'Tablet einrichten',
    intro:
      'Geben Sie den Code ein, den die Verwaltung oder die Kita-Leitung für dieses Tablet erstellt hat. Er bindet das Tablet an seine Einrichtung.',
    code: 'Code (12 Zeichen)',
    name: 'Name des Tablets (freiwillig, z. B. „Gruppe Igel 1“)',
    submit: 'Einrichten',
    cancel: 'Abbrechen',
    busy: 'Tablet wird eingerichtet …',
    done: 'Das Tablet ist eingerichtet für {{code}} – {{name}}.',
    ios: 'Auf dem iPad und iPhone: Öffnen Sie Zähltest über das Symbol auf dem Home-Bildschirm und tippen Sie den Code dort ein – ein gescannter Link richtet nur Safari ein, nicht die App.',
    problems: {
      empty: 'Bitte den Code eingeben.',
      length: 'Der Code hat 12 Zeichen, z. B. 7KQ2-M4XP-9TRC. Bitte prüfen Sie die Eingabe.',
      characters:
        'Diese Zeichen kommen im Code nicht vor: {{chars}}. Der Code enthält keine 0, O, 1, I und L – bitte prüfen Sie die Eingabe.',
      'code-unknown': 'Diesen Code kennt der Server nicht. Bitte prüfen Sie die Eingabe.',
      'code-used':
        'Dieser Code wurde schon verwendet. Bitte lassen Sie in der Verwaltung einen neuen Code für dieses Tablet erstellen.',
      'code-expired':
        'Dieser Code ist abgelaufen (er gilt 7 Tage). Bitte lassen Sie in der Verwaltung einen neuen Code erstellen.',
      'rate-limited': 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
      offline:
        'Der Server ist nicht erreichbar. Bitte prüfen Sie die Internetverbindung und versuchen Sie es erneut.',
      insecure:
        'Tablet einrichten geht nur über HTTPS: Diese Seite ist unverschlüsselt geöffnet, der Browser stellt hier keine Schlüssel bereit. Bitte Zähltest über die https://-Adresse öffnen.',
      storage:
        'Der Browser konnte den Schlüssel des Tablets nicht speichern (privater Modus oder voller Speicher?). Bitte im normalen Modus erneut versuchen.',
    },
    refused: {
      'tablet-revoked':
        'Dieses Tablet wurde abgemeldet. Ergebnisse bleiben auf dem Tablet und werden gesendet, sobald es wieder eingerichtet ist: Lassen Sie in der Verwaltung einen neuen Code erstellen und tippen Sie ihn unter „Tablet neu einrichten“ ein.',
      'tablet-unknown':
        'Der Server kennt dieses Tablet nicht. Ergebnisse bleiben auf dem Tablet und werden gesendet, sobald es wieder eingerichtet ist: Lassen Sie in der Verwaltung einen neuen Code erstellen und tippen Sie ihn unter „Tablet neu einrichten“ ein.',
      'not-enrolled':
        'Dieses Tablet ist nicht eingerichtet: Der Server nimmt Ergebnisse nur von eingerichteten Tablets an. Ergebnisse bleiben auf dem Tablet, bis es eingerichtet ist: Lassen Sie in der Verwaltung einen Code erstellen und tippen Sie ihn unter „Tablet einrichten“ ein.',
    },
    earlier: {
      title: 'Frühere Daten mit dem vorherigen Passwort öffnen',
      text: 'Das Passwort der Einrichtung wurde geändert. Was vorher auf diesem Tablet gespeichert wurde, ist noch mit dem vorherigen Passwort verschlüsselt und bleibt gespeichert. Geben Sie das vorherige Passwort einmal ein, um es wieder zu öffnen und zu senden.',
      label: 'Vorheriges Passwort:',
      submit: 'Frühere Daten öffnen',
      wrong: 'Das vorherige Passwort stimmt nicht.',
      later: 'Später – jetzt mit dem neuen Passwort weiterarbeiten',
      opened: 'Die früheren Daten sind wieder geöffnet.',
    },
    earlierSession: {
      title: 'Test von vor der Passwortänderung',
      running:
        'Als das Passwort der Einrichtung geändert wurde, lief auf diesem Tablet ein Test. Er wurde beiseitegelegt, damit nichts verloren geht: Seine Antworten sind mit dem vorherigen Passwort wieder geöffnet.',
      finished:
        'Als das Passwort der Einrichtung geändert wurde, war auf diesem Tablet ein abgeschlossener Test geöffnet. Er wurde beiseitegelegt: Sein Ergebnis ist erhalten und wird gesendet.',
      resume: 'Diesen Test fortsetzen',
      showResult: 'Ergebnis dieses Tests anzeigen',
      later: 'Später',
      waits:
        'Gerade läuft ein anderer Test. Der frühere Test wartet auf diesem Tablet und wird angeboten, sobald der laufende Test beendet ist und das Passwort wieder eingegeben wird.',
      ok: 'Weiter',
      failed:
        'Der frühere Test konnte nicht geöffnet werden. Er bleibt auf dem Tablet gespeichert; bitte später noch einmal versuchen.',
    },
  },
  userData: {
    title: 'Angaben zum Kind',
    name: 'Name',
    birthdate: 'Geburtsdatum',
    school: 'Einrichtung',
    // Shown with ö; the stored and sent value stays 'Foerderschule' (SPEC §2).
    schools: { Kita: 'Kita', Grundschule: 'Grundschule', Foerderschule: 'Förderschule' },
    schoolLevel: 'Jahrgang',
    noSchoolLevel: '-',
    language: 'Sprache',
    submit: 'Test beginnen',
    birthdatePlaceholder: 'TT.MM.JJJJ',
    birthdateProblems: {
      format: 'Bitte das Geburtsdatum als TT.MM.JJJJ eingeben, z. B. 14.03.2020.',
      impossible: 'Dieses Datum gibt es nicht. Bitte Tag, Monat und Jahr prüfen.',
      future: 'Das Geburtsdatum liegt nach dem heutigen Tag. Bitte prüfen.',
    },
    ageTitle: 'Alter prüfen',
    ageQuestion_one:
      'Laut Geburtsdatum ist das Kind heute {{count}} Jahr alt. Der Test ist für Kinder von 3 bis 11 Jahren gedacht. Ist das Geburtsdatum richtig?',
    ageQuestion_other:
      'Laut Geburtsdatum ist das Kind heute {{count}} Jahre alt. Der Test ist für Kinder von 3 bis 11 Jahren gedacht. Ist das Geburtsdatum richtig?',
    ageCorrect: 'Datum korrigieren',
    ageConfirm: 'Ja, richtig',
  },
  start: {
    title: 'Bist du bereit?',
    start: 'Start',
    detailsLabel: 'Angaben für diesen Test',
    child: 'Kind',
    noName: 'ohne Namen',
    language: 'Sprache',
    back: 'Zurück',
    educatorLine: 'Hinweise für Sie anzeigen',
  },
  /** Whether the child understood the spoken language, asked on the start screen (docs/product.md §39). */
  understanding: {
    question: 'Hat das Kind die Ansage verstanden?',
    hint: 'Spielen Sie dem Kind mit „Ton prüfen“ den Beispielsatz in seiner Sprache vor und tragen Sie dann ein, ob es ihn verstanden hat.',
    hintSilent:
      'Ohne Ton: Lassen Sie dem Kind den Beispielsatz vorlesen oder fragen Sie es kurz in seiner Sprache, und tragen Sie dann ein, ob es verstanden hat.',
    sample: 'Beispielsatz',
    missing: 'Bitte zuerst unten eintragen, ob das Kind die Ansage verstanden hat.',
    noHeading: 'Das Kind versteht die Sprache wohl nicht.',
    noText:
      'Wählen Sie bei den Angaben eine andere Sprache, die das Kind kennt, zum Beispiel Deutsch. Sie können den Test trotzdem in dieser Sprache starten; das Ergebnis vermerkt dann „Sprachverständnis: nein“.',
    /** In a test in German (docs/product.md §44) the suggestion names no language. */
    noTextGerman:
      'Wählen Sie bei den Angaben eine andere Sprache, die das Kind kennt. Sie können den Test trotzdem in dieser Sprache starten; das Ergebnis vermerkt dann „Sprachverständnis: nein“.',
    otherLanguage: 'Andere Sprache wählen',
    label: 'Sprachverständnis',
    values: {
      yes: 'ja',
      partly: 'teilweise',
      no: 'nein',
    },
  },
  educator: {
    barLabel: 'Für Sie',
    forYou: 'Für Sie:',
    progress: 'Frage {{position}} von {{total}}',
    progressLabel: 'Fortschritt',
  },
  cancel: {
    button: 'Test abbrechen',
    title: 'Test abbrechen',
    passwordLabel: 'Passwort eingeben, um den Test abzubrechen:',
    next: 'Weiter',
    keepGoing: 'Test fortsetzen',
    /** What cancelling does, for a child of 'Nicht speichern' and for a saved child (cancel-test.tsx). */
    confirm:
      'Beim Abbrechen werden die Angaben zum Kind und die Antworten dieses Tests von diesem Gerät gelöscht; es wird nichts gesendet.',
    confirmSaved:
      'Beim Abbrechen werden die Antworten dieses Tests von diesem Gerät gelöscht; es wird nichts gesendet. Das Kind bleibt mit dem Kind-Code {{code}} und seinen früheren Tests in „Kinder auf diesem Gerät“.',
    /** The difference to 'Test beenden' (docs/product.md §38), under the text above. */
    notEnd:
      'Nur für einen versehentlich begonnenen Test. Möchte das Kind nicht weitermachen, wählen Sie stattdessen „Test beenden“: Dann bleiben die Antworten mit dem Grund erhalten.',
    confirmButton: 'Test abbrechen',
    /** The note on the access screen after a cancelled test. */
    cancelled: 'Der Test wurde abgebrochen und gelöscht. Es wurde nichts gesendet.',
  },
  /** 'Test beenden' in the educator's bar (docs/product.md §38). */
  endEarly: {
    button: 'Test beenden',
    title: 'Test vorzeitig beenden',
    text: 'Der Test endet sofort. Die bisherigen Antworten bleiben mit dem Grund erhalten und werden gesendet; die übrigen Fragen gelten als „nicht bearbeitet“, nicht als falsch. Ein Niveau wird nicht zugeordnet.',
    reasonLabel: 'Grund',
    passwordLabel: 'Passwort eingeben, um den Test zu beenden:',
    noReason: 'Bitte einen Grund wählen.',
    keepGoing: 'Test fortsetzen',
    confirmButton: 'Test beenden',
    reasons: {
      unwilling: 'Kind möchte nicht mehr',
      unwell: 'Kind ist müde oder unwohl',
      language: 'Kind versteht die Sprache nicht',
      disturbance: 'Störung von außen',
      other: 'Anderer Grund',
    },
    /** Short forms for the child's record (Verlauf, Gruppenübersicht). */
    short: {
      unwilling: 'möchte nicht mehr',
      unwell: 'müde',
      language: 'Sprache',
      disturbance: 'Störung',
      other: 'anderer Grund',
    },
  },
  /** 'Weiß nicht' in the educator's bar (docs/product.md, "The educator understands the child"). */
  noAnswer: {
    button: 'Weiß nicht',
    title: 'Keine Antwort eintragen?',
    confirm:
      'Das Kind hat „weiß nicht“ gesagt oder nicht geantwortet. Die Frage wird als „keine Antwort“ mit 0 Punkten eingetragen, und der Test geht mit der nächsten Frage weiter.',
    back: 'Zurück zur Frage',
    goOn: 'Keine Antwort eintragen',
  },
  /** The number words of the child's language in the educator's bar (never spoken). */
  numberWords: {
    button: 'Zahlwörter',
    title: 'Zahlwörter auf {{language}}',
    note: 'Nur für Sie, wird nicht vorgelesen. Daneben: so sprechen Sie es aus; in Klammern, wie viele Kinder es im Alltag sagen.',
    close: 'Schließen',
  },
  /** 'So geben Sie den Test' on the start screen. */
  checklist: {
    title: 'So geben Sie den Test',
    items: [
      'Nicht mitzählen, nicht auf Punkte oder Zahlen zeigen, nicht nicken und keine Aufgabe auf Deutsch wiederholen.',
      'Eine Aufgabe nur mit dem Lautsprecher-Knopf wiederholen: Er liest sie in der Sprache des Kindes vor.',
      'Die Mühe loben („Du hast gut zugehört“), nicht richtige Antworten.',
      'Bei den Aufgaben 17 und 23 darf das Kind seine eigenen Finger benutzen.',
      'Sagt das Kind „weiß nicht“ oder antwortet es nicht, tippen Sie unten auf „Weiß nicht“; die Zahlwörter seiner Sprache stehen unter „Zahlwörter“.',
    ],
  },
  question: {
    answerLabel: 'Deine Antwort',
    choicesLabel: 'Antworten',
    digitsOnly: 'Bitte nur Ziffern eingeben.',
    tooLong: 'Höchstens {{max}} Ziffern.',
    rotatePhone: 'Für Sie: Bitte das Handy quer halten – dann sind die Bilder groß genug zum Antippen.',
    emptyBoxTitle: 'Kästchen leer',
    emptyBox: 'Keine Punkte im Kästchen – trotzdem weiter?',
    emptyBoxBack: 'Zurück',
    emptyBoxGoOn: 'Trotzdem weiter',
  },
  fingers: {
    left: 'Links',
    right: 'Rechts',
  },
  moveDots: {
    down: 'Runter',
    up: 'Hoch',
    freeDots: 'Freie Punkte',
    childBox: 'Dein Kästchen',
    fixedBox: 'Kästchen mit {{count}} Punkten',
    picture: 'Bild mit Punkten',
  },
  flash: {
    repeat: 'Bild nochmal zeigen',
    repeatRule:
      'Nur wenn das Kind das Bild nicht sehen konnte (weggeschaut, gestört) – einmal je Aufgabe. Wird im Ergebnis vermerkt.',
  },
  practice: {
    correct: 'Richtig!',
    wrongNumber: "Die richtige Antwort ist: '{{answer}}'",
    wrongYes: 'Die richtige Antwort ist: Nein',
    wrongNo: 'Die richtige Antwort ist: Ja',
    /** 'Weiter' in the educator's bar after the second wrong try (docs/product.md §6). */
    goOn: 'Weiter',
    goOnNote_one: '{{count}} falscher Versuch: Sie können die Übung beenden, das wird im Ergebnis vermerkt.',
    goOnNote_other:
      '{{count}} falsche Versuche: Sie können die Übung beenden, das wird im Ergebnis vermerkt.',
  },
  speech: {
    replay: 'Nochmal vorlesen',
    replayOff: 'Nochmal vorlesen: aus, kein Ton für diese Sprache auf diesem Gerät',
    replayOffWhy:
      'Kein Ton: Für diese Sprache gibt es auf diesem Gerät weder Aufnahmen noch eine Stimme. Bitte lesen Sie die Texte selbst vor.',
    soundCheck: 'Ton prüfen',
    searching: 'Stimmen auf diesem Gerät werden gesucht …',
    source: 'Die Aufgaben werden vorgelesen mit: {{source}}.',
    sources: { recording: 'Aufnahme', synthesis: 'Gerätestimme', none: 'keine Stimme' },
    partlyRecorded: 'Aufnahmen für {{recorded}} von {{total}} Texten, die übrigen mit der Gerätestimme.',
  },
  soundGuide: {
    heading: 'Keine Stimme für {{language}} auf diesem Gerät',
    nothing:
      'Für {{language}} gibt es auf diesem Gerät weder Aufnahmen noch eine Stimme. Das Kind würde keine Aufgabe hören.',
    partly:
      'Für {{language}} gibt es auf diesem Gerät keine Stimme, und nur {{recorded}} von {{total}} Texten sind aufgenommen. {{unspoken}} Texte würde das Kind nicht hören.',
    install: 'So installieren Sie eine Stimme für {{language}} ({{system}}):',
    installAny: 'So installieren Sie eine Stimme für {{language}}:',
    afterwards: 'Danach den Browser ganz schließen, wieder öffnen und hier „Ton prüfen“ tippen.',
    otherSystems: 'Anleitung für andere Geräte',
    recheck: 'Ton prüfen',
    rechecking: 'Stimmen werden erneut gesucht …',
    stillNone: 'Noch keine Stimme für {{language}} gefunden.',
    silent: 'Ohne Ton testen',
    confirmTitle: 'Ohne Ton testen?',
    confirm:
      'Das Kind hört die Aufgaben dann nicht. Jemand, der {{language}} spricht, muss ihm jeden Text auf dem Bildschirm vorlesen. Das Ergebnis wird als „ohne Ton“ markiert und ist nur eingeschränkt aussagekräftig.',
    confirmPartly:
      'Das Kind hört {{unspoken}} von {{total}} Texten nicht. Jemand, der {{language}} spricht, muss ihm diese Texte auf dem Bildschirm vorlesen. Das Ergebnis wird als „ohne Ton“ markiert und ist nur eingeschränkt aussagekräftig.',
    confirmBack: 'Zurück',
    confirmGoOn: 'Ohne Ton testen',
    badge: 'ohne Ton',
    badgePartly: 'teilweise ohne Ton',
    systems: {
      ios: {
        name: 'iPad / iPhone',
        steps: [
          'Einstellungen öffnen.',
          'Bedienungshilfen → Gesprochene Inhalte → auf „Stimmen“ tippen.',
          '„{{language}}“ wählen.',
          'Bei einer Stimme auf das Wolken-Symbol tippen und warten, bis sie geladen ist (WLAN nötig).',
        ],
      },
      android: {
        name: 'Android',
        steps: [
          'Einstellungen öffnen und nach „Sprachausgabe“ (Text-in-Sprache) suchen.',
          'Als bevorzugtes Modul „Sprachausgabe von Google“ wählen und auf das Zahnrad daneben tippen.',
          '„Sprachdaten installieren“ tippen.',
          '„{{language}}“ wählen und die Stimme herunterladen (WLAN nötig).',
        ],
      },
      windows: {
        name: 'Windows',
        current: 'Windows 11',
        steps: [
          'Start → Einstellungen → Zeit und Sprache → Sprachausgabe öffnen.',
          'Unter „Stimmen verwalten“ auf „Stimmen hinzufügen“ klicken.',
          '„{{language}}“ ankreuzen und „Hinzufügen“ klicken; warten, bis die Stimme installiert ist.',
        ],
        older: {
          name: 'Windows 10',
          steps: [
            'Start → Einstellungen → Zeit und Sprache → Sprache öffnen.',
            'Auf „Sprache hinzufügen“ klicken und „{{language}}“ wählen.',
            'Bei den Sprachfeatures „Sprachausgabe“ ankreuzen und „Installieren“ klicken; warten, bis die Sprache installiert ist.',
          ],
        },
      },
      macos: {
        name: 'Mac',
        steps: [
          'Apple-Menü → Systemeinstellungen → Bedienungshilfen → Gesprochene Inhalte öffnen.',
          'Bei „Systemstimme“ auf das Info-Symbol bzw. „Stimmen verwalten …“ klicken.',
          '„{{language}}“ suchen, eine Stimme ankreuzen bzw. auf das Download-Symbol klicken und warten, bis sie geladen ist.',
        ],
      },
      chromeos: {
        name: 'Chromebook',
        steps: [
          'Einstellungen → Bedienungshilfen → Text-in-Sprache öffnen.',
          '„Einstellungen für die Sprachausgabe“ bzw. „Stimmen“ wählen.',
          'Unter „Sprache“ „{{language}}“ wählen und die Stimme herunterladen (WLAN nötig).',
        ],
      },
    },
  },
  error: {
    title: 'Es ist ein Fehler aufgetreten',
    restart: 'Bitte Test neu starten',
    restartButton: 'Zurück zum Start',
    reload: 'Seite neu laden',
  },
  elsewhere: {
    title: 'Zähltest ist in einem anderen Tab geöffnet',
    text: 'Der Test läuft im anderen Tab weiter. Dieser Tab ist angehalten, damit keine Antworten überschrieben werden.',
    continueHere: 'Hier weitermachen',
  },
  pwa: {
    updateReady: 'Eine neue Version ist bereit. Sie wird beim nächsten Test verwendet.',
    updateNow: 'Jetzt aktualisieren',
  },
  /** A given answer as the results page, the PDF and the preview show it. */
  answers: {
    none: 'keine Antwort',
    yes: 'Ja',
    no: 'Nein',
    fingerSplit: '{{left}} + {{right}}',
    fingersTwice: '{{first}}, dann {{second}}',
    dotsLaid_one: '{{count}} Punkt gelegt',
    dotsLaid_other: '{{count}} Punkte gelegt',
  },
  result: {
    backToStart: 'Zurück zum Start',
    leaveTitle: 'PDF noch nicht gespeichert',
    /** What 'Zurück zum Start' does, by the child's copy and the upload (leave-results.tsx). */
    leave: {
      pdf: 'Das PDF wurde noch nicht gespeichert. Nach „Zurück zum Start“ lässt sich diese Ergebnisseite mit allen Antworten nicht wieder öffnen.',
      saved:
        'Das Kind bleibt mit diesem Test auf diesem Gerät gespeichert: in „Kinder auf diesem Gerät“, im Verlauf und in der Gruppenübersicht (Punkte und Niveaus).',
      savedWithoutTest:
        'Das Kind bleibt in „Kinder auf diesem Gerät“; ob dieser Test in seinem Verlauf gespeichert ist, ließ sich nicht prüfen.',
      notSaved:
        'Das Kind wurde nicht gespeichert („Nicht speichern“): Name, Angaben und Ergebnisse sind danach nicht mehr auf diesem Gerät.',
      sent: 'Das Ergebnis ohne Namen ist schon gesendet und bleibt auf dem Server.',
      waiting:
        'Das Ergebnis ohne Namen bleibt zum Senden auf diesem Gerät und wird gesendet, sobald eine Verbindung besteht; auf dem Server bleibt es dann.',
      inMemory:
        'Achtung: Das Ergebnis ist noch nicht gesendet und nicht dauerhaft gespeichert. Es wird nur gesendet, solange Zähltest in diesem Tab geöffnet bleibt.',
      rejected:
        'Der Server hat das Ergebnis nicht angenommen; es bleibt ohne Namen auf diesem Gerät gespeichert.',
    },
    leaveStay: 'Hier bleiben',
    leaveConfirm: 'Trotzdem zurück zum Start',
    savePdf: 'Als PDF speichern',
    savingPdf: 'PDF wird erstellt …',
    pdfFailed: 'Das PDF konnte nicht erstellt werden. Bitte erneut versuchen.',
    pdfPage: 'Seite {{page}} von {{pages}}',
    heading: 'Ergebnisse',
    detailsLabel: 'Angaben zum Kind',
    name: 'Name',
    birthdate: 'Geburtsdatum',
    school: 'Einrichtung',
    schoolLevel: 'Jahrgang',
    language: 'Sprache',
    translation: 'Übersetzung',
    translationReviewed: 'alle Texte von Muttersprachlern geprüft',
    /** With the native review's counts as the test began (docs/product.md §50). */
    translationAllConfirmed: 'alle {{texts}} Texte von Muttersprachlern geprüft',
    translationConfirmed: 'Entwurf: {{confirmed}} von {{texts}} Texten von Muttersprachlern geprüft',
    translationUnreviewed_one: 'Entwurf: {{count}} Text nicht von Muttersprachlern geprüft',
    translationUnreviewed_other: 'Entwurf: {{count}} Texte nicht von Muttersprachlern geprüft',
    testDate: 'Testdatum',
    pageHeader: 'Zähltest – Ergebnis von {{name}} – Test vom {{date}}',
    noName: '(ohne Namen)',
    levels: {
      heading: 'Niveaus',
      level: 'Niveau',
      points: 'erreichte Punkte',
      achieved: 'Niveau erreicht',
      pointsOf: '{{points}} von {{questions}}',
      yes: 'ja',
      no: 'nein',
      total: 'Gesamt',
      assigned: 'Zugeordnetes Niveau',
      above3: 'größer 3',
    },
    legend: {
      heading: 'So ist das Ergebnis zu lesen',
      achieved:
        'mindestens {{percent}} % der Fragen dieses Niveaus richtig beantwortet ({{points}} von {{questions}}).',
      assigned:
        'das Niveau, an dem das Kind jetzt arbeitet: das nächste nach dem höchsten erreichten Niveau, „größer 3“, wenn alle drei erreicht sind.',
    },
    /** A test ended with 'Test beenden' (docs/product.md §38), at the top of the page and the PDF. */
    endedEarly: {
      heading: 'Vorzeitig beendet nach Frage {{question}} von {{total}}: {{reason}}',
      text: 'Die gegebenen Antworten sind unten aufgeführt; Fragen, die nicht mehr gestellt wurden, sind als „nicht bearbeitet“ markiert und zählen nicht als falsch. Es wird kein Niveau zugeordnet. Punkte stehen nur bei Niveaus, deren sieben Fragen alle beantwortet wurden.',
      levelIncomplete: 'nicht vollständig bearbeitet',
      noLevel: 'keines (Test vorzeitig beendet)',
      notReached: 'nicht bearbeitet',
      sittingLabel: 'Vorzeitig beendet',
      sittingValue: 'nach Frage {{question}} von {{total}}: {{reason}}',
    },
    soundNotice: {
      heading: 'Ohne Ton durchgeführt: Ergebnis nur eingeschränkt aussagekräftig',
      text_one:
        'Bei {{count}} von {{total}} Aufgaben wurde dem Kind nichts vorgelesen. Hat niemand die Texte in seiner Sprache vorgelesen, kann es die Aufgaben nicht verstanden haben. Die Niveaus sind wie immer berechnet.',
      text_other:
        'Bei {{count}} von {{total}} Aufgaben wurde dem Kind nichts vorgelesen. Hat niemand die Texte in seiner Sprache vorgelesen, kann es die Aufgaben nicht verstanden haben. Die Niveaus sind wie immer berechnet.',
    },
    disclaimer:
      'Der Zähltest ist ein Screening, keine Diagnose. Es gibt keine Normwerte: Das Ergebnis zeigt, woran das Kind gerade arbeitet, nicht, wie es im Vergleich zu anderen Kindern steht.',
    meanings: {
      heading: 'Was die Niveaus bedeuten',
      level: 'Niveau {{level}}: {{title}}',
      assignedMark: 'zugeordnet',
      activities: 'Förderhinweise für Niveau {{level}}: {{title}}',
      activitiesAbove3: 'Förderhinweise: alle drei Niveaus erreicht',
    },
    questions: {
      heading: 'Fragen',
      number: 'FragenNr.',
      level: 'Niveau',
      text: 'Text',
      givenAnswer: 'Gegebene Antwort',
      points: 'Punkte',
      practice: 'Beispielfrage',
      correct: 'richtig',
      incorrect: 'falsch',
      notScored: 'nicht gewertet',
      german: 'Deutsch',
      responseTime: '{{seconds}} s',
      exposure: 'Bild {{ms}} ms',
      pageHidden: 'Seite war verdeckt',
      interrupted: 'unterbrochen',
      exposures: 'Bild {{list}} ms',
      tries_one: '{{count}} Versuch',
      tries_other: '{{count}} Versuche',
      triesSkipped_one: '{{count}} Versuch, übersprungen',
      triesSkipped_other: '{{count}} Versuche, übersprungen',
      prompt: { recording: 'Ton: Aufnahme', synthesis: 'Ton: Gerätestimme', none: 'ohne Ton' },
      replays_one: '{{count}}× wiederholt',
      replays_other: '{{count}}× wiederholt',
    },
    upload: {
      sending: 'Ergebnis wird gesendet …',
      sent: 'Ergebnis gesendet.',
      saved:
        'Ergebnis auf diesem Gerät gespeichert – wird automatisch gesendet, sobald eine Verbindung besteht.',
      savedInMemory:
        'Ergebnis noch nicht gesendet und nicht dauerhaft gespeichert – bitte diese Seite geöffnet lassen, bis es gesendet ist.',
      rejected: 'Der Server hat das Ergebnis nicht angenommen. Es bleibt auf diesem Gerät gespeichert.',
    },
    // Issue 35: unusual profiles and the summary of the sitting (docs/product.md §22, §28).
    unusual: {
      heading: 'Ungewöhnliches Profil',
      text: 'Niveau {{unmet}} nicht erreicht, obwohl Niveau {{achieved}} erreicht: ungewöhnliches Profil. Das zugeordnete Niveau „{{assigned}}“ folgt der festen Regel (höchstes erreichtes Niveau + 1) und sagt hier nur wenig darüber, woran das Kind gerade arbeitet.',
      meaning:
        'Was es bedeuten kann: Das Kind hat die Aufgaben von Niveau {{unmet}} nicht verstanden, war abgelenkt oder hat geraten (z. B. am Anfang des Tests, ohne Ton oder mit „keine Antwort“), oder es hat dort eine Lücke, die es bei den schwierigeren Aufgaben ausgleicht.',
      todo: 'Was zu tun ist: Die Antworten von Niveau {{unmet}} unten unter „Fragen“ und den Ablauf des Tests ansehen, das Kind im Alltag beim Zählen beobachten, die Förderhinweise für jedes nicht erreichte Niveau nutzen und den Test in einigen Wochen wiederholen.',
    },
    activitiesUnmet: 'Förderhinweise für Niveau {{level}} (nicht erreicht): {{title}}',
    sitting: {
      heading: 'Ablauf des Tests',
      sound: 'Ton',
      soundRecorded: 'mit Ton: jede Aufgabe vorgelesen ({{sources}})',
      soundNone: 'ohne Ton: bei keiner der {{total}} Aufgaben etwas vorgelesen',
      soundPartly: 'teilweise ohne Ton: bei {{count}} von {{total}} Aufgaben nichts vorgelesen',
      soundUnknown: 'nicht erfasst',
      recordings: 'Aufnahmen von Muttersprachlern für {{recorded}} von {{spoken}} gesprochenen Texten',
      noAnswer: 'Keine Antwort',
      reshown: 'Bild nochmal gezeigt',
      interrupted: 'Unterbrochen',
      replays: 'Nochmal vorgelesen',
      none: 'keine',
      count: '{{count}} (Nr. {{questions}})',
      replaysCount: '{{count}}× (Nr. {{questions}})',
    },
    shownTwice: 'Bild nochmal gezeigt',
  },
  /** The letters to the parents (docs/product.md, "Elternbrief und Ergebnisbrief"). */
  letters: {
    parentLetter: 'Elternbrief',
    parentLetterNamed: 'Elternbrief für {{name}} ({{languages}})',
    blank: 'Elternbrief ohne Namen',
    blankText:
      'Für einen Elternabend: der Elternbrief mit leerem Namensfeld, auf Deutsch und in der Sprache der Familie nebeneinander.',
    language: 'Sprache der Familie',
    germanOnly: 'nur Deutsch',
    save: 'Als PDF speichern',
    saving: 'Brief wird erstellt …',
    failed: 'Der Brief konnte nicht erstellt werden. Bitte erneut versuchen.',
    resultLetter: 'Ergebnisbrief',
    resultLetterNamed: 'Ergebnisbrief für die Eltern ({{languages}})',
    /** The languages a letter is printed in: German, and the family's beside it. */
    german: 'Deutsch',
    germanAnd: 'Deutsch und {{language}}',
    draft: 'Entwurf – Übersetzung nicht geprüft',
    /** The German column of the Ergebnisbrief for a name in Arabic script, which its font cannot draw. */
    yourChild: 'Ihr Kind',
    page: 'Seite {{page}} von {{pages}}',
    close: 'Schließen',
  },
  children: {
    heading: 'Kinder auf diesem Gerät',
    none: 'Auf diesem Gerät ist noch kein Kind gespeichert. Nach „Kind hinzufügen“ oder „Test beginnen“ steht das Kind hier.',
    loading: 'Kinder werden geladen …',
    loadFailed: 'Die Kinder dieses Geräts konnten nicht geladen werden. Ein Test ist trotzdem möglich.',
    search: 'Kind suchen',
    noMatch: 'Kein Kind passt zu „{{query}}“.',
    columns: {
      name: 'Name',
      birthdate: 'Geburtsdatum',
      language: 'Sprache',
      lastTest: 'Letzter Test',
      code: 'Kind-Code',
    },
    notTested: 'noch nicht getestet',
    noName: '(ohne Namen)',
    select: 'Kind auswählen',
    selectNamed: 'Kind auswählen: {{name}}',
    selected: 'ausgewählt',
    newChild: 'Neues Kind',
    overview: 'Gruppenübersicht',
    code: 'Kind-Code',
    codeNew: 'Das Kind bekommt bei „Test beginnen“ einen Kind-Code.',
    codeKnown: 'Kind-Code: {{code}}',
    codeAdopted: 'Kind-Code: {{code}} (von einem anderen Gerät übernommen)',
    doNotSave: 'Nicht speichern',
    doNotSaveHint:
      '„Nicht speichern“: Test ohne Speichern des Kindes auf diesem Gerät (ohne Kind-Code und Verlauf).',
    saveFailed:
      'Das Kind konnte auf diesem Gerät nicht gespeichert werden. Der Test läuft trotzdem; das Ergebnis wird mit dem Kind-Code gesendet.',
    /** 'Kind hinzufügen': a child on the list without a test (docs/product.md §33). */
    add: {
      open: 'Kind hinzufügen',
      title: 'Kind hinzufügen',
      hint: 'Das Kind kommt mit einem neuen Kind-Code in die Liste dieses Geräts; ein Test beginnt nicht. Zum Testen später „Kind auswählen“ und „Test beginnen“.',
      submit: 'Kind speichern',
      close: 'Schließen',
      nameMissing: 'Bitte einen Namen eingeben – ohne Namen ist das Kind in der Liste nicht wiederzufinden.',
      added: '„{{name}}“ ist auf diesem Gerät gespeichert (Kind-Code {{code}}). Es wurde kein Test begonnen.',
      failed: 'Das Kind konnte auf diesem Gerät nicht gespeichert werden. Bitte erneut versuchen.',
    },
    adopt: {
      open: 'Kind mit Code übernehmen',
      label: 'Kind-Code von einem anderen Gerät',
      submit: 'Übernehmen',
      cancel: 'Abbrechen',
      hint: 'Mit dem Kind-Code eines anderen Geräts wird der neue Test demselben Kind zugeordnet. Name und Geburtsdatum bitte neu eingeben – sie bleiben auf jedem Gerät für sich.',
      known: 'Dieses Kind ist schon auf diesem Gerät und ist jetzt ausgewählt.',
      problems: {
        empty: 'Bitte den Kind-Code eingeben (6 Zeichen, z. B. K7M3QX).',
        length: 'Ein Kind-Code hat genau 6 Zeichen, z. B. K7M3QX.',
        characters:
          'Ein Kind-Code enthält nur die Ziffern 2–9 und Großbuchstaben ohne I, L, O, U (z. B. K7M3QX). Bitte prüfen.',
      },
    },
  },
  /** The parents' consent kept with the child (docs/product.md §48). */
  consent: {
    heading: 'Einwilligung der Eltern',
    none: 'Keine Einwilligung erfasst.',
    noneRequired:
      'Keine Einwilligung erfasst. Vor dem Test muss die Einwilligung zum Screening erfasst sein.',
    given: 'Einwilligung vom {{date}}: {{scope}}.',
    withdrawn: 'Widerrufen am {{date}} (Einwilligung vom {{date2}}: {{scope}}).',
    scopeScreening: 'Screening',
    scopeResearch: 'Forschung',
    scopeNone: 'keine Zustimmung angekreuzt',
    date: 'Datum der Einwilligung (TT.MM.JJJJ)',
    screening: 'Screening: Das Kind darf mit dem Zähltest getestet werden.',
    research:
      'Forschung: Das Ergebnis darf ohne Namen (nur mit Kind-Code) für die Forschung weitergegeben werden.',
    record: 'Einwilligung erfassen',
    change: 'Einwilligung ändern',
    save: 'Einwilligung speichern',
    cancel: 'Abbrechen',
    withdraw: 'Einwilligung widerrufen',
    withdrawTitle: 'Einwilligung widerrufen?',
    withdrawText:
      'Die Eltern widerrufen ihre Einwilligung (Art. 7 Abs. 3 DSGVO) heute, am {{date}}. Das Kind kann danach erst wieder getestet werden, wenn eine neue Einwilligung erfasst ist.',
    withdrawResearch:
      'Die Ergebnisse dieses Kindes werden ab jetzt nicht mehr für die Forschung verwendet; der Server erfährt es beim nächsten Kontakt dieses Geräts.',
    withdrawBack: 'Nicht widerrufen',
    withdrawConfirm: 'Widerruf speichern',
    dateProblem: 'Bitte das Datum der Einwilligung als TT.MM.JJJJ eingeben (nicht in der Zukunft).',
    saveFailed: 'Die Einwilligung konnte nicht gespeichert werden. Bitte erneut versuchen.',
    notSavedChild:
      'Das Kind wird nicht gespeichert: Die Einwilligung gilt nur für diesen Test und wird nicht aufbewahrt.',
    newChildHint: 'Die Einwilligung wird mit dem Kind gespeichert, sobald der Test beginnt.',
    requiredTitle: 'Einwilligung der Eltern fehlt',
    requiredText:
      'In dieser Einrichtung darf ein Kind nur mit erfasster Einwilligung der Eltern zum Screening getestet werden. Bitte erfassen Sie die Einwilligung jetzt – Datum und Zustimmung zum Screening.',
    requiredScreening: 'Für den Test ist die Zustimmung zum Screening nötig.',
    saveAndStart: 'Einwilligung speichern und Test beginnen',
    /** The research consent as the tablet, the CSV and the Auskunft name it. */
    researchValues: { yes: 'ja', no: 'nein', unknown: 'unbekannt' },
    /** The Auskunft (Art. 15 DSGVO) of what this device holds about a child. */
    auskunft: {
      open: 'Auskunft (PDF)',
      working: 'Auskunft wird erstellt …',
      failed: 'Die Auskunft konnte nicht erstellt werden. Bitte erneut versuchen.',
      title: 'Auskunft über die gespeicherten Daten (Art. 15 DSGVO)',
      subtitle: 'Auf diesem Gerät gespeichert · erstellt am {{date}}',
      intro:
        'Diese Auskunft zeigt alles, was dieses Gerät über das Kind speichert. Name und Geburtsdatum bleiben verschlüsselt auf dem Gerät; an den Ergebnisserver gehen nur die Ergebnisse mit dem Kind-Code, ohne Namen. Was der Server zu diesem Kind-Code hält, gibt die Auswertung als eigene Auskunft.',
      childHeading: 'Das Kind',
      name: 'Name',
      birthDate: 'Geburtsdatum',
      code: 'Kind-Code',
      school: 'Einrichtung',
      schoolLevel: 'Jahrgang',
      language: 'Sprache',
      site: 'Einrichtungskennung des Geräts',
      createdAt: 'Auf dem Gerät angelegt',
      updatedAt: 'Zuletzt geändert',
      consentHeading: 'Einwilligung der Eltern',
      consentDate: 'Datum der Einwilligung',
      consentScreening: 'Screening',
      consentResearch: 'Forschung',
      consentWithdrawn: 'Widerrufen am',
      researchSent: 'Mit den Ergebnissen gesendet',
      yes: 'ja',
      no: 'nein',
      testsHeading: 'Tests',
      test: 'Test {{index}} von {{total}}',
      noTests: 'Auf diesem Gerät ist kein Test dieses Kindes gespeichert.',
      testDate: 'Testdatum',
      testLanguage: 'Sprache des Tests',
      level: 'Zugeordnetes Niveau',
      points: 'Punkte Niveau 1 / 2 / 3',
      endedEarly: 'Vorzeitig beendet',
      understanding: 'Sprachverständnis',
      answers: 'Gegebene Antworten',
      none: '–',
      pageLabel: 'Seite {{page}} von {{pages}}',
    },
  },
  /**
   * A bilingual profile (docs/product.md §44): the home language and German within a few weeks, side
   * by side on the results page, in the Verlauf and the Gruppenübersicht.
   */
  bilingual: {
    heading: 'Zweisprachig getestet',
    level: 'Niveau {{level}}',
    pair: '{{home}}: {{homeLevel}} · Deutsch: {{germanLevel}}',
    dates: 'Tests vom {{homeDate}} ({{home}}) und vom {{germanDate}} (Deutsch).',
    differs:
      'Ein Unterschied zwischen den Sprachen weist auf die Sprache hin, nicht auf das Zahlverständnis.',
    same: 'In beiden Sprachen dasselbe Niveau.',
    /** After 'Kind versteht die Sprache nicht' or 'Sprachverständnis: nein'. */
    otherLanguage:
      'Das Kind hat die Sprache des Tests nicht verstanden. Testen Sie es auf Deutsch oder in einer anderen Sprache, die es kennt; beide Ergebnisse nebeneinander geben einen Hinweis darauf, ob es an der Sprache lag.',
    otherLanguageResult:
      'Das Kind hat die Sprache des Tests nicht verstanden. Testen Sie es auf Deutsch oder in einer anderen Sprache, die es kennt: In der Gruppenübersicht steht dafür „Auf Deutsch testen“ bei diesem Kind.',
    testInGerman: 'Auf Deutsch testen',
    testInGermanNamed: 'Auf Deutsch testen mit {{name}}',
  },
  verlauf: {
    heading: 'Verlauf',
    childCode: 'Kind-Code',
    loading: 'Verlauf wird geladen …',
    loadFailed: 'Der Verlauf konnte nicht geladen werden.',
    notSaved: 'Dieses Kind wurde nicht gespeichert („Nicht speichern“): Es gibt keinen Verlauf.',
    first: 'Dies ist der erste Test dieses Kindes auf diesem Gerät.',
    intro_one: '{{count}} Test dieses Kindes auf diesem Gerät, der älteste zuerst.',
    intro_other: '{{count}} Tests dieses Kindes auf diesem Gerät, der älteste zuerst.',
    columns: {
      date: 'Testdatum',
      level: 'Niveau {{level}}',
      assigned: 'Zugeordnetes Niveau',
      change: 'Veränderung seit dem vorigen Test',
    },
    thisTest: '(dieser Test)',
    firstTest: 'erster Test',
    /** A test ended with 'Test beenden' (docs/product.md §38): no level, no comparison. */
    endedEarly: 'vorzeitig beendet: {{reason}}',
    endedNoChange: 'kein Vergleich (vorzeitig beendet)',
    pointsChange: 'Niveau {{level}}: {{delta}}',
    assignedChange: 'Zugeordnetes Niveau von {{from}} auf {{to}}',
    assignedSame: 'Zugeordnetes Niveau gleich ({{level}})',
    direction: { up: 'höher', down: 'niedriger', same: 'gleich' },
  },
  overview: {
    title: 'Gruppenübersicht',
    back: 'Zurück zu den Angaben',
    loading: 'Kinder werden geladen …',
    loadFailed: 'Die Kinder dieses Geräts konnten nicht geladen werden.',
    empty: 'Auf diesem Gerät ist noch kein Kind gespeichert.',
    count_one: '{{count}} von {{total}} Kindern',
    count_other: '{{count}} von {{total}} Kindern',
    filters: 'Filter',
    language: 'Sprache',
    allLanguages: 'alle Sprachen',
    supportOnly: 'nur Kinder mit Förderbedarf',
    supportHint: 'Förderbedarf: Im letzten Test wurde mindestens ein Niveau noch nicht erreicht.',
    interval: 'Erneut testen nach (Wochen)',
    intervalProblem: 'Bitte eine ganze Zahl von 1 bis {{max}} Wochen eingeben.',
    print: 'Drucken / als PDF speichern',
    printing: 'PDF wird erstellt …',
    printFailed: 'Das PDF konnte nicht erstellt werden. Bitte erneut versuchen.',
    printTitle: 'Zähltest – Gruppenübersicht',
    printDate: 'Stand: {{date}}',
    printFilter: 'Filter: {{filter}}',
    printPage: 'Seite {{page}} von {{pages}}',
    columns: {
      name: 'Name',
      age: 'Alter',
      language: 'Sprache',
      lastTest: 'Letzter Test',
      level1: 'Niveau 1',
      level2: 'Niveau 2',
      level3: 'Niveau 3',
      assigned: 'Zugeordnetes Niveau',
      unmet: 'Noch nicht erreicht',
      retest: 'Nächster Schritt',
    },
    sortBy: 'Sortieren nach {{column}}',
    years_one: '{{count}} Jahr',
    years_other: '{{count}} Jahre',
    none: '—',
    notTested: 'noch nicht getestet',
    /** The child's language, and that of its newest test when that differs (German, docs/product.md §44). */
    lastInLanguage: '{{language}}, letzter Test: {{last}}',
    /** The newest test ended early (docs/product.md §38), in the column 'Zugeordnetes Niveau'. */
    endedEarly: 'vorzeitig beendet: {{reason}}',
    allReached: 'alle erreicht',
    unmetLevels: 'Niveau {{levels}}',
    /** A level not reached below a reached one (docs/product.md §28): the row says it is unusual. */
    unmetUnusual: 'Niveau {{levels}} – ungewöhnliches Profil',
    retestDue: '{{date}} (fällig)',
    open: 'Verlauf',
    openNamed: 'Verlauf von {{name}}',
    /** Per child, what to do next (docs/product.md, Gruppenübersicht). */
    next: {
      heading: 'Nächster Schritt',
      support: 'Förderhinweise',
      retestFrom: 'Erneut testen ab {{date}}',
      dueSince: 'Erneut testen: fällig seit {{date}}',
      silent: 'ohne Ton',
      silentPartly: 'teilweise ohne Ton ({{count}} von {{total}} Texten)',
      unusual:
        'Ungewöhnliches Profil: Niveau {{unmet}} nicht erreicht, obwohl Niveau {{achieved}} erreicht – siehe „Letztes Ergebnis“.',
    },
    lastResult: 'Letztes Ergebnis',
    lastResultNamed: 'Letztes Ergebnis von {{name}}',
    startTest: 'Test beginnen',
    startTestNamed: 'Test beginnen mit {{name}}',
    resultPdf: 'Als PDF speichern',
    resultPdfFailed: 'Das PDF konnte nicht erstellt werden. Bitte erneut versuchen.',
    resultSound: 'mit Ton',
    resultNotStoredLabel: 'Nicht gespeichert',
    resultNotStored:
      'Antwortzeiten, „keine Antwort“, erneut gezeigte Bilder, Unterbrechungen und wiederholte Ansagen behält das Gerät nicht; sie stehen nur auf der Ergebnisseite direkt nach dem Test.',
    childHeading: 'Verlauf von {{name}}',
    childCode: 'Kind-Code: {{code}}',
    close: 'Schließen',
    delete: 'Kind löschen',
    deleteTitle: 'Kind löschen?',
    deleteText:
      '{{name}} (Kind-Code {{code}}) und alle auf diesem Gerät gespeicherten Ergebnisse dieses Kindes werden von diesem Gerät gelöscht.',
    /** What stays elsewhere after deleting children (every delete dialog of the overview). */
    deleteStays:
      'Schon gesendete Ergebnisse bleiben ohne Namen auf dem Server; dort lassen sie sich über den Kind-Code löschen. Noch nicht gesendete Ergebnisse werden trotzdem gesendet.',
    /** The same for one child, with its code and how research deletes its results (docs/privacy.md). */
    deleteStaysCode:
      'Schon gesendete Ergebnisse bleiben ohne Namen auf dem Server. Dort kann die Forschung sie über den Kind-Code {{code}} löschen (Auswertung: „Alle Ergebnisse eines Kindes löschen“). Noch nicht gesendete Ergebnisse werden trotzdem gesendet.',
    deleteKeep: 'Nicht löschen',
    deleteConfirm: 'Endgültig löschen',
    deleteFailed: 'Das Kind konnte nicht gelöscht werden. Bitte erneut versuchen.',
    retention: {
      heading: 'Seit 18 Monaten nicht getestet',
      text_one:
        'Dieses Kind wurde seit mehr als 18 Monaten nicht getestet. Aus Datenschutzgründen sollte es gelöscht werden:',
      text_other:
        'Diese {{count}} Kinder wurden seit mehr als 18 Monaten nicht getestet. Aus Datenschutzgründen sollten sie gelöscht werden:',
      delete_one: 'Dieses Kind löschen',
      delete_other: 'Diese {{count}} Kinder löschen',
      title: 'Kinder löschen?',
      confirmText_one:
        'Das Kind und seine auf diesem Gerät gespeicherten Ergebnisse werden von diesem Gerät gelöscht.',
      confirmText_other:
        'Die {{count}} Kinder und ihre auf diesem Gerät gespeicherten Ergebnisse werden von diesem Gerät gelöscht.',
    },
  },
  preview: {
    title: 'Zähltest – Vorschau für Autorinnen und Autoren',
    notice:
      'Hier sehen Sie jede Frage so, wie das Kind sie sieht. Antworten werden sofort bewertet und angezeigt, aber nicht gespeichert und nicht gesendet.',
    loading: 'Fragen werden geladen …',
    noQuestions: 'Es gibt keine Fragen zum Anzeigen.',
    loadFailed: 'Die Fragen konnten nicht geladen werden: {{message}}',
    issuesHeading: 'Die Fragen enthalten {{count}} Fehler',
    issuesHint:
      'Bitte in der genannten Datei an der genannten Zeile korrigieren und speichern – die Vorschau aktualisiert sich dann von selbst. Die Meldungen sind englisch; content/README.md erklärt sie.',
    issuesStale: 'Solange ein Fehler besteht, zeigt die Vorschau die Fragen nicht an.',
    listLabel: 'Alle Fragen',
    columns: { id: 'Nr.', level: 'Niveau', answerType: 'Typ' },
    practiceLevel: 'Übung',
    language: 'Sprache',
    germanReference: 'Deutsch (Referenz)',
    showGerman: 'Deutschen Text daneben zeigen',
    device: 'Bildschirm',
    devices: { landscape: 'Tablet quer (1024 × 768)', portrait: 'Tablet hoch (768 × 1024)' },
    previous: 'Vorherige',
    next: 'Nächste',
    again: 'Nochmal',
    childScreen: 'Frage {{id}} wie das Kind sie sieht',
    questionOf: 'Frage {{id}} · Niveau {{level}} · {{answerType}}',
    correct: 'Richtig',
    wrong: 'Falsch — richtige Antwort: {{answer}}',
    givenAnswer: 'Gegebene Antwort: {{answer}}',
    responseTime: 'Antwortzeit: {{seconds}} s',
    exposure: 'Bild gezeigt: {{ms}} ms (eingestellt: {{target}} ms)',
    tries_one: '{{count}} Versuch',
    tries_other: '{{count}} Versuche',
    notRecorded: 'Nur Vorschau – nichts wurde gespeichert oder gesendet.',
    awaitingAnswer: 'Noch keine Antwort.',
    german: {
      heading: 'Deutscher Text (Referenz)',
      situationText: 'Situation',
      questionText: 'Frage',
      answerText: 'Antworttext',
      correctAnswer: 'Richtige Antwort',
    },
    recording: {
      heading: 'Aufnahmen in dieser Sprache',
      record: 'Aufnehmen',
      stop: 'Stopp',
      listen: 'Anhören',
      again: 'Neu aufnehmen',
      delete: 'Löschen',
      none: 'Keine Aufnahme – die Gerätestimme liest vor.',
      recording: 'Aufnahme läuft …',
      saving: 'Wird gespeichert …',
      saved: 'Aufnahme gespeichert.',
      stale:
        'Veraltet: Der Text wurde nach der Aufnahme geändert – bitte neu aufnehmen. Aufgenommen wurde: „{{text}}“',
      silent: 'Die Aufnahme ist stumm. Bitte Mikrofon prüfen und neu aufnehmen.',
      noMicrophone: 'Kein Zugriff auf das Mikrofon. Bitte im Browser erlauben.',
      saveFailed: 'Die Aufnahme konnte nicht gespeichert werden: {{message}}',
      playFailed: 'Die Aufnahme konnte nicht abgespielt werden.',
      deleteFailed: 'Die Aufnahme konnte nicht gelöscht werden.',
      listFailed: 'Die vorhandenen Aufnahmen konnten nicht geladen werden (nur mit npm run dev).',
    },
  },
  site: {
    summary: 'Einrichtungskennung dieses Geräts',
    current: 'Einrichtungskennung: {{site}}',
    none: 'Keine Einrichtungskennung gesetzt',
    label: 'Einrichtungskennung',
    hint: 'Die Kennung, die der Träger für diese Kita vergeben hat, z. B. KITA-017. Sie wird einmal pro Gerät eingestellt und mit jedem Ergebnis gesendet.',
    save: 'Speichern',
    saved: 'Gespeichert: {{site}}',
    cleared: 'Die Einrichtungskennung wurde entfernt.',
    saveFailed: 'Die Einrichtungskennung konnte auf diesem Gerät nicht gespeichert werden.',
    resultLabel: 'Einrichtungskennung',
    enrolled: 'Dieses Tablet ist eingerichtet für {{site}} – {{name}}.',
    problems: {
      characters: 'Nur Buchstaben (ohne Umlaute), Ziffern und Bindestrich „-“ sind erlaubt, z. B. KITA-017.',
      length: 'Höchstens 20 Zeichen, z. B. KITA-017.',
      start: 'Die Kennung muss mit einem Buchstaben oder einer Ziffer beginnen, z. B. KITA-017.',
    },
  },
  plainHttp: {
    warning:
      'Achtung: Zähltest ist über unverschlüsseltes HTTP geöffnet. So lädt die App ohne Netz nicht – offline testen ist auf diesem Gerät unmöglich. Abhilfe: Zähltest über HTTPS einrichten (Einrichtungsanleitung docs/deploy.md).',
  },
  /** Encryption at rest, backups and what the device keeps (issue 22, points 5 and 6). */
  deviceData: {
    checking: 'Passwort wird geprüft …',
    oldPassphrase: {
      title: 'Das Passwort wurde geändert',
      text: 'Die Daten auf diesem Gerät sind noch mit dem bisherigen Passwort verschlüsselt. Bitte geben Sie das bisherige Passwort einmal ein; danach gilt nur noch das neue.',
      label: 'Bisheriges Passwort:',
      submit: 'Daten übernehmen',
      wrong: 'Das bisherige Passwort stimmt nicht.',
      forgotten: 'Bisheriges Passwort vergessen',
    },
    forget: {
      title: 'Ohne das bisherige Passwort sind die Daten verloren',
      text: 'Die gespeicherten Kinder, ihre Ergebnisse und der laufende Test lassen sich ohne das bisherige Passwort nicht mehr öffnen. Wenn Sie fortfahren, werden sie von diesem Gerät gelöscht. Das lässt sich nicht rückgängig machen. Eine Sicherung, die mit dem bisherigen Passwort gespeichert wurde, lässt sich später nur mit diesem Passwort laden. Ergebnisse, die schon gesendet wurden, bleiben auf dem Server; die Einrichtungskennung bleibt auf dem Gerät.',
      unsent:
        'Darunter {{count}} noch nicht gesendete Ergebnisse: Sie gehen verloren und erreichen die Forschung nicht.',
      confirm: 'Daten löschen und mit dem neuen Passwort beginnen',
      cancel: 'Zurück',
    },
    status: {
      unsentNone: 'Alle Ergebnisse sind gesendet.',
      unsentOne: '1 Ergebnis ist noch nicht gesendet.',
      unsentMany: '{{count}} Ergebnisse sind noch nicht gesendet.',
      lastBackup: 'Letzte Sicherung: {{date}}',
      noBackup: 'Noch keine Sicherung auf diesem Gerät.',
      backupDue:
        'Seit mehr als 7 Tagen liegen Ergebnisse nur auf diesem Gerät. Bitte speichern Sie eine Sicherung (unter „Angaben zum Kind“), damit nichts verloren geht, wenn der Browser die Daten löscht.',
    },
    homeScreen: {
      title: 'Auf dem iPad: Zähltest zum Home-Bildschirm hinzufügen',
      text: 'Safari löscht die Daten einer Website, die 7 Tage nicht benutzt wurde – auch nicht gesendete Ergebnisse. Als App auf dem Home-Bildschirm gilt das nicht: Tippen Sie auf „Teilen“ (das Quadrat mit dem Pfeil nach oben), dann auf „Zum Home-Bildschirm“ und „Hinzufügen“. Öffnen Sie Zähltest danach immer über das neue Symbol.',
    },
    backup: {
      title: 'Sicherung',
      text: 'Eine Sicherung enthält die Kinder dieses Geräts, ihre Ergebnisse, die noch nicht gesendeten Ergebnisse und die Einrichtungskennung, verschlüsselt mit dem Passwort. Mit ihr lassen sich die Daten auf jedem Gerät mit demselben Passwort wiederherstellen.',
      save: 'Sicherung speichern',
      saving: 'Sicherung wird erstellt …',
      saved:
        'Die Sicherung wurde als „{{file}}“ im Download-Ordner des Browsers gespeichert (meist „Downloads“; auf iPad und iPhone: App „Dateien“ → „Downloads“) – oder dort, wo Sie es beim Speichern gewählt haben.',
      saveFailed: 'Die Sicherung konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
      load: 'Sicherung laden',
      file: 'Sicherungsdatei',
      passphrase: 'Passwort der Sicherung:',
      restore: 'Wiederherstellen',
      restoring: 'Sicherung wird geladen …',
      restored:
        'Sicherung geladen. Neu auf diesem Gerät – Kinder: {{children}}, Ergebnisse: {{results}}, nicht gesendete Ergebnisse: {{unsent}}. Was schon da war, wurde nicht doppelt angelegt.',
      nothingNew:
        'Sicherung geladen: Alles darin war auf diesem Gerät schon vorhanden. Nichts wurde geändert.',
      siteRestored: 'Einrichtungskennung aus der Sicherung übernommen: {{site}}.',
      siteKept:
        'Die Sicherung stammt von der Einrichtungskennung {{inBackup}}; dieses Gerät behält seine eigene ({{site}}). Bitte prüfen Sie oben unter „Einrichtungskennung“, welche für dieses Gerät stimmt.',
      siteMissing:
        'Die Sicherung enthält keine Einrichtungskennung, und auf diesem Gerät ist keine gesetzt. Bitte stellen Sie sie oben unter „Keine Einrichtungskennung gesetzt“ ein (z. B. KITA-017): Sie wird mit jedem Ergebnis gesendet.',
      siteNotSaved:
        'Die Einrichtungskennung der Sicherung ({{inBackup}}) konnte auf diesem Gerät nicht gespeichert werden. Bitte stellen Sie sie oben unter „Keine Einrichtungskennung gesetzt“ selbst ein.',
      wrongPassphrase:
        'Die Sicherung wurde mit einem anderen Passwort gespeichert. Bitte geben Sie das Passwort ein, das beim Speichern der Sicherung galt. Es wurde nichts geändert.',
      damaged:
        'Die Datei ist keine lesbare Zähltest-Sicherung (beschädigt oder eine andere Datei). Es wurde nichts geändert.',
      unsealed:
        'Die Datei ist nicht mit einem Passwort verschlüsselt. Solche Dateien werden nicht mehr geladen, weil jeder sie hätte schreiben können. Bitte laden Sie eine Sicherung, die mit dieser Version gespeichert wurde. Es wurde nichts geändert.',
      weakKey:
        'Die Datei ist schwächer verschlüsselt, als diese App es tut, und wird deshalb nicht geladen. Bitte laden Sie eine Sicherung, die mit dieser Version gespeichert wurde. Es wurde nichts geändert.',
      future:
        'Die Sicherung enthält Kinder oder Ergebnisse mit einem Datum in der Zukunft und wird deshalb nicht geladen. Bitte prüfen Sie Datum und Uhrzeit des Geräts, auf dem sie gespeichert wurde. Es wurde nichts geändert.',
      noFile: 'Bitte wählen Sie zuerst eine Sicherungsdatei aus.',
      restoreFailed: 'Die Sicherung konnte nicht geladen werden. Es wurde nichts geändert.',
    },
  },
} as const;
