import { useTranslation } from 'react-i18next';
import { languageLabel } from '../content/languages';
import { DEVICES, type Device, PREVIEW_LANGUAGES, type PreviewSelection } from './preview-hash';

/** Language, German text beside and screen size. */
export function PreviewToolbar({
  selection,
  onChange,
}: {
  selection: PreviewSelection;
  onChange(changes: Partial<PreviewSelection>): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="preview-toolbar">
      <fieldset className="preview-languages">
        <legend className="preview-label">{t('preview.language')}</legend>
        {PREVIEW_LANGUAGES.map((language) => (
          <label key={language} className="preview-language">
            <input
              type="radio"
              name="preview-language"
              value={language}
              checked={selection.language === language}
              onChange={() => onChange({ language })}
            />
            <span>{language === 'de' ? t('preview.germanReference') : languageLabel(language)}</span>
          </label>
        ))}
      </fieldset>
      <label className="preview-check">
        <input
          type="checkbox"
          checked={selection.showGerman}
          onChange={(e) => onChange({ showGerman: e.target.checked })}
        />
        {t('preview.showGerman')}
      </label>
      <label className="preview-device">
        <span className="preview-label">{t('preview.device')}</span>
        <select value={selection.device} onChange={(e) => onChange({ device: e.target.value as Device })}>
          {(Object.keys(DEVICES) as Device[]).map((device) => (
            <option key={device} value={device}>
              {t(`preview.devices.${device}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** 'Vorherige' / 'Nächste': the neighbouring questions in test order. */
export function StepButtons({
  previousId,
  nextId,
  onGo,
}: {
  previousId: number | undefined;
  nextId: number | undefined;
  onGo(id: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="preview-steps">
      <button
        type="button"
        className="preview-button"
        disabled={previousId === undefined}
        onClick={() => previousId !== undefined && onGo(previousId)}
      >
        {t('preview.previous')}
      </button>
      <button
        type="button"
        className="preview-button"
        disabled={nextId === undefined}
        onClick={() => nextId !== undefined && onGo(nextId)}
      >
        {t('preview.next')}
      </button>
    </div>
  );
}
