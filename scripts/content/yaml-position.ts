import { type Document, isMap, isScalar, isSeq, type LineCounter, type Node } from 'yaml';

export type IssuePath = readonly PropertyKey[];

/** Whether a message points at the value of a field or at its key (unknown keys, surplus map keys). */
export type Anchor = 'value' | 'key';

export interface Position {
  line: number;
  col: number;
}

/** `texts.ar.questionText`, `dotRow[1]`, `dotImages.-1`: how authors see a path in messages. */
export function formatPath(path: IssuePath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(question)' : out;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return key == null ? undefined : String(key);
}

function isEmptyValue(node: Node | null): boolean {
  return node == null || (isScalar(node) && node.value == null);
}

/**
 * The line and column of the YAML node at `path`. A missing key points at the key of its parent map
 * (where the author adds it), an empty value (`key:` with nothing after it) at its key.
 */
export function locate(
  doc: Document,
  lineCounter: LineCounter,
  path: IssuePath,
  anchor: Anchor = 'value',
): Position {
  let node = doc.contents as Node | null;
  // The node that names the current node: a map key, or the sequence item itself.
  let label: Node | null = null;
  for (const segment of path) {
    let next: { node: Node | null; label: Node | null } | undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => keyText(item.key) === String(segment));
      if (pair) next = { node: pair.value as Node | null, label: pair.key as Node | null };
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (item) next = { node: item, label: item };
    }
    if (!next) return position(lineCounter, label ?? node);
    node = next.node;
    label = next.label;
  }
  const target = anchor === 'key' || isEmptyValue(node) ? (label ?? node) : node;
  return position(lineCounter, target);
}

function position(lineCounter: LineCounter, node: Node | null): Position {
  const offset = node?.range?.[0] ?? 0;
  return lineCounter.linePos(offset);
}
