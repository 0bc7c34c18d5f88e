import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog for the educator (cancel, leaving the results, checking the age, an empty box): a
 * German heading, its content and buttons. Focus moves to the element marked `data-autofocus` (the
 * safe choice or the field) and back when it closes; Escape closes it.
 */
export function Dialog({
  title,
  children,
  onClose,
  role = 'dialog',
}: {
  title: string;
  children: ReactNode;
  onClose(): void;
  /** 'alertdialog' for a question that interrupts what the educator was doing. */
  role?: 'dialog' | 'alertdialog';
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // Back to where the educator was, unless a button of the dialog has already moved focus on.
    return () => {
      if (!document.activeElement || document.activeElement === document.body) previous?.focus?.();
    };
  }, []);
  return (
    <div className="educator-backdrop">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, both take aria-modal */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: role is dialog or alertdialog, Escape closes it */}
      <div
        ref={box}
        role={role}
        aria-modal="true"
        aria-labelledby={id}
        className="dialog-educator"
        lang="de"
        dir="ltr"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={id} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/**
 * 'Are you sure?' with two answers. Focus starts on the safe one (`back`), which Escape chooses
 * too; `goOn` is drawn as dangerous when it throws something away.
 */
export function ConfirmDialog({
  title,
  message,
  back,
  goOn,
  onBack,
  onGoOn,
  danger = false,
}: {
  title: string;
  /** One paragraph, or several. */
  message: string | readonly string[];
  back: string;
  goOn: string;
  onBack(): void;
  onGoOn(): void;
  danger?: boolean;
}) {
  return (
    <Dialog title={title} onClose={onBack} role="alertdialog">
      {(typeof message === 'string' ? [message] : message).map((paragraph) => (
        <p key={paragraph} className="dialog-text">
          {paragraph}
        </p>
      ))}
      <div className="dialog-buttons">
        <button type="button" className="button" data-autofocus onClick={onBack}>
          {back}
        </button>
        <button
          type="button"
          className={danger ? 'button button-danger' : 'button button-primary'}
          onClick={onGoOn}
        >
          {goOn}
        </button>
      </div>
    </Dialog>
  );
}
