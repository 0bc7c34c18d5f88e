/**
 * Writes the SVG pictures of the question packs from their declarative description in
 * content/pictures/pictures.yaml. Run: npm run pictures
 *
 * The description says what a picture shows (5 dots in a row, 2 + 3 in two groups, a flower); this
 * script decides how it looks, so every dot picture has the same dot size, colour and spacing rules,
 * and the count a question relies on cannot drift from what is drawn.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { pictureName } from '../../schemas/question.ts';

export const PICTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../content/pictures');
export const DESCRIPTION_FILE = join(PICTURES_DIR, 'pictures.yaml');

const DOT_COLOUR = '#1a1a1a';
/** Smallest free space between two dots of one group, so a child can point at each one. */
export const MIN_DOT_GAP = 16;
/** Smallest free space between dots of different groups, so the groups read as separate. */
export const MIN_GROUP_GAP = 60;
/** Free space a dot keeps from the picture's edge. */
const EDGE_MARGIN = 8;

const point = z.tuple([z.number(), z.number()]);
const dotsCommon = {
  name: pictureName.refine((name) => name.endsWith('.svg'), { error: 'must end in .svg' }),
  title: z.string().trim().min(1),
  kind: z.literal('dots'),
  count: z.number().int().min(1).max(15),
};
const dotsPicture = z.discriminatedUnion('layout', [
  z.strictObject({ ...dotsCommon, layout: z.literal('row') }),
  z.strictObject({ ...dotsCommon, layout: z.literal('dice'), count: z.number().int().min(1).max(6) }),
  z.strictObject({ ...dotsCommon, layout: z.literal('scatter'), points: z.array(point).min(1) }),
  z.strictObject({
    ...dotsCommon,
    layout: z.literal('groups'),
    groups: z.array(z.array(point).min(1)).min(2),
  }),
]);
const flowerPicture = z.strictObject({
  name: dotsCommon.name,
  title: dotsCommon.title,
  kind: z.literal('flower'),
  petals: z.number().int().min(4).max(12),
});
export const descriptionSchema = z.strictObject({
  size: z.number().int().min(100),
  dotRadius: z.number().positive(),
  pictures: z.array(z.discriminatedUnion('kind', [dotsPicture, flowerPicture])).min(1),
});

export type Description = z.infer<typeof descriptionSchema>;
export type PictureDescription = Description['pictures'][number];
export type DotsPicture = z.infer<typeof dotsPicture>;
type Point = readonly [number, number];

export function loadDescription(file = DESCRIPTION_FILE): Description {
  const description = descriptionSchema.parse(parse(readFileSync(file, 'utf8')));
  const names = description.pictures.map((picture) => picture.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`${file}: picture "${duplicate}" is described twice`);
  return description;
}

/** Dice faces on a 3 × 3 grid of cells (0 = left/top, 1 = centre, 2 = right/bottom). */
const DICE_CELLS: Record<number, Point[]> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

/** The dot centres of a picture, one list per group (a single group unless layout is `groups`). */
export function dotGroups(picture: DotsPicture, size: number, radius: number): Point[][] {
  const centre = size / 2;
  switch (picture.layout) {
    case 'row': {
      const step =
        picture.count > 1 ? Math.min(80, (size - 2 * (radius + EDGE_MARGIN)) / (picture.count - 1)) : 0;
      const start = centre - (step * (picture.count - 1)) / 2;
      return [Array.from({ length: picture.count }, (_, i): Point => [start + i * step, centre])];
    }
    case 'dice': {
      const step = size * 0.27;
      const cells = DICE_CELLS[picture.count] ?? [];
      return [cells.map(([x, y]): Point => [centre + (x - 1) * step, centre + (y - 1) * step])];
    }
    case 'scatter':
      return [picture.points];
    case 'groups':
      return picture.groups;
  }
}

function gap(a: Point, b: Point, radius: number): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]) - 2 * radius;
}

