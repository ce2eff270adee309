import {
  type CheckDetail,
  companyPagePath,
  QUEUE_SLUGS,
  type QueueSlug,
  REVIEW_ACTIONS,
  type ReviewAction,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from '../../../toast/toast';
import { isQueueTrail, type QueueTrail, useNextOpenCheck } from '../queues/next-open-check';
import { checkHref } from '../queues/queue-columns';
import { useCheckActions, useCheckDetail } from '../reviews-api';
import { AgreementPanel } from './agreement-panel';
import { BillingPanel } from './billing-panel';
import type { CheckStep } from './check-action-dialog';
import { ApplicationData } from './check-application';
import { CheckAssignment } from './check-assignment';
import styles from './check-detail.module.css';
import { useFormatters, When } from './check-format';
import { Attempts, Documents, Timeline } from './check-history';
import { CheckLive } from './check-live';
import { CheckNotes } from './check-notes';
import { Fact, Facts, Person, Section } from './check-parts';
import { useStepDialog } from './use-step-dialog';

const isQueueSlug = (value: string | undefined): value is QueueSlug =>
  QUEUE_SLUGS.some((slug) => slug === value);

/** The buttons the page shows: the API's allowed actions that the decision modal offers, in their order. */
export const reviewActionsOf = (allowed: CheckDetail['allowedActions']): ReviewAction[] =>
  REVIEW_ACTIONS.filter((action) => allowed.includes(action));

/**
 * /emvo/{queue}/{checkId} (domain.md Screens): one check for the reviewer. Who the company is and what it
 * submitted, its documents, attempts and event timeline, and the decisions the API allows now, each taken
 * in the shared modal. Reviewing a FINANCIAL check adds the billing panel.
 */
export function CheckDetailPage() {
  const { t } = useTranslation();
  const { queue, checkId } = useParams();
  if (!isQueueSlug(queue) || !checkId) {
    return (
      <section className={styles.page}>
        <h1>{t('emvo.check.title')}</h1>
        <p>{t('errors.notFound')}</p>
      </section>
    );
  }
  return <CheckDetailView key={checkId} queue={queue} checkId={checkId} />;
}

/** The queue the check was opened from, as it was (its URL state), else the queue as it opens. */
function useQueueTrail(): QueueTrail | null {
  const { state } = useLocation();
  return isQueueTrail(state) ? state : null;
}

function BackToQueue({ queue }: { queue: QueueSlug }) {
  const { t } = useTranslation();
  const trail = useQueueTrail();
  return (
    <p className={styles.back}>
      <Link to={`/emvo/${queue}${trail?.queueSearch ?? ''}`}>
        <span aria-hidden="true">← </span>
        {t('emvo.check.back', { queue: t(`emvo.check.queues.${queue}`) })}
      </Link>
    </p>
  );
}

function CheckDetailView({ queue, checkId }: { queue: QueueSlug; checkId: string }) {
  const { t } = useTranslation();
  const { data: detail, isError, refetch } = useCheckDetail(checkId);

  if (!detail) {
    return (
      <section className={styles.page}>
        <BackToQueue queue={queue} />
        <h1>{t('emvo.check.title')}</h1>
        {isError ? (
          <>
            <p>{t('emvo.check.loadFailed')}</p>
            <button type="button" onClick={() => void refetch()}>
              {t('actions.retry')}
            </button>
          </>
        ) : (
          <p role="status">{t('emvo.check.loading')}</p>
        )}
      </section>
    );
  }
  return <LoadedCheck queue={queue} detail={detail} />;
}

function LoadedCheck({ queue, detail }: { queue: QueueSlug; detail: CheckDetail }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { check, application, billing } = detail;
  const calls = useCheckActions(check.id);
  const openStep = useStepDialog(detail, calls);
  const open = (step: CheckStep) =>
    openStep(step, {
      // The version the reviewer sees: deciding on it after someone else did answers 409.
      version: check.version,
      values: {
        name: application.company.legalName,
        check: t(`emvo.check.checkNames.${check.type}`),
        fee: billing ? format.euros(billing.amountDueCents) : '',
        invoiceNumber: billing?.invoiceNumber ?? '',
      },
    });

  return (
    <section className={styles.page}>
      <BackToQueue queue={queue} />
      <CheckHeader detail={detail} />
      <CheckLive checkId={check.id} />
      <Decisions
        detail={detail}
        onDecide={(action) => open({ kind: 'decision', action })}
        next={<NextOpenCheck queue={queue} checkId={check.id} />}
      />
      {check.type === 'FINANCIAL' && billing && (
        <BillingPanel billing={billing} onStep={(action) => open({ kind: 'billing', action })} />
      )}
      {check.type === 'CONTRACTUAL' && (
        <AgreementPanel agreement={detail.agreement} documents={detail.documents} />
      )}
      <CheckNotes checkId={check.id} />
      <ApplicationData application={application} />
      <Documents documents={detail.documents} />
      <Attempts attempts={detail.attempts} people={detail.people} />
      <Timeline detail={detail} />
    </section>
  );
}

/**
 * "Next open check": on to the next check waiting on a reviewer in the queue this one was opened from,
 * in its order, without going back to it; the queue's state travels on with it.
 */
function NextOpenCheck({ queue, checkId }: { queue: QueueSlug; checkId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const trail = useQueueTrail();
  const { find, finding } = useNextOpenCheck(queue, checkId, trail);
  const go = () =>
    find().then(
      (next) => {
        if (next) void navigate(checkHref(queue, next), { state: trail });
        else toast.info(t('emvo.check.next.none', { queue: t(`emvo.check.queues.${queue}`) }));
      },
      // Not found: the error handler said why.
      () => undefined,
    );
  return (
    <button type="button" className="primary" disabled={finding} onClick={() => void go()}>
      {t('emvo.check.next.button')}
    </button>
  );
}

/** Who and what: the company, the check and where it stands (status and overdue in words, not colour). */
function CheckHeader({ detail }: { detail: CheckDetail }) {
  const { t } = useTranslation();
  const { check, organisation, application } = detail;
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{application.company.legalName}</h1>
      <p className={styles.subtitle}>
        {t('emvo.check.subtitle', {
          check: t(`emvo.check.types.${check.type}`),
          obpNumber: organisation.obpNumber,
        })}
      </p>
      <Facts>
        <Fact label={t('emvo.check.header.obpNumber')}>
          <Link to={companyPagePath(organisation.obpNumber)}>{organisation.obpNumber}</Link>
        </Fact>
        <Fact label={t('emvo.check.header.type')}>{t(`emvo.check.types.${check.type}`)}</Fact>
        <Fact label={t('emvo.check.header.status')}>
          <span className={styles.status} data-status={check.status}>
            {t(`emvo.check.statuses.${check.status}`)}
          </span>
        </Fact>
        <Fact label={t('emvo.check.header.attempt')}>{check.attempt}</Fact>
        <Fact label={t('emvo.check.header.submitted')}>
          {check.submittedAt ? <When iso={check.submittedAt} /> : t('emvo.check.header.notSubmitted')}
        </Fact>
        <Fact label={t('emvo.check.header.slaDue')}>
          {check.slaDueAt ? (
            <>
              <When iso={check.slaDueAt} precision="day" />
              {check.overdue && <strong className={styles.overdue}>{t('emvo.check.header.overdue')}</strong>}
            </>
          ) : (
            t('emvo.check.header.noSla')
          )}
        </Fact>
        <Fact label={t('emvo.check.header.assignee')}>
          {check.assignee ? (
            <Person actor={check.assignee} people={detail.people} withEmail />
          ) : (
            t('emvo.check.header.unassigned')
          )}
        </Fact>
      </Facts>
      <CheckAssignment detail={detail} />
    </header>
  );
}

/**
 * One button per decision the API allows now (contracts REVIEW_ACTIONS ∩ allowedActions). While there is a
 * decision to take, the bar stays in view at the top of the window as the reviewer reads down a long check
 * (the application, the agreement, the documents), so a decision is never a long scroll back up away.
 */
function Decisions({
  detail,
  onDecide,
  next,
}: {
  detail: CheckDetail;
  onDecide: (action: ReviewAction) => void;
  /** Once no decision is left to take: the way on to the next open check. */
  next: ReactNode;
}) {
  const { t } = useTranslation();
  const actions = reviewActionsOf(detail.allowedActions);
  return (
    <Section
      title={t('emvo.check.decisions.title')}
      className={actions.length > 0 ? `${styles.section} ${styles.decisionBar}` : undefined}
    >
      {actions.length === 0 ? (
        <>
          <p>{t('emvo.check.decisions.none', { status: t(`emvo.check.statuses.${detail.check.status}`) })}</p>
          {next}
        </>
      ) : (
        <div className={styles.actions}>
          {/* One primary action, the first (Start, or Approve); the other decisions are secondary. */}
          {actions.map((action, index) => (
            <button
              key={action}
              type="button"
              className={action === 'REJECT' ? styles.danger : index === 0 ? 'primary' : undefined}
              onClick={() => onDecide(action)}
            >
              {t(`emvo.check.actions.${action}.button`)}
            </button>
          ))}
        </div>
      )}
    </Section>
  );
}
