import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { parse } from 'yaml';
import { PICTURE_FIELDS, questionSchema } from '../../schemas/question.ts';

const VIRTUAL_ID = 'virtual:zaehltest-content';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
export const CONTENT_DIR = resolve(import.meta.dirname, '../../content');

/** Compiles content/questions/*.yaml into the virtual module the client imports. */
export function contentPlugin(contentDir = CONTENT_DIR): Plugin {
  return {
    name: 'zaehltest-content',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const dir = join(contentDir, 'questions');
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.yaml'))
        .sort();
      const imports: string[] = [];
      const questions = files.map((file) => {
        this.addWatchFile(join(dir, file));
        const q = questionSchema.parse(parse(readFileSync(join(dir, file), 'utf8'))) as Record<
          string,
          unknown
        >;
        for (const field of PICTURE_FIELDS) {
          const name = q[field];
          if (typeof name === 'string') {
            const ident = `picture${imports.length}`;
            imports.push(`import ${ident} from ${JSON.stringify(join(contentDir, 'pictures', name))};`);
            q[field] = `__PICTURE__${ident}__`;
          }
        }
        return q;
      });
      const json = JSON.stringify(questions).replace(/"__PICTURE__(picture\d+)__"/g, '$1');
      return `${imports.join('\n')}\nexport const questions = ${json};\n`;
    },
  };
}