/** Refuses a description whose drawing would not show what it says. */
export function checkDots(picture: DotsPicture, groups: Point[][], size: number, radius: number): void {
  const fail = (what: string) => {
    throw new Error(`content/pictures/pictures.yaml: ${picture.name}: ${what}`);
  };
  const dots = groups.flat();
  if (dots.length !== picture.count) {
    fail(`count is ${picture.count} but ${dots.length} dots are placed — make them agree`);
  }
  for (const [x, y] of dots) {
    const min = radius + EDGE_MARGIN;
    if (x < min || y < min || x > size - min || y > size - min) {
      fail(`dot at [${x}, ${y}] is too close to the edge — keep centres within ${min}..${size - min}`);
    }
  }
  groups.forEach((group, g) => {
    group.forEach((a, i) => {
      for (const b of group.slice(i + 1)) {
        if (gap(a, b, radius) < MIN_DOT_GAP) {
          fail(`dots at [${a}] and [${b}] are less than ${MIN_DOT_GAP} px apart — move them apart`);
        }
      }
      for (const other of groups.slice(g + 1)) {
        for (const b of other) {
          if (gap(a, b, radius) < MIN_GROUP_GAP) {
            fail(`groups ${g + 1} and ${groups.indexOf(other) + 1} are less than ${MIN_GROUP_GAP} px apart`);
          }
        }
      }
    });
  });
}

const round = (n: number) => String(Math.round(n * 10) / 10);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function svg(size: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function renderDots(picture: DotsPicture, size: number, radius: number): string {
  const groups = dotGroups(picture, size, radius);
  checkDots(picture, groups, size, radius);
  const circle = ([x, y]: Point) => `<circle cx="${round(x)}" cy="${round(y)}" r="${round(radius)}"/>`;
  return svg(size, picture.title, [
    `<g fill="${DOT_COLOUR}">`,
    ...groups.flatMap((group) =>
      groups.length > 1 ? ['<g>', ...group.map(circle), '</g>'] : group.map(circle),
    ),
    '</g>',
  ]);
}

function renderFlower(title: string, petals: number, size: number): string {
  const s = size / 300;
  const [cx, cy] = [150 * s, 112 * s];
  const petal = (i: number) =>
    `<ellipse cx="${round(cx)}" cy="${round(cy - 50 * s)}" rx="${round(26 * s)}" ry="${round(46 * s)}" transform="rotate(${round((360 / petals) * i)} ${round(cx)} ${round(cy)})"/>`;
  return svg(size, title, [
    `<path d="M${round(cx)} ${round(cy)}V${round(288 * s)}" stroke="#3d8b37" stroke-width="${round(10 * s)}" stroke-linecap="round"/>`,
    `<ellipse cx="${round(176 * s)}" cy="${round(238 * s)}" rx="${round(38 * s)}" ry="${round(15 * s)}" transform="rotate(-35 ${round(176 * s)} ${round(238 * s)})" fill="#3d8b37"/>`,
    `<g fill="#e0457b" stroke="#a3224f" stroke-width="${round(3 * s)}">`,
    ...Array.from({ length: petals }, (_, i) => petal(i)),
    '</g>',
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(28 * s)}" fill="#f5b700" stroke="#b07f00" stroke-width="${round(3 * s)}"/>`,
  ]);
}

/** The SVG text of one described picture. */
export function renderPicture(picture: PictureDescription, description: Description): string {
  return picture.kind === 'flower'
    ? renderFlower(picture.title, picture.petals, description.size)
    : renderDots(picture, description.size, description.dotRadius);
}

function main(): void {
  const description = loadDescription();
  for (const picture of description.pictures) {
    writeFileSync(join(PICTURES_DIR, picture.name), renderPicture(picture, description));
  }
  console.log(`Wrote ${description.pictures.length} pictures to ${PICTURES_DIR}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
