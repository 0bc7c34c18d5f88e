// `npm run datenschutz -- FOLDER` (docs/privacy.md, issue 42; the same documents are a download on
// /verwaltung, server/verwaltung/routes.ts): writes the Datenschutz-Unterlagen of
// this deployment into FOLDER as German Markdown, each a draft for the data-protection officer: the
// record of processing (Art. 30 DSGVO), the technical and organisational measures (Art. 32), the
// deletion concept, notes for an impact assessment (Art. 35) and a checklist for the processing
// agreement with the host (Art. 28). Run it with the server's settings (as for `npm run backup`), so
// that the documents state what this deployment does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readDeployment } from '../../server/datenschutz/deployment.ts';
import { datenschutzDocuments } from '../../server/datenschutz/documents.ts';
import { OperatorError, runTool, targetFromEnv } from '../backup/common.ts';

/** What a folder that cannot be written to means to the operator. */
function folderError(folder: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return new OperatorError(
      `In den Ordner ${folder} darf nicht geschrieben werden. Einen anderen Ordner angeben oder die Rechte ändern.`,
      `The folder ${folder} may not be written to. Name another folder or change its permissions.`,
    );
  if (code === 'ENOTDIR' || code === 'EEXIST')
    return new OperatorError(
      `${folder} ist kein Ordner (eine Datei liegt im Weg). Einen Ordner angeben.`,
      `${folder} is not a folder (a file is in the way). Name a folder.`,
    );
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new OperatorError(
      `Der Datenträger von ${folder} ist voll.`,
      `The disk holding ${folder} is full.`,
    );
  return error instanceof Error ? error : new Error(String(error));
}

/** Writes the documents into `folder` (created if missing); returns the files written. */
export function writeDatenschutz(
  folder: string,
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
): string[] {
  // The settings first: a bad one stops before any file is written.
  const documents = datenschutzDocuments(readDeployment(env, targetFromEnv(env), now));
  try {
    mkdirSync(folder, { recursive: true });
    return documents.map((document) => {
      const file = join(folder, document.name);
      writeFileSync(file, document.text);
      return file;
    });
  } catch (error) {
    throw folderError(folder, error);
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  runTool('Datenschutz-Unterlagen', async () => {
    const folder = process.argv[2];
    if (!folder) {
      throw new OperatorError(
        'Bitte einen Ordner angeben: npm run datenschutz -- ORDNER',
        'Name a folder: npm run datenschutz -- FOLDER',
      );
    }
    const files = writeDatenschutz(resolve(folder));
    console.log(
      `Datenschutz-Unterlagen geschrieben (Entwürfe, von der oder dem Datenschutzbeauftragten zu prüfen) / written (drafts for the data-protection officer):\n${files.map((file) => `  ${file}`).join('\n')}`,
    );
  });
}
