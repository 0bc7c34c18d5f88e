// Every content picture by file name, as built asset URLs. Picture fields arrive as URLs already;
// this resolves a field that still holds a bare file name (dotImages), so both forms work.
const PICTURES = import.meta.glob<string>('../../../content/pictures/*.{svg,png}', {
  eager: true,
  query: '?url',
  import: 'default',
});

const BY_NAME = new Map(
  Object.entries(PICTURES).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

/** The URL of a picture given by URL or by its file name under content/pictures/. */
export function pictureUrl(nameOrUrl: string | undefined): string | undefined {
  if (nameOrUrl === undefined) return undefined;
  return BY_NAME.get(nameOrUrl) ?? nameOrUrl;
}
