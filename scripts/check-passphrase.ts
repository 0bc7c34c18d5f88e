import { passphraseProblem } from './build-config.ts';

/**
 * `npm run build` runs this first: a missing, public or short ACCESS_PASSWORD stops the build with its
 * message alone (Vite would add a stack trace to the same refusal in vite.config.ts).
 */
const problem = passphraseProblem(process.env.ACCESS_PASSWORD);
if (problem) {
  console.error(problem);
  process.exit(1);
}
