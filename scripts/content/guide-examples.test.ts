import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { languagePackSchema } from '../../schemas/language-pack.ts';
import { levelsSchema } from '../../schemas/levels.ts';
import { PICTURE_FIELDS, questionSchema } from '../../schemas/question.ts';
import { descriptionSchema } from '../pictures/generate.ts';
import { packLanguages } from './languages.ts';
import { formatPath, type IssuePath, locate } from './yaml-position.ts';

// The YAML examples of the content guide (content/README.md and content/guide/*.md) cannot go stale
// (docs/product.md, "Languages are content"; issue 36): every ```yaml block is checked against the schema
// its marker names, the line before the fence, e.g.
//   <!-- schema: question -->                  a whole question pack
//   <!-- schema: question, partial -->         some fields of one (any may be left out)
//   <!-- schema: language-pack tr, partial --> some fields of content/languages/tr.yaml
//   <!-- schema: levels, partial -->           some of content/levels.yaml
//   <!-- schema: pictures -->                  entries of the list in content/pictures/pictures.yaml
// A partial block may leave out fields and shorten lists, but an unknown field or a wrong type still
// fails. A whole question must also have texts in exactly the languages of content/languages/, name
// pictures that exist, and keep the fields (all but texts and hint) of the real question with its id.

const ROOT = join(import.meta.dirname, '../..');
const CONTENT = join(ROOT, 'content');
const GUIDE_FILES = [
  join(CONTENT, 'README.md'),
  ...readdirSync(join(CONTENT, 'guide'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(CONTENT, 'guide', name)),
];

interface Block {
  /** Line of the opening fence, 1-based. */
  line: number;
  marker: string | undefined;
  yaml: string;
}

/** Every ```yaml block of a Markdown text, with its marker comment; indented fences (in lists) too. */
function yamlBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(\S*)\s*$/.exec(lines[i] ?? '');
    if (!fence) continue;
    const indent = fence[1]?.length ?? 0;
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end] ?? '')) end++;
    if (fence[2] === 'yaml') {
      const marker = /^\s*<!--\s*schema:\s*(.+?)\s*-->\s*$/.exec(lines[i - 1] ?? '')?.[1];
      const yaml = lines
        .slice(i + 1, end)
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n');
      blocks.push({ line: i + 1, marker, yaml });
    }
    i = end;
  }
  return blocks;
}

/**
 * The schema with every field optional and every list allowed to be shorter, recursively; unknown
 * fields and wrong types still fail. Refinements across fields are left out (they need whole data).
 */
function partialOf(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [
        key,
        partialOf(field).optional(),
      ]),
    );
    const { catchall } = schema._zod.def;
    // The object's own message for a wrong type; its error map is typed for the original object.
    const error = schema._zod.def.error as never;
    if (!catchall) return z.object(shape, { error });
    return catchall instanceof z.ZodNever
      ? z.strictObject(shape, { error })
      : z.object(shape, { error }).catchall(partialOf(catchall as z.ZodType));
  }
  if (schema instanceof z.ZodArray) {
    return z.array(partialOf(schema.element as z.ZodType), { error: schema._zod.def.error as never });
  }
  if (schema instanceof z.ZodOptional) return partialOf(schema.unwrap() as z.ZodType);
  return schema;
}

/**
 * Some fields of a question: those of its answer type's part when the block names one, else any field
 * of any answer type (so that an unknown field is still named as such).
 */
function partialQuestion(data: unknown): z.ZodType {
  const options = questionSchema.options as unknown as z.ZodObject[];
  const answerType =
    data && typeof data === 'object' ? (data as { answerType?: unknown }).answerType : undefined;
  const option = options.find((o) => (o.shape.answerType as z.ZodLiteral).value === answerType);
  if (option) return partialOf(option);
  const shape = Object.assign({}, ...options.map((o) => o.shape).reverse()) as z.ZodRawShape;
  return partialOf(
    z.strictObject({
      ...shape,
      answerType: z.enum(options.map((o) => String((o.shape.answerType as z.ZodLiteral).value))),
    }),
  );
}

/** What the first line of every real file of a kind says (its JSON Schema for the editor). */
function firstLine(folder: string): string {
  const name = readdirSync(join(CONTENT, folder)).find((file) => file.endsWith('.yaml'));
  return readFileSync(join(CONTENT, folder, name ?? ''), 'utf8').split('\n')[0] ?? '';
}

const realQuestions = new Map<number, Record<string, unknown>>(
  readdirSync(join(CONTENT, 'questions'))
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => {
      const data = parseDocument(readFileSync(join(CONTENT, 'questions', name), 'utf8')).toJS();
      return [data.id as number, data as Record<string, unknown>];
    }),
);
const pictures = new Set(readdirSync(join(CONTENT, 'pictures')));
const languages = packLanguages(join(CONTENT, 'languages'));

interface Kind {
  /** The schema, or how to choose it from the block's data. */
  schema: z.ZodType | ((data: unknown) => z.ZodType);
  /** The first line a block of this kind may start with (the real files' $schema comment). */
  schemaLine?: string;
  /** Checks of a whole example beyond its schema: [path, message] per problem. */
  extra?: (data: Record<string, unknown>) => [IssuePath, string][];
}

