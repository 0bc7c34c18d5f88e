import './flash-pictures.css';
import type { Flash } from './use-flash';

/**
 * The flashed pictures. Laid out (invisible) as soon as they are decoded, so the first frame of the
 * flash only has to switch them visible; gone once the flash is over.
 */
export function FlashPictures({ flash, pictures }: { flash: Flash; pictures: readonly string[] }) {
  if (flash.phase !== 'ready' && flash.phase !== 'showing') return null;
  return (
    <div ref={flash.containerRef} className={`flash flash-${pictures.length}`} data-testid="flash">
      {pictures.map((url, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may appear twice
        <img key={i} src={url} alt="" draggable={false} className="flash-picture" />
      ))}
    </div>
  );
}
