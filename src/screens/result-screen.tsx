/** The results screen (SPEC screen 11); built in the results issue. */
export function ResultScreen() {
  return null;
}
