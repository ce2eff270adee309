import { checkTypeOfQueue, companyPagePath, type QueueSlug, type ReviewQueueRow } from '@portal/contracts';
import { hasSla } from '@portal/domain';
import type { TFunction } from 'i18next';
import { Link, useLocation } from 'react-router';
import { dateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import { localeOf } from '../../../i18n/number-format';
import type { Column } from '../../../table/column';
import type { QueueTrail } from './next-open-check';
import styles from './queues.module.css';
import { RowAssignment } from './row-assignment';

/** The cells' formats in the UI's language. */
export function queueFormats(language: string) {
  const locale = localeOf(language);
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    regions = undefined;
  }
  return {
    date: dateFormat(language).date,
    country: (code: string) => regions?.of(code) ?? code,
    number: (value: number) => value.toLocaleString(locale),
  };
}

/** An address may break anywhere when its column is narrow (in pages; the scrolling list keeps one line). */
const Address = ({ email }: { email: string }) => <span className={styles.address}>{email}</span>;

/** The link to a check's detail view (/emvo/{queue}/{checkId}). */
export const checkHref = (queue: QueueSlug, checkId: string) => `/emvo/${queue}/${checkId}`;

/**
 * A row's link to its check, carrying the queue's URL state (next-open-check.ts QueueTrail): the check
 * page goes back to the queue as it was, and on to the next open check in its order.
 */
function CheckLink({ queue, row }: { queue: QueueSlug; row: ReviewQueueRow }) {
  const { search } = useLocation();
  const trail: QueueTrail = { queueSearch: search };
  return (
    <Link to={checkHref(queue, row.id)} state={trail} data-row-link="">
      {row.legalName}
    </Link>
  );
}

/**
 * domain.md Screens: company, status, assignee, SLA due (overdue in red, and said in words), submitted,
 * number, type, country, MAH count, attempt. The company's name is the row's link to its check: a real
 * link, reached by Tab. Dates are days in UTC, as the API stores them.
 */
export function queueColumns(queue: QueueSlug, t: TFunction, language: string): Column<ReviewQueueRow>[] {
  const format = queueFormats(language);
  const none = (text: string) => <span className={styles.none}>{text}</span>;
  // A queue whose checks have no SLA has no SLA column: "None" on every row says nothing.
  const shown = (column: Column<ReviewQueueRow>) =>
    column.id !== 'slaDueAt' || hasSla(checkTypeOfQueue(queue));
  // In order of priority (table/README.md): the company, which stays in view, then what a reviewer
  // decides on (status, assignee, SLA), visible without scrolling at 1366 px; the rest scrolls after them.
  const columns: Column<ReviewQueueRow>[] = [
    {
      id: 'legalName',
      header: tk('emvo.queues.columns.company'),
      fields: 'legalName',
      cell: (row) => <CheckLink queue={queue} row={row} />,
      // Read whole: a long name goes onto a second line, never cut at a dozen letters.
      kind: 'name',
      width: '13rem',
    },
    {
      id: 'status',
      header: tk('emvo.queues.columns.status'),
      fields: 'status',
      cell: (row) => t(`emvo.queues.statuses.${row.status}`),
      width: '7.5rem',
    },
    {
      id: 'assignee',
      header: tk('emvo.queues.columns.assignee'),
      fields: 'assignee',
      cell: (row) => (
        <>
          {row.assignee ? <Address email={row.assignee} /> : none(t('emvo.queues.unassigned'))}
          <RowAssignment row={row} />
        </>
      ),
      // An address breaks onto a second line rather than being cut: who holds the check is decided on.
      wrap: true,
      width: '11rem',
    },
    {
      id: 'slaDueAt',
      header: tk('emvo.queues.columns.slaDue'),
      fields: 'slaDueAt',
      width: '8.25rem',
      // The badge goes under the date when the column is narrow: never cut off, the date never broken.
      wrap: true,
      cell: (row) => {
        if (!row.slaDueAt) return none(t('emvo.queues.noSla'));
        const due = <span className={styles.nowrap}>{format.date(row.slaDueAt)}</span>;
        // Not by colour alone (WCAG 1.4.1): an overdue check also says so in words.
        return row.overdue ? (
          <span className={styles.overdue}>
            {due} <span className={styles.badge}>{t('emvo.queues.overdue')}</span>
          </span>
        ) : (
          due
        );
      },
    },
    {
      id: 'submittedAt',
      header: tk('emvo.queues.columns.submitted'),
      fields: 'submittedAt',
      cell: (row) => (row.submittedAt ? format.date(row.submittedAt) : none('—')),
      width: '8.25rem',
    },
    {
      id: 'obpNumber',
      header: tk('emvo.queues.columns.obpNumber'),
      fields: 'obpNumber',
      // The check's company: its page tells the rest of its story.
      cell: (row) => <Link to={companyPagePath(row.obpNumber)}>{row.obpNumber}</Link>,
      width: '8.5rem',
    },
    {
      // Type, country, MAH count and attempt do not sort: a reviewer filters by them (or has no use for
      // their order), and their columns stay narrow enough for the name and the assignee to have room.
      id: 'orgType',
      header: tk('emvo.queues.columns.orgType'),
      cell: (row) => <abbr title={t(`emvo.queues.orgTypes.${row.orgType}`)}>{row.orgType}</abbr>,
      width: '4rem',
    },
    {
      id: 'country',
      header: tk('emvo.queues.columns.country'),
      cell: (row) => (row.country ? format.country(row.country) : none('—')),
      width: '6.75rem',
    },
    {
      id: 'mahCount',
      header: tk('emvo.queues.columns.mahCount'),
      cell: (row) => format.number(row.mahCount),
      width: '4.5rem',
      align: 'end',
    },
    {
      id: 'attempt',
      header: tk('emvo.queues.columns.attempt'),
      cell: (row) => format.number(row.attempt),
      width: '5.25rem',
      align: 'end',
    },
  ];
  return columns.filter(shown);
}
