import type { Target } from './types.ts';

/** The attribute a resolved target is marked with, so each driver can select it by CSS. */
export const MARK = 'data-e2e-target';

export type Resolution = 'found' | 'missing' | 'hidden' | 'disabled';

/**
 * Runs in the page (serialized, so self-contained): finds the element `target` means, the way a
 * person would name it, and marks it with `data-e2e-target="<token>"`. Accessible names are
 * approximated as aria-label, aria-labelledby, <label> or text content without aria-hidden parts,
 * whitespace collapsed.
 */
export function markTarget(arg: { target: Target; token: string; attribute: string }): Resolution {
  const { target, token, attribute } = arg;
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const matches = (actual: string, wanted: string, exact: boolean | undefined) =>
    exact === false ? actual.toLowerCase().includes(wanted.toLowerCase()) : actual === wanted;
  const labelOf = (el: Element): string => {
    const aria = el.getAttribute('aria-label');
    if (aria) return clean(aria);
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return clean(
        by
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' '),
      );
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return clean([...labels].map((l) => l.textContent).join(' '));
    return '';
  };
  // Text content as a name: what aria-hidden marks is not part of it (the child's word under 'Ja').
  const spokenText = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
    return [...node.childNodes].map(spokenText).join('');
  };
  const nameOf = (el: Element) =>
    labelOf(el) || clean(spokenText(el)) || clean((el as HTMLInputElement).value);
  const visible = (el: Element) => {
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  let candidates: Element[] = [];
  if ('css' in target) candidates = [...document.querySelectorAll(target.css)];
  else if ('label' in target)
    candidates = [...document.querySelectorAll('input, select, textarea')].filter((el) =>
      matches(labelOf(el), target.label, target.exact),
    );
  else if ('text' in target)
    candidates = [...document.querySelectorAll('body *')].filter(
      (el) =>
        matches(clean(el.textContent), target.text, target.exact) &&
        ![...el.children].some((child) => matches(clean(child.textContent), target.text, target.exact)),
    );
  else {
    const selectors: Record<string, string> = {
      button: 'button, [role="button"], input[type="button"], input[type="submit"]',
      radio: 'input[type="radio"], [role="radio"]',
      heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
      alertdialog: '[role="alertdialog"]',
      status: '[role="status"]',
    };
    candidates = [...document.querySelectorAll(selectors[target.role] ?? target.role)].filter(
      (el) => target.name === undefined || matches(nameOf(el), target.name, target.exact),
    );
  }
  for (const old of document.querySelectorAll(`[${attribute}]`)) old.removeAttribute(attribute);
  const shown = candidates.filter(visible);
  // A radio button is often visually replaced by its label: then the label is what is tapped.
  const element =
    shown[0] ??
    candidates.find(
      (el) => (el as HTMLInputElement).labels?.[0] && visible((el as HTMLInputElement).labels![0]!),
    );
  if (!element) return candidates.length > 0 ? 'hidden' : 'missing';
  const target_ = shown[0] ? element : (element as HTMLInputElement).labels![0]!;
  target_.setAttribute(attribute, token);
  if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true')
    return 'disabled';
  return 'found';
}

export function describeTarget(target: Target): string {
  if ('css' in target) return `css ${target.css}`;
  if ('label' in target) return `field labelled "${target.label}"`;
  if ('text' in target) return `text "${target.text}"`;
  return `${target.role}${target.name === undefined ? '' : ` "${target.name}"`}`;
}
