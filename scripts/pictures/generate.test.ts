// @vitest-environment jsdom
// jsdom only for its strict XML DOMParser; everything else here is plain Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkDots,
  type DotsPicture,
  dotGroups,
  loadDescription,
  PICTURES_DIR,
  renderPicture,
} from './generate.ts';

const description = loadDescription();

function parseSvg(text: string): Document {
  return new DOMParser().parseFromString(text, 'image/svg+xml');
}

describe.each(description.pictures.map((picture) => [picture.name, picture] as const))(
  '%s',
  (name, picture) => {
    const committed = readFileSync(join(PICTURES_DIR, name), 'utf8');
    const doc = parseSvg(committed);
    const root = doc.documentElement;

    it('is the generator output for its description (run npx tsx scripts/pictures/generate.ts)', () => {
      expect(committed).toBe(renderPicture(picture, description));
    });

    it('is a small, valid, square SVG with role img and its German title', () => {
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(root.localName).toBe('svg');
      expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(root.getAttribute('viewBox')).toBe(`0 0 ${description.size} ${description.size}`);
      expect(root.getAttribute('role')).toBe('img');
      expect(root.querySelector(':scope > title')?.textContent).toBe(picture.title);
      expect(root.getElementsByTagName('text')).toHaveLength(0);
      expect(Buffer.byteLength(committed)).toBeLessThan(2048);
    });

    if (picture.kind === 'dots') {
      it(`shows exactly ${picture.count} dots, as its title says`, () => {
        const circles = [...root.getElementsByTagName('circle')];
        expect(circles).toHaveLength(picture.count);
        for (const circle of circles) expect(Number(circle.getAttribute('r'))).toBe(description.dotRadius);
        if (picture.layout !== 'groups')
          expect(picture.title).toMatch(new RegExp(`^${picture.count} Punkte`));
      });
    }

    if (picture.kind === 'dots' && picture.layout === 'groups') {
      it('draws each group apart, with the sizes its title names in order', () => {
        const groups = [...root.querySelectorAll(':scope > g > g')];
        const sizes = picture.groups.map((group) => group.length);
        expect(groups.map((group) => group.getElementsByTagName('circle').length)).toEqual(sizes);
        expect(picture.title).toBe(`${sizes.map((size) => `${size} Punkte`).join(' und ')} in zwei Gruppen`);
      });
    }

    if (picture.kind === 'flower') {
      it(`is one flower with ${picture.petals} petals and one centre`, () => {
        expect(root.getElementsByTagName('circle')).toHaveLength(1);
        expect(root.querySelectorAll('g > ellipse')).toHaveLength(picture.petals);
      });
    }
  },
);

describe('the generator refuses a description that would not show what it says', () => {
  const base: DotsPicture = {
    name: 'dots-3-scatter.svg',
    title: '3 Punkte',
    kind: 'dots',
    layout: 'scatter',
    count: 3,
    points: [
      [80, 80],
      [200, 80],
      [140, 200],
    ],
  };
  const check = (picture: DotsPicture) =>
    checkDots(
      picture,
      dotGroups(picture, description.size, description.dotRadius),
      description.size,
      description.dotRadius,
    );

  it('accepts a well-spaced picture', () => {
    expect(() => check(base)).not.toThrow();
  });

  it('refuses a count that differs from the placed dots', () => {
    expect(() => check({ ...base, count: 4 })).toThrow('count is 4 but 3 dots are placed');
  });

  it('refuses dots that touch', () => {
    expect(() =>
      check({
        ...base,
        points: [
          [80, 80],
          [110, 80],
          [140, 200],
        ],
      }),
    ).toThrow('less than 16 px apart');
  });

  it('refuses a dot at the edge', () => {
    expect(() =>
      check({
        ...base,
        points: [
          [10, 80],
          [200, 80],
          [140, 200],
        ],
      }),
    ).toThrow('too close to the edge');
  });

  it('refuses groups that run into each other', () => {
    expect(() =>
      check({
        name: 'dots-2-3-groups.svg',
        title: '2 Punkte und 3 Punkte in zwei Gruppen',
        kind: 'dots',
        layout: 'groups',
        count: 5,
        groups: [
          [
            [60, 100],
            [60, 170],
          ],
          [
            [130, 100],
            [200, 100],
            [165, 170],
          ],
        ],
      }),
    ).toThrow('groups 1 and 2 are less than 60 px apart');
  });
});
