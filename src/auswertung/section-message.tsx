/** What a deletion section tells after it acted: done (a status) or an error (an alert). */
export interface SectionMessageValue {
  kind: 'done' | 'error';
  text: string;
}

/** The line under a deletion form, announced as a status or, for an error, as an alert. */
export function SectionMessage({ message }: { message: SectionMessageValue | undefined }) {
  if (!message) return null;
  return (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      className={message.kind === 'error' ? 'auswertung-error' : 'auswertung-done'}
    >
      {message.text}
    </p>
  );
}
