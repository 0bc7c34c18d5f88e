import { useEffect, useId, useRef } from 'react';

/** An in-page question to the educator with two answers; focus starts on the safe one ('back'). */
export function ConfirmDialog({
  title,
  message,
  back,
  goOn,
  onBack,
  onGoOn,
}: {
  title: string;
  message: string;
  back: string;
  goOn: string;
  onBack(): void;
  onGoOn(): void;
}) {
  const id = useId();
  const backButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    backButton.current?.focus();
  }, []);
  return (
    <div className="educator-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={id}
        className="dialog-educator"
        lang="de"
        dir="ltr"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onBack();
        }}
      >
        <h2 id={id} className="dialog-title">
          {title}
        </h2>
        <p className="dialog-text">{message}</p>
        <div className="dialog-buttons">
          <button ref={backButton} type="button" className="button" onClick={onBack}>
            {back}
          </button>
          <button type="button" className="button button-primary" onClick={onGoOn}>
            {goOn}
          </button>
        </div>
      </div>
    </div>
  );
}
