import { MOVABLE_DOTS } from '../../domain/facts';

/** 'Runter': one free dot into the child's box; nothing happens when no free dot is left. */
export function moveDotDown(dotsInBox: number): number {
  return Math.min(MOVABLE_DOTS, dotsInBox + 1);
}

/** 'Hoch': one dot back out of the child's box; nothing happens when the box is empty. */
export function moveDotUp(dotsInBox: number): number {
  return Math.max(0, dotsInBox - 1);
}
