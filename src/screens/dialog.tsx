import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog for the educator (cancel, leaving the results, checking the age): a heading, its
 * content and buttons. Focus moves to the element marked `data-autofocus` (the safe choice or the
 * field), Escape closes it.
 */
export function Dialog({
  title,
  children,
  onClose,
}: {
  title: string;
  children: ReactNode;
  onClose(): void;
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
      <div
        ref={box}
        role="dialog"
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
