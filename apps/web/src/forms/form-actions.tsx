import { useTranslation } from 'react-i18next';
import { closeModal } from '../modal/modal-store';

/** The foot of a form in the shared modal: Cancel closes it, Save submits (disabled while saving). */
export function FormActions({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type="button" onClick={closeModal}>
        {t('actions.cancel')}
      </button>
      <button type="submit" className="primary" disabled={saving}>
        {t('actions.save')}
      </button>
    </div>
  );
}
