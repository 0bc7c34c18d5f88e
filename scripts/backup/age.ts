// Backups encrypted to a public key (docs/deploy.md, backups): with BACKUP_RECIPIENT set, `npm run
// backup` writes an age file (age-encryption.org) that only the matching identity opens; `npm run
// restore` reads it with the identity file named by BACKUP_IDENTITY. An off-site copy then holds no
// birth date in the clear, and the server that makes the backups holds no key that opens them.
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { backupRecipients } from '../../server/backup-recipients.ts';
import { OperatorError } from './common.ts';

// Read where the server reads it too (the Datenschutz-Unterlagen on /verwaltung say whether backups are encrypted).
export { backupRecipients };

/** The file name an encrypted backup gets: the plain name and '.age'. */
export const AGE_SUFFIX = '.age';

/** Encrypts the file `plain` to `encrypted` for the recipients, as a stream (a dump may be large). */
export async function encryptFile(plain: string, encrypted: string, recipients: string[]): Promise<void> {
  const encrypter = new Encrypter();
  try {
    for (const recipient of recipients) encrypter.addRecipient(recipient);
  } catch (error) {
    throw new OperatorError(
      `BACKUP_RECIPIENT ist kein gültiger öffentlicher age-Schlüssel (${String(error)}).`,
      `BACKUP_RECIPIENT is not a valid public age key (${String(error)}).`,
    );
  }
  const input = Readable.toWeb(createReadStream(plain)) as unknown as ReadableStream<Uint8Array>;
  const output = await encrypter.encrypt(input);
  await pipeline(
    Readable.fromWeb(output as unknown as WebReadableStream),
    createWriteStream(encrypted, { mode: 0o600 }),
  );
}

/**
 * Decrypts the age file `encrypted` to `plain` with the identities in the file BACKUP_IDENTITY names
 * (lines AGE-SECRET-KEY-1…, as `age-keygen` writes them; comments are skipped).
 */
export async function decryptFile(encrypted: string, plain: string, env: NodeJS.ProcessEnv): Promise<void> {
  const identityFile = env.BACKUP_IDENTITY;
  if (!identityFile) {
    throw new OperatorError(
      `${encrypted} ist verschlüsselt (age). BACKUP_IDENTITY auf die Datei mit dem geheimen Schlüssel setzen.`,
      `${encrypted} is encrypted (age). Set BACKUP_IDENTITY to the file with the secret key.`,
    );
  }
  let identities: string[];
  try {
    identities = readFileSync(identityFile, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('AGE-SECRET-KEY-'));
  } catch {
    throw new OperatorError(
      `Die Schlüsseldatei ${identityFile} (BACKUP_IDENTITY) lässt sich nicht lesen.`,
      `The key file ${identityFile} (BACKUP_IDENTITY) cannot be read.`,
    );
  }
  if (identities.length === 0) {
    throw new OperatorError(
      `In ${identityFile} (BACKUP_IDENTITY) steht kein geheimer age-Schlüssel (AGE-SECRET-KEY-…).`,
      `${identityFile} (BACKUP_IDENTITY) holds no secret age key (AGE-SECRET-KEY-…).`,
    );
  }
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  const input = Readable.toWeb(createReadStream(encrypted)) as unknown as ReadableStream<Uint8Array>;
  let output: ReadableStream<Uint8Array>;
  try {
    output = await decrypter.decrypt(input);
  } catch {
    throw new OperatorError(
      `${encrypted} lässt sich mit dem Schlüssel aus ${identityFile} nicht öffnen: falscher Schlüssel oder beschädigte Datei.`,
      `${encrypted} does not open with the key in ${identityFile}: a wrong key or a damaged file.`,
    );
  }
  await pipeline(
    Readable.fromWeb(output as unknown as WebReadableStream),
    createWriteStream(plain, { mode: 0o600 }),
  );
}
