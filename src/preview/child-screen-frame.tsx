import { useEffect, useRef, useState } from 'react';
import { isPreviewAnswerMessage, type PreviewAnswerMessage } from './messages';
import { DEVICES, type Device, type FrameSelection, frameHash } from './preview-hash';

/**
 * The child's screen in a frame of the tablet's size (the app's CSS measures the viewport, so only
 * a real viewport of that size lays it out as in the test), scaled down to fit the page.
 */
export function ChildScreenFrame({
  selection,
  device,
  title,
  onAnswer,
}: {
  selection: FrameSelection;
  device: Device;
  title: string;
  onAnswer(message: PreviewAnswerMessage): void;
}) {
  const { width, height } = DEVICES[device];
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [available, setAvailable] = useState<number>(width);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (isPreviewAnswerMessage(event.data)) onAnswer(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onAnswer]);

  const scale = Math.min(1, available / width);
  return (
    <div ref={box} className="preview-frame-box">
      <div className="preview-frame-scaler" style={{ width: width * scale, height: height * scale }}>
        <iframe
          ref={frame}
          className="preview-frame"
          title={title}
          // Only the hash changes between questions: the frame switches without reloading.
          src={`${window.location.pathname}${frameHash(selection)}`}
          width={width}
          height={height}
          style={{ transform: `scale(${scale})` }}
          data-device={device}
        />
      </div>
    </div>
  );
}
