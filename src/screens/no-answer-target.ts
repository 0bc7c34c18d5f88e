/**
 * The seam between 'Weiß nicht' in the educator's bar (the app shell) and the question on screen
 * (the lazily loaded question screens): the question screen says how its "keine Antwort" is
 * recorded, the bar asks for it. One question screen at a time, so one target.
 */
type Target = () => void;

let target: Target | null = null;

/** Called by the question screen; the returned function withdraws it (the screen goes). */
export function offerNoAnswer(record: Target): () => void {
  target = record;
  return () => {
    if (target === record) target = null;
  };
}

/** Records "keine Antwort" for the question on screen; false when no question takes it. */
export function recordNoAnswer(): boolean {
  const record = target;
  if (!record) return false;
  target = null;
  record();
  return true;
}
