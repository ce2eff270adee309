import type { OnboardingAnswer, RevealedSessionToken, TechnicalEnvironmentStep } from '@portal/contracts';
import { tokenRequestNeeds } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { Form, useFormKit } from '../../../forms/form';
import { useFileDownloads } from '../../../http/stored-file-download';
import { dateFormat } from '../../../i18n/date-format';
import { openModal } from '../../../modal/modal-store';
import { TableScrollBox } from '../../../table/table-scroll-box';
import { CopyBox } from '../../../ui/copy-box';
import { Select } from '../../../ui/select';
import { StoredFileLink } from '../../../ui/stored-file-link';
import styles from './onboarding.module.css';
import { isHttpCode, type SaveOutcome } from './onboarding-api';
import { StepFileField } from './step-file-field';
import { type TechnicalEnvironment, useTechnicalActions } from './technical-api';
import { useUnsavedChanges } from './unsaved-changes';
import { useUploadRefusal } from './upload-refusal';

const KEY = 'external.onboarding.technical';

/** A moment as the portal writes it (i18n/date-format), empty when there is none. */
export const formatMoment = (iso: string | null, language: string) =>
  iso ? dateFormat(language).dateTime(iso) : '';

/**
 * The technical step (domain.md "Life of an application", packages/domain technical.ts): shown from stage
 * TECHNICAL_IQE (technical.open). Per environment, IQE then PRD once a reviewer opened production: the
 * gateway, the CSR files, the session tokens (each issued value shown once) and the test runs. A READ_ONLY
 * user, or a step the API says cannot be changed (technical.editable), sees it all disabled, without actions.
 */
export function TechnicalStep({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t } = useTranslation();
  const { technical } = onboarding;
  if (!technical.open) return null;
  const editable = technical.editable && onboarding.access === 'FULL';
  const { IQE, PRD } = technical.environments;
  return (
    <section className={styles.step} aria-labelledby="technical-title">
      <h2 id="technical-title" className={styles.stepTitle}>
        {t(`${KEY}.title`)}
      </h2>
      <p>{t(`${KEY}.intro`)}</p>
      <TechnicalEnvironmentPanel onboarding={onboarding} step={IQE} editable={editable} />
      {PRD.open ? (
        <TechnicalEnvironmentPanel onboarding={onboarding} step={PRD} editable={editable} />
      ) : (
        <section className={styles.section} aria-labelledby="technical-PRD-title">
          <h3 id="technical-PRD-title">{t(`${KEY}.environments.PRD`)}</h3>
          <p className={`${styles.panel} ${styles.info}`}>{t(`${KEY}.prdClosed`)}</p>
        </section>
      )}
    </section>
  );
}

type Notice = 'gatewaySaved' | 'csrUploaded' | 'tokenRequested' | 'conflict';