function questionChecks(data: Record<string, unknown>): [IssuePath, string][] {
  const problems: [IssuePath, string][] = [];
  const texts = (data.texts ?? {}) as Record<string, unknown>;
  for (const language of languages) {
    if (!(language in texts))
      problems.push([['texts'], `has no ${language} texts — add the ${language}: block`]);
  }
  for (const language of Object.keys(texts)) {
    if (!languages.includes(language)) {
      problems.push([['texts', language], `${language} is not a language of content/languages/ — remove it`]);
    }
  }
  for (const field of PICTURE_FIELDS) {
    const name = data[field];
    if (typeof name === 'string' && !pictures.has(name)) {
      problems.push([[field], `names ${name}, which is not in content/pictures/`]);
    }
  }
  const real = realQuestions.get(data.id as number);
  if (!real) return [...problems, [['id'], `no question of content/questions/ has id ${String(data.id)}`]];
  for (const key of new Set([...Object.keys(real), ...Object.keys(data)])) {
    if (key === 'texts' || key === 'hint') continue;
    if (JSON.stringify(real[key]) !== JSON.stringify(data[key])) {
      problems.push([
        [key],
        `is ${JSON.stringify(data[key])} but question ${String(data.id)} has ${JSON.stringify(real[key])} — copy it from content/questions/`,
      ]);
    }
  }
  return problems;
}

/** The schema a marker names, e.g. "question", "language-pack tr, partial". */
function kindOf(marker: string): Kind | string {
  const [name = '', ...flags] = marker.split(',').map((part) => part.trim());
  const partial = flags.includes('partial');
  if (flags.some((flag) => flag !== 'partial'))
    return `unknown flag in "${marker}" — only "partial" is known`;
  const [kind, language] = name.split(/\s+/);
  let whole: Kind;
  if (kind === 'question') {
    whole = { schema: questionSchema, schemaLine: firstLine('questions'), extra: questionChecks };
  } else if (kind === 'language-pack' && language) {
    whole = { schema: languagePackSchema(language), schemaLine: firstLine('languages') };
  } else if (kind === 'levels') {
    whole = { schema: levelsSchema };
  } else if (kind === 'pictures') {
    whole = { schema: descriptionSchema.shape.pictures };
  } else {
    return `unknown schema "${name}" — use question, language-pack <code>, levels or pictures`;
  }
  if (!partial) return whole;
  const schema = whole.schema === questionSchema ? partialQuestion : partialOf(whole.schema as z.ZodType);
  return { schema, schemaLine: whole.schemaLine };
}

/** Every problem of the YAML examples of one guide file, as "file:line  path  message". */
function checkGuide(markdown: string, file: string): string[] {
  const problems: string[] = [];
  for (const block of yamlBlocks(markdown)) {
    const at = (line: number) => `${file}:${block.line + line}`;
    if (!block.marker) {
      problems.push(`${at(0)}  (marker)  has no "<!-- schema: … -->" line before its fence`);
      continue;
    }
    const kind = kindOf(block.marker);
    if (typeof kind === 'string') {
      problems.push(`${at(0)}  (marker)  ${kind}`);
      continue;
    }
    const lineCounter = new LineCounter();
    const doc = parseDocument(block.yaml, { lineCounter });
    if (doc.errors.length > 0) {
      for (const error of doc.errors)
        problems.push(`${at(error.linePos?.[0].line ?? 1)}  (YAML)  ${error.message}`);
      continue;
    }
    const firstYamlLine = block.yaml.split('\n')[0] ?? '';
    if (firstYamlLine.includes('$schema=') && firstYamlLine !== kind.schemaLine) {
      problems.push(
        `${at(1)}  (schema comment)  is not the first line of the real files: ${kind.schemaLine}`,
      );
    }
    const data: unknown = doc.toJS();
    // A block of the first line alone (only its schema comment) has nothing more to check.
    if (data == null && firstYamlLine.includes('$schema=')) continue;
    const where = (path: IssuePath, anchor: 'key' | 'value' = 'value') =>
      at(locate(doc, lineCounter, path, anchor).line);
    const schema = typeof kind.schema === 'function' ? kind.schema(data) : kind.schema;
    const result = schema.safeParse(data);
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) {
            const path = [...issue.path, key];
            problems.push(`${where(path, 'key')}  ${formatPath(path)}  is not a field here`);
          }
        } else {
          problems.push(`${where(issue.path)}  ${formatPath(issue.path)}  ${issue.message}`);
        }
      }
    } else if (kind.extra && isMap(doc.contents)) {
      for (const [path, message] of kind.extra(data as Record<string, unknown>)) {
        problems.push(`${where(path)}  ${formatPath(path)}  ${message}`);
      }
    }
  }
  return problems;
}

