/**
 * A problem the operator can fix, in German and English: the command-line tools print both lines
 * without a stack trace (scripts/backup/common.ts runTool); the server answers with the German one.
 */
export class OperatorError extends Error {
  constructor(
    readonly de: string,
    readonly en: string,
  ) {
    super(en);
  }
}
