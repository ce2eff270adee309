import { companyPagePath, type UserRow } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { Link } from 'react-router';
import { dateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import type { Column } from '../../../table/column';
import { keyOf, openUserStep, type UserStep } from './user-dialogs';
import type { UserActions } from './users-api';

/** domain.md User: an external user holds the EXTERNAL role; the others are internal (ADMIN, EMVO). */
export const isExternal = (row: UserRow) => row.roles.includes('EXTERNAL');

/**
 * The steps a row offers: roles for an internal user, access for an external one; disable an invited or
 * active user, enable a disabled one. Whether the admin may (themselves, the last admin) is the API's.
 */
export function stepsOf(row: UserRow): UserStep[] {
  const steps: UserStep[] = [isExternal(row) ? 'access' : 'roles'];
  steps.push(row.status === 'DISABLED' ? 'enable' : 'disable');
  return steps;
}

/** Whether the row is the signed-in admin's own account (their sign-in name is their email). */
export const isOwnAccount = (row: UserRow, ownEmail: string | undefined) =>
  ownEmail !== undefined && ownEmail !== '' && row.email.toLowerCase() === ownEmail.toLowerCase();

/**
 * Name, email, role, company, access, status, last sign-in; and the row's actions. `ownEmail` is
 * the signed-in admin's: their own row offers no Disable, and says why.
 */
export function userColumns(
  t: TFunction,
  language: string,
  actions: UserActions,
  onDone: (text: string) => void,
  ownEmail?: string,
): Column<UserRow>[] {
  const date = dateFormat(language);
  return [
    {
      id: 'name',
      header: tk('admin.users.columns.name'),
      fields: 'name',
      cell: (row) => row.name,
      // A person's name wraps rather than being cut (table/README.md); most fit one line of 8rem.
      kind: 'name',
      width: '8rem',
    },
    {
      id: 'email',
      header: tk('admin.users.columns.email'),
      fields: 'email',
      kind: 'email',
      cell: (row) => row.email,
      // The eight columns hold in a laptop's width (1366 px); a long address is cut, whole on focus.
      width: '9.5rem',
    },
    {
      id: 'roles',
      header: tk('admin.users.columns.roles'),
      cell: (row) => row.roles.map((role) => t(`admin.users.roles.${role}`)).join(', '),
      width: '7rem',
    },
    {
      id: 'companyName',
      header: tk('admin.users.columns.company'),
      fields: 'companyName',
      // The company's name wraps, its OBP number under it (table/README.md: names wrap).
      kind: 'name',
      width: '9rem',
      cell: (row) =>
        row.companyName ? (
          <>
            {row.obpNumber ? (
              <Link to={companyPagePath(row.obpNumber)}>{row.companyName}</Link>
            ) : (
              row.companyName
            )}
            <br />
            <small>{row.obpNumber}</small>
          </>
        ) : (
          t('admin.users.internal')
        ),
    },
    {
      id: 'access',
      header: tk('admin.users.columns.access'),
      fields: 'access',
      cell: (row) => (row.access ? t(`admin.users.accesses.${row.access}`) : '—'),
      kind: 'status',
    },
    {
      id: 'status',
      header: tk('admin.users.columns.status'),
      fields: 'status',
      cell: (row) => t(`admin.users.statuses.${row.status}`),
      kind: 'status',
    },
    {
      id: 'lastSignInAt',
      header: tk('admin.users.columns.lastSignIn'),
      fields: 'lastSignInAt',
      cell: (row) => (row.lastSignInAt ? date.dateTime(row.lastSignInAt) : t('admin.users.never')),
      kind: 'dateTime',
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      cell: (row) => (
        <UserRowActions row={row} t={t} actions={actions} onDone={onDone} own={isOwnAccount(row, ownEmail)} />
      ),
    },
  ];
}

/**
 * A row's buttons. On the admin's own row Disable is disabled, and the reason (the API's own refusal,
 * errors.back.SELF_DISABLE) is shown beside it and describes it.
 */
function UserRowActions({
  row,
  t,
  actions,
  onDone,
  own,
}: {
  row: UserRow;
  t: TFunction;
  actions: UserActions;
  onDone: (text: string) => void;
  own: boolean;
}) {
  const reasonId = useId();
  return (
    <span className="row-actions">
      {stepsOf(row).map((step) => {
        const refused = own && step === 'disable';
        return (
          <button
            key={step}
            type="button"
            disabled={refused}
            aria-describedby={refused ? reasonId : undefined}
            onClick={() => openUserStep(step, row, t, actions, onDone)}
            aria-label={t(`${keyOf(step)}.named`, { name: row.name })}
          >
            {t(`${keyOf(step)}.action`)}
          </button>
        );
      })}
      {own && (
        <small id={reasonId} className="row-actions-note">
          {t('errors.back.SELF_DISABLE')}
        </small>
      )}
    </span>
  );
}
