import type { UserRow } from '@portal/contracts';
import type { TFunction } from 'i18next';
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

/** issue 13: name, email, role, company, access, status, last sign-in; and the row's actions. */
export function userColumns(t: TFunction, language: string, actions: UserActions): Column<UserRow>[] {
  const date = dateFormat(language);
  return [
    { id: 'name', header: tk('admin.users.columns.name'), fields: 'name', cell: (row) => row.name },
    { id: 'email', header: tk('admin.users.columns.email'), fields: 'email', cell: (row) => row.email },
    {
      id: 'roles',
      header: tk('admin.users.columns.roles'),
      cell: (row) => row.roles.map((role) => t(`admin.users.roles.${role}`)).join(', '),
      width: '8rem',
    },
    {
      id: 'companyName',
      header: tk('admin.users.columns.company'),
      fields: 'companyName',
      cell: (row) =>
        row.companyName ? (
          <>
            {row.companyName}
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
      width: '7rem',
    },
    {
      id: 'status',
      header: tk('admin.users.columns.status'),
      fields: 'status',
      cell: (row) => t(`admin.users.statuses.${row.status}`),
      width: '6rem',
    },
    {
      id: 'lastSignInAt',
      header: tk('admin.users.columns.lastSignIn'),
      fields: 'lastSignInAt',
      cell: (row) => (row.lastSignInAt ? date.dateTime(row.lastSignInAt) : t('admin.users.never')),
      width: '9rem',
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      width: '10rem',
      cell: (row) => (
        <span className="row-actions">
          {stepsOf(row).map((step) => (
            <button
              key={step}
              type="button"
              onClick={() => openUserStep(step, row, t, actions)}
              aria-label={t(`${keyOf(step)}.named`, { name: row.name })}
            >
              {t(`${keyOf(step)}.action`)}
            </button>
          ))}
        </span>
      ),
    },
  ];
}
