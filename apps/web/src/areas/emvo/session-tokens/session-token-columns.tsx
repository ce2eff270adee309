import { companyPagePath, type SessionTokenRow } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { dateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import type { Column } from '../../../table/column';
import { openTokenStep } from './session-token-dialogs';
import type { TokenCalls } from './session-tokens-api';

/** A token's times to the minute (a 24 h expiry needs the hour), as the portal writes date-times. */
export const tokenTimeFormat = (language: string) => dateFormat(language).dateTime;

/** domain.md: a reviewer issues a requested token, and cancels a requested or a valid issued one. */
export const canIssue = (row: SessionTokenRow) => row.status === 'REQUESTED';
export const canCancel = (row: SessionTokenRow) => row.status === 'REQUESTED' || row.status === 'ISSUED';

/**
 * Company, environment, requested by and when, status (in words), expiry; and the row's actions.
 * The status is the API's, as of its answer (an issued token past its expiry reads EXPIRED).
 */
export function sessionTokenColumns(
  t: TFunction,
  language: string,
  calls: TokenCalls,
): Column<SessionTokenRow>[] {
  const time = tokenTimeFormat(language);
  return [
    {
      id: 'legalName',
      header: tk('emvo.sessionTokens.columns.company'),
      fields: 'legalName',
      cell: (row) => (
        <>
          <Link to={companyPagePath(row.obpNumber)}>{row.legalName}</Link>
          <br />
          <small>{row.obpNumber}</small>
        </>
      ),
      // The name on two lines rather than cut (table/README.md: names wrap), its number under it.
      kind: 'name',
      width: '10rem',
    },
    {
      id: 'environment',
      header: tk('emvo.sessionTokens.columns.environment'),
      fields: 'environment',
      cell: (row) => row.environment,
      width: '5.5rem',
    },
    {
      id: 'requestedBy',
      header: tk('emvo.sessionTokens.columns.requestedBy'),
      fields: 'requestedBy',
      // The person's name where the directory knows them, not their email.
      cell: (row) => row.requestedByName,
      kind: 'name',
      width: '8rem',
    },
    {
      id: 'requestedAt',
      header: tk('emvo.sessionTokens.columns.requestedAt'),
      fields: 'requestedAt',
      cell: (row) => time(row.requestedAt),
      kind: 'dateTime',
      // A whole date and time ("Sep 28, 2026, 12:00 AM") beside a wrapped name, at 1366 px.
      width: '12rem',
    },
    {
      id: 'status',
      header: tk('emvo.sessionTokens.columns.status'),
      fields: 'status',
      cell: (row) =>
        row.status === 'CANCELLED' && row.cancelReason ? (
          <span title={row.cancelReason}>{t(`emvo.sessionTokens.statuses.${row.status}`)}</span>
        ) : (
          t(`emvo.sessionTokens.statuses.${row.status}`)
        ),
      width: '6.5rem',
    },
    {
      id: 'expiresAt',
      header: tk('emvo.sessionTokens.columns.expiresAt'),
      fields: 'expiresAt',
      cell: (row) => (row.expiresAt ? time(row.expiresAt) : '—'),
      kind: 'dateTime',
      width: '12rem',
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      width: '6.5rem',
      cell: (row) => (
        <span className="row-actions">
          {canIssue(row) ? (
            <button
              type="button"
              onClick={() => openTokenStep('issue', row, t, calls)}
              aria-label={t('emvo.sessionTokens.issue.named', {
                name: row.legalName,
                environment: row.environment,
              })}
            >
              {t('emvo.sessionTokens.issue.action')}
            </button>
          ) : null}
          {canCancel(row) ? (
            <button
              type="button"
              onClick={() => openTokenStep('cancel', row, t, calls)}
              aria-label={t('emvo.sessionTokens.cancel.named', {
                name: row.legalName,
                environment: row.environment,
              })}
            >
              {t('emvo.sessionTokens.cancel.action')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];
}
