import { OperatorError } from './operator-error.ts';

// BACKUP_RECIPIENT (docs/deploy.md, backups): read by `npm run backup` (scripts/backup/age.ts) and
// by the Datenschutz-Unterlagen, which say whether the backups are encrypted (docs/privacy.md).

/** The recipients of BACKUP_RECIPIENT: one or more public keys (age1…), separated by spaces or commas. */
export function backupRecipients(env: NodeJS.ProcessEnv): string[] {
  const recipients = (env.BACKUP_RECIPIENT ?? '').split(/[\s,]+/).filter(Boolean);
  const wrong = recipients.find((recipient) => !/^age1[0-9a-z]+$/.test(recipient));
  if (wrong !== undefined) {
    throw new OperatorError(
      `BACKUP_RECIPIENT enthält „${wrong}“, keinen öffentlichen age-Schlüssel (age1…). Den Schlüssel aus \`age-keygen -y SCHLÜSSELDATEI\` eintragen.`,
      `BACKUP_RECIPIENT holds "${wrong}", not a public age key (age1…). Put in the key that \`age-keygen -y KEYFILE\` prints.`,
    );
  }
  return recipients;
}