/** One environment of the technical step. */
function TechnicalEnvironmentPanel({
  onboarding,
  step,
  editable,
}: {
  onboarding: OnboardingAnswer;
  step: TechnicalEnvironmentStep;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const downloads = useFileDownloads();
  const environment: TechnicalEnvironment = step.environment;
  const actions = useTechnicalActions(environment);
  const [gatewayId, setGatewayId] = useState<string | null>(step.gateway?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [revealed, setRevealed] = useState<RevealedSessionToken | null>(null);
  // Each write is confirmed beside the button that made it.
  const feedbacks = {
    gatewaySaved: useActionFeedback(),
    csrUploaded: useActionFeedback(),
    tokenRequested: useActionFeedback(),
  };
  const csrField = `csr${environment}`;
  const csrForm = useFormKit<Record<string, File | null>>({ defaultValues: { [csrField]: null } });
  const refused = useUploadRefusal(csrForm, { afterDraft: false });
  const version = onboarding.organisation.version;
  const when = (iso: string | null) => formatMoment(iso, i18n.language);
  const titleId = `technical-${environment}-title`;
  const pending = step.tokens.some((token) => token.status === 'REQUESTED');
  // The domain's rule, which the API checks too: no request before the gateway and a CSR.
  const needs = tokenRequestNeeds(step);
  const needsId = `technical-${environment}-token-needs`;
  useUnsavedChanges(
    `technical-${environment}`,
    csrForm.formState.isDirty || (gatewayId !== null && gatewayId !== (step.gateway?.id ?? null)),
  );

  /** Runs a write; failures were shown by the error handler, a locked step reloads. */
  const run = (flow: () => Promise<Notice | null>) => {
    setBusy(true);
    setNotice(null);
    for (const feedback of Object.values(feedbacks)) feedback.clear();
    flow()
      .then((next) => {
        setNotice(next);
        if (next && next !== 'conflict') feedbacks[next].say(t(`${KEY}.notices.${next}`));
      })
      .catch(async (error: unknown) => {
        if (isHttpCode(error, 409, 'STEP_LOCKED')) await actions.reload();
      })
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const outcomeNotice = async (outcome: SaveOutcome, done: Notice): Promise<Notice> => {
    if (outcome.kind === 'saved') return done;
    await actions.reload();
    return 'conflict';
  };

  const saveGateway = () => {
    if (!gatewayId) return;
    run(async () => outcomeNotice(await actions.saveGateway(version, gatewayId), 'gatewaySaved'));
  };
  /** A request goes to the reviewers' queue and cannot be taken back: the person confirms it first. */
  const requestToken = () =>
    openModal({
      title: `${KEY}.tokens.requestTitle`,
      text: t(`${KEY}.tokens.requestText`, {
        environment: t(`${KEY}.environments.${environment}`),
        gateway: step.gateway?.name ?? '',
      }),
      primaryButton: {
        name: `${KEY}.tokens.requestConfirm`,
        action: () => run(async () => outcomeNotice(await actions.requestToken(version), 'tokenRequested')),
      },
    });
  const uploadCsr = (values: Record<string, File | null>) => {
    const file = values[csrField];
    if (!file) return;
    run(async () => {
      try {
        await actions.upload.mutateAsync(file);
      } catch (error) {
        // Said on the CSR's field (a bogus CSR, a file too large); a locked step still reloads (run).
        csrForm.reset({ [csrField]: null }, { keepSubmitCount: true });
        refused(csrField, file, error);
        throw error;
      }
      csrForm.reset({ [csrField]: null });
      await actions.reload();
      return 'csrUploaded';
    });
  };
  const reveal = (tokenId: string) =>
    run(async () => {
      try {
        setRevealed(await actions.reveal.mutateAsync(tokenId));
      } finally {
        // Shown once: the token no longer offers its value (or was shown elsewhere meanwhile).
        await actions.reload();
      }
      return null;
    });

  /**
   * The value is shown once, so the warning comes before the click that spends it (in the
   * button's text and in this question); the revealed value then stays on screen, with its copy button,
   * until the person leaves the page.
   */
  const confirmReveal = (tokenId: string) =>
    openModal({
      title: `${KEY}.tokens.revealTitle`,
      text: t(`${KEY}.tokens.revealText`),
      primaryButton: { name: `${KEY}.tokens.reveal`, action: () => reveal(tokenId) },
    });

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h3 id={titleId}>{t(`${KEY}.environments.${environment}`)}</h3>
      {notice === 'conflict' && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}

      {/* The select's own label says "Gateway": no heading of the same word above it. */}
      {step.gateways.length === 0 && !step.gateway ? (
        <p>{t(`${KEY}.gateway.none`)}</p>
      ) : (
        <>
          <Select
            label={t(`${KEY}.gateway.label`)}
            items={
              step.gateway && !step.gateways.some((g) => g.id === step.gateway?.id)
                ? [step.gateway, ...step.gateways]
                : step.gateways
            }
            value={gatewayId}
            onChange={(value) => setGatewayId(value === null ? null : String(value))}
            placeholder={t(`${KEY}.gateway.placeholder`)}
            isClearable={false}
            disabled={!editable || busy}
          />
          {editable && (
            <div className="form-actions">
              <ActionFeedback feedback={feedbacks.gatewaySaved} />
              <button
                type="button"
                disabled={busy || !gatewayId || gatewayId === step.gateway?.id}
                onClick={saveGateway}
              >
                {t(`${KEY}.gateway.save`)}
              </button>
            </div>
          )}
        </>
      )}

      <h4>{t(`${KEY}.csr.title`)}</h4>
      <Form form={csrForm} aria-labelledby={titleId} onSubmit={uploadCsr}>
        <StepFileField
          name={csrField}
          purpose="CSR"
          current={step.csrs[0]?.file ?? null}
          disabled={!editable || busy}
          texts={{
            current: t(`${KEY}.csr.current`),
            label: t(`${KEY}.csr.label`),
            replace: t(`${KEY}.csr.replace`),
            help: t(`${KEY}.csr.help`),
          }}
        />
        {editable && (
          <div className="form-actions">
            <ActionFeedback feedback={feedbacks.csrUploaded} />
            <button type="submit" disabled={busy}>
              {t(`${KEY}.csr.upload`)}
            </button>
          </div>
        )}
      </Form>
      {step.csrs.length === 0 ? (
        <p>{t(`${KEY}.csr.empty`)}</p>
      ) : (
        <TableScrollBox caption={t(`${KEY}.csr.table`)}>
          <table className={styles.table} aria-label={t(`${KEY}.csr.table`)}>
            <thead>
              <tr>
                <th scope="col">{t(`${KEY}.csr.file`)}</th>
                <th scope="col">{t(`${KEY}.csr.status`)}</th>
                <th scope="col">{t(`${KEY}.csr.uploadedAt`)}</th>
              </tr>
            </thead>
            <tbody>
              {step.csrs.map((csr) => (
                <tr key={csr.id}>
                  <td>
                    <StoredFileLink file={csr.file} downloads={downloads} />
                  </td>
                  <td>{t(`${KEY}.csr.statuses.${csr.status}`)}</td>
                  <td>{when(csr.uploadedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}

      <h4>{t(`${KEY}.tokens.title`)}</h4>
      {editable && (
        <div className="form-actions">
          <ActionFeedback feedback={feedbacks.tokenRequested} />
          <button
            type="button"
            className="primary"
            disabled={busy || pending || needs.length > 0}
            aria-describedby={needs.length > 0 && !pending ? needsId : undefined}
            onClick={requestToken}
          >
            {t(`${KEY}.tokens.request`)}
          </button>
        </div>
      )}
      {editable && needs.length > 0 && !pending && (
        <p id={needsId}>
          {[t(`${KEY}.tokens.needs.intro`), ...needs.map((need) => t(`${KEY}.tokens.needs.${need}`))].join(
            ' ',
          )}
        </p>
      )}
      {pending && <p>{t(`${KEY}.tokens.pending`)}</p>}
      {revealed && (
        <div className={`${styles.panel} ${styles.warning}`}>
          <p className={styles.panelTitle}>{t(`${KEY}.tokens.once`)}</p>
          <CopyBox text={revealed.value} label={t(`${KEY}.tokens.value`)} />
          <p>{t(`${KEY}.tokens.expires`, { when: when(revealed.expiresAt) })}</p>
        </div>
      )}
      {step.tokens.length === 0 ? (
        <p>{t(`${KEY}.tokens.empty`)}</p>
      ) : (
        <TableScrollBox caption={t(`${KEY}.tokens.table`)}>
          <table className={styles.table} aria-label={t(`${KEY}.tokens.table`)}>
            <thead>
              <tr>
                <th scope="col">{t(`${KEY}.tokens.status`)}</th>
                <th scope="col">{t(`${KEY}.tokens.requestedAt`)}</th>
                <th scope="col">{t(`${KEY}.tokens.expiresAt`)}</th>
                {editable && <th scope="col">{t(`${KEY}.tokens.actions`)}</th>}
              </tr>
            </thead>
            <tbody>
              {step.tokens.map((token) => (
                <tr key={token.id}>
                  <td>{t(`${KEY}.tokens.statuses.${token.status}`)}</td>
                  <td>{when(token.requestedAt)}</td>
                  <td>{when(token.expiresAt)}</td>
                  {editable && (
                    <td>
                      {token.status === 'ISSUED' && token.valueAvailable && (
                        <button type="button" disabled={busy} onClick={() => confirmReveal(token.id)}>
                          {t(`${KEY}.tokens.show`)}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}

      <h4>{t(`${KEY}.testRuns.title`)}</h4>
      {step.testRuns.length === 0 ? (
        <p>{t(`${KEY}.testRuns.empty`)}</p>
      ) : (
        <TableScrollBox caption={t(`${KEY}.testRuns.table`)}>
          <table className={styles.table} aria-label={t(`${KEY}.testRuns.table`)}>
            <thead>
              <tr>
                <th scope="col">{t(`${KEY}.testRuns.scenario`)}</th>
                <th scope="col">{t(`${KEY}.testRuns.result`)}</th>
                <th scope="col">{t(`${KEY}.testRuns.errorCode`)}</th>
                <th scope="col">{t(`${KEY}.testRuns.executedAt`)}</th>
              </tr>
            </thead>
            <tbody>
              {step.testRuns.map((testRun) => (
                <tr key={`${testRun.executedAt}-${testRun.scenario}`}>
                  <td>{testRun.scenario}</td>
                  <td>{t(`${KEY}.testRuns.results.${testRun.result}`)}</td>
                  <td>{testRun.errorCode ?? '—'}</td>
                  <td>{when(testRun.executedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollBox>
      )}
    </section>
  );
}
