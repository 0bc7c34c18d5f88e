// Builds the app from the content folder named by ZAEHLTEST_CONTENT_DIR into the folder given as
// the first argument and serves it with the real results server (tests/support/server.ts), in a
// process of its own: the content folder is read when the build and server modules load, so a test
// that builds from another folder runs this as a child. Prints one JSON line { url } when ready and
// stops the server when its standard input closes.
import { buildApp } from './build-app.ts';
import { startTestServer } from './server.ts';

const outDir = process.argv[2];
if (!process.env.ZAEHLTEST_CONTENT_DIR || !outDir)
  throw new Error('usage: ZAEHLTEST_CONTENT_DIR=<folder> tsx tests/support/content-dir-app.ts <outDir>');
const server = await startTestServer(await buildApp(outDir));
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
