import type { OnboardingAnswer } from '@portal/contracts';
import { feeFor } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEur } from './financial-step';
import styles from './onboarding.module.css';
import { MAHS_PATH, useOnboardingWrite } from './onboarding-api';

/**
 * The company's MAH register once its legitimacy is approved (mahRegister.editable, from APPROVALS on):
 * each MAH with an active toggle, never deleted; the fee follows the active count (packages/domain feeFor)
 * as the toggles change, and is stored on save.
 */
export function MahRegister({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t, i18n } = useTranslation();
  const write = useOnboardingWrite();
  const { mahs } = onboarding.mahRegister;
  const editable = onboarding.mahRegister.editable && onboarding.access === 'FULL';
  const [active, setActive] = useState(() => new Map(mahs.map((mah) => [mah.id, mah.active])));
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const isActive = (id: string) => active.get(id) ?? false;
  const fee = feeFor(mahs.filter((mah) => isActive(mah.id)).length);
  const reset = (next: OnboardingAnswer) =>
    setActive(new Map(next.mahRegister.mahs.map((mah) => [mah.id, mah.active])));

  const save = () => {
    setConflict(false);
    setSaved(false);
    write
      .mutateAsync({
        path: MAHS_PATH,
        method: 'PUT',
        body: {
          version: onboarding.organisation.version,
          mahs: mahs.map((mah) => ({ id: mah.id, active: isActive(mah.id) })),
          added: [],
        },
      })
      .then((outcome) => {
        if (outcome.kind === 'conflict') setConflict(true);
        else {
          reset(outcome.onboarding);
          setSaved(true);
        }
      })
      .catch(() => {});
  };

  return (
    <section className={styles.step} aria-labelledby="mah-register-title">
      <h2 id="mah-register-title" className={styles.stepTitle}>
        {t('external.onboarding.mahRegister.title')}
      </h2>
      <div role="status" className={styles.liveRegion}>
        {saved && t('external.onboarding.mahRegister.saved')}
      </div>
      {conflict && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}
      <p>
        {fee.tier
          ? t('external.onboarding.financial.fee', {
              count: mahs.filter((mah) => isActive(mah.id)).length,
              tier: fee.tier,
              amount: formatEur(fee.amountCents, i18n.language),
            })
          : t('external.onboarding.financial.noFee')}
      </p>
      <ul className={styles.summaryList}>
        {mahs.map((mah) => (
          <li key={mah.id}>
            <label>
              <input
                type="checkbox"
                checked={isActive(mah.id)}
                disabled={!editable}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setActive((previous) => new Map(previous).set(mah.id, checked));
                }}
              />{' '}
              {t('external.onboarding.mahRegister.active', {
                name: mah.name ?? '',
                country: mah.country ?? '',
              })}
            </label>
          </li>
        ))}
      </ul>
      {editable && (
        <div className="form-actions">
          <button type="button" className="primary" disabled={write.isPending} onClick={save}>
            {t('external.onboarding.mahRegister.save')}
          </button>
        </div>
      )}
    </section>
  );
}