describe('the YAML examples of the content guide', () => {
  for (const path of GUIDE_FILES) {
    const file = relative(ROOT, path);
    it(`${file}: every example validates against its schema`, () => {
      expect(checkGuide(readFileSync(path, 'utf8'), file)).toEqual([]);
    });
  }

  it('the guide has examples of every kind', () => {
    const markers = GUIDE_FILES.flatMap((path) =>
      yamlBlocks(readFileSync(path, 'utf8')).map((b) => b.marker),
    );
    for (const kind of [
      'question',
      'question, partial',
      'language-pack tr, partial',
      'levels, partial',
      'pictures',
    ]) {
      expect(markers).toContain(kind);
    }
  });

  it('the folder tree names every language pack of content/languages/', () => {
    const tree = readFileSync(join(CONTENT, 'guide', '01-ordner.md'), 'utf8');
    for (const language of languages) expect(tree).toMatch(new RegExp(`── ${language}\\.yaml`));
  });
});

describe('the check of the guide examples', () => {
  const guide = (marker: string, yaml: string) =>
    `Text\n\n<!-- schema: ${marker} -->\n\`\`\`yaml\n${yaml}\n\`\`\`\n`;
  const question4 = readFileSync(
    join(
      CONTENT,
      'questions',
      readdirSync(join(CONTENT, 'questions')).find((name) => name.startsWith('04-')) ?? '',
    ),
    'utf8',
  );

  it('passes a real question as it is', () => {
    expect(checkGuide(guide('question', question4), 'g.md')).toEqual([]);
  });

  it('names the line of a question without the texts of one language', () => {
    const withoutUk = question4.replace(/\n {2}uk:\n( {4}.*\n)+/, '\n');
    expect(withoutUk).not.toBe(question4);
    expect(checkGuide(guide('question', withoutUk), 'g.md')).toEqual([
      expect.stringMatching(/^g\.md:\d+ {2}texts {2}has no uk texts/),
    ]);
  });

  it('names the line of a wrong type, a renamed field and a changed picture', () => {
    const broken = question4
      .replace('correctAnswer: 5', 'correctAnswer: fünf')
      .replace('questionText:', 'questiontext:');
    const problems = checkGuide(guide('question', broken), 'g.md');
    const line = (text: string) => 4 + broken.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(problems).toContain(
      `g.md:${line('correctAnswer')}  correctAnswer  ${problemOf(broken, 'correctAnswer')}`,
    );
    expect(problems.some((p) => p.startsWith(`g.md:${line('questiontext')}  texts.de.questiontext`))).toBe(
      true,
    );
    const otherPicture = question4.replace('dots-5-row.svg', 'dots-3-row.svg');
    expect(checkGuide(guide('question', otherPicture), 'g.md')).toEqual([
      expect.stringMatching(/ {2}image {2}is "dots-3-row\.svg" but question 4 has "dots-5-row\.svg"/),
    ]);
  });

  it('lets a partial block leave fields out, but not add unknown ones or change types', () => {
    expect(checkGuide(guide('question, partial', 'hint: "Ein Hinweis."'), 'g.md')).toEqual([]);
    expect(
      checkGuide(
        guide('language-pack tr, partial', 'yes: "Evet"\nnumberWords:\n  - { word: "bir", say: "bir" }'),
        'g.md',
      ),
    ).toEqual([]);
    expect(checkGuide(guide('levels, partial', 'levels:\n  1:\n    title: Zählzahl'), 'g.md')).toEqual([]);

    expect(checkGuide(guide('question, partial', 'hint: "Ein Hinweis."\nhnit: "x"'), 'g.md')).toEqual([
      expect.stringMatching(/^g\.md:6 {2}/),
    ]);
    expect(checkGuide(guide('language-pack tr, partial', 'yes: "Evet"\ncolour: "rot"'), 'g.md')).toEqual([
      'g.md:6  colour  is not a field here',
    ]);
    expect(
      checkGuide(guide('levels, partial', 'levels:\n  1:\n    activities: "Treppen zählen"'), 'g.md'),
    ).toEqual([expect.stringMatching(/^g\.md:7 {2}levels\.1\.activities {2}must be a list/)]);
    expect(
      checkGuide(guide('language-pack tr, partial', 'numberWords:\n  - { word: "bir", sag: "bir" }'), 'g.md'),
    ).toEqual(['g.md:6  numberWords[0].sag  is not a field here']);
  });

  it('refuses a block without a marker, with an unknown schema or with a broken first line', () => {
    expect(checkGuide('Text\n```yaml\nid: 4\n```\n', 'g.md')).toEqual([
      'g.md:2  (marker)  has no "<!-- schema: … -->" line before its fence',
    ]);
    expect(checkGuide(guide('frage', 'id: 4'), 'g.md')).toEqual([
      expect.stringMatching(/^g\.md:4 {2}\(marker\) {2}unknown schema "frage"/),
    ]);
    expect(
      checkGuide(
        guide('question, partial', '# yaml-language-server: $schema=../schemas/question.schema.json'),
        'g.md',
      ),
    ).toEqual([expect.stringMatching(/^g\.md:5 {2}\(schema comment\)/)]);
  });
});

/** The schema's own message for a field of a question pack, so the test does not copy it. */
function problemOf(yaml: string, field: string): string {
  const result = questionSchema.safeParse(parseDocument(yaml).toJS());
  const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
  return issue?.message ?? '(no problem)';
}
