import { makePgliteTemplate } from './pglite-template.ts';

/** Global set-up of the projects whose tests open embedded databases (server/testing/pglite-template.ts). */
export default async function setup() {
  return makePgliteTemplate();
}
