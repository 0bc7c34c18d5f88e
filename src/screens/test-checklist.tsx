import { useTranslation } from 'react-i18next';
import './educator-tools.css';

/**
 * 'So geben Sie den Test' on the start screen (docs/product.md, "The educator understands the child"): a short German checklist for
 * the educator — what not to do (count along, point, nod, repeat in German), how to repeat, what
 * to praise, where the child may use its fingers, and where 'Weiß nicht' and 'Zahlwörter' are.
 * Open by default; the educator can fold it away.
 */
export function TestChecklist() {
  const { t } = useTranslation();
  const items = t('checklist.items', { returnObjects: true }) as readonly string[];
  return (
    <details className="test-checklist" open>
      <summary className="test-checklist-title">{t('checklist.title')}</summary>
      <ul className="test-checklist-items">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </details>
  );
}
