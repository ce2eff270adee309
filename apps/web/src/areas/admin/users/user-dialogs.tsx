import {
  INTERNAL_ROLES,
  type InternalRole,
  USER_ACCESSES,
  type UserAccess,
  type UserChangeInput,
  type UserRow,
  userChangeSchema,
  userInvitationSchema,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField, RadioField } from '../../../forms/choice-fields';
import { TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import type { UserActions } from './users-api';

/** What an admin does to a user from the list, besides inviting one. */
export type UserStep = 'roles' | 'access' | 'disable' | 'enable';

/** Where a step's texts are in en.json: admin.users.invite, admin.users.change.{step}. */
export const keyOf = (step: UserStep | 'invite') =>
  step === 'invite' ? 'admin.users.invite' : `admin.users.change.${step}`;

interface DialogValues {
  email: string;
  firstName: string;
  lastName: string;
  role: InternalRole | null;
  roles: InternalRole[];
  access: UserAccess | null;
}

const internalRoles = (roles: UserRow['roles']): InternalRole[] =>
  INTERNAL_ROLES.filter((role) => roles.includes(role));

/** The step's fields: the invitation's, the roles or the access, or none (disable, enable: the text says). */
function UserFields({ step }: { step: UserStep | 'invite' }) {
  const { t } = useTranslation();
  const roleItems = INTERNAL_ROLES.map((role) => ({ id: role, name: t(`admin.users.roles.${role}`) }));
  if (step === 'invite') {
    return (
      <>
        <TextField name="email" type="email" label={t('admin.users.columns.email')} autoComplete="off" />
        <TextField name="firstName" label={t('admin.users.invite.firstName')} />
        <TextField name="lastName" label={t('admin.users.invite.lastName')} />
        <RadioField name="role" label={t('admin.users.columns.roles')} items={roleItems} />
      </>
    );
  }
  if (step === 'roles') {
    return <CheckboxGroupField name="roles" label={t('admin.users.columns.roles')} items={roleItems} />;
  }
  if (step === 'access') {
    return (
      <RadioField
        name="access"
        label={t('admin.users.columns.access')}
        items={USER_ACCESSES.map((access) => ({ id: access, name: t(`admin.users.accesses.${access}`) }))}
        required
      />
    );
  }
  return null;
}

/** The change a step sends (the contract's userChangeSchema). */
function changeOf(step: UserStep, values: DialogValues): Omit<UserChangeInput, 'version'> {
  if (step === 'roles') return { roles: INTERNAL_ROLES.filter((role) => values.roles.includes(role)) };
  if (step === 'access') return { access: values.access ?? 'FULL' };
  return { status: step === 'disable' ? 'DISABLED' : 'ACTIVE' };
}

/**
 * The form dialog (spec §2) of a step: title, what it does and when it applies, its fields with the
 * contract's rules, its button. A refusal (a stale row, the last admin, an address taken) stays in the
 * dialog beside what was typed; the list reloads behind it.
 */
function openUserDialog(
  step: UserStep | 'invite',
  user: UserRow | undefined,
  t: TFunction,
  actions: UserActions,
  onDone: (text: string) => void,
) {
  const names = { name: user?.name ?? '', email: user?.email ?? '' };
  openFormDialog<DialogValues, unknown>({
    title: t(`${keyOf(step)}.title`, names),
    text: `${t(`${keyOf(step)}.text`, names)} ${t('admin.users.nextSignIn')}`,
    confirm: `${keyOf(step)}.confirm`,
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      role: null,
      roles: user ? internalRoles(user.roles) : [],
      access: user?.access ?? null,
    },
    schema: step === 'invite' ? userInvitationSchema : userChangeSchema,
    fields: <UserFields step={step} />,
    submit: (values) => {
      if (step === 'invite' || !user) {
        return actions.invite({
          email: values.email.trim(),
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          role: values.role ?? 'EMVO',
        });
      }
      return actions.change(user.id, { version: user.version, ...changeOf(step, values) });
    },
    // Said beside the page's buttons (onDone), where the admin is, not in a toast.
    done: (_, values) =>
      onDone(
        step === 'invite'
          ? t('admin.users.invite.done', { email: values.email.trim() })
          : t(`${keyOf(step)}.done`, { name: user?.name ?? '' }),
      ),
  });
}

export const openInviteDialog = (t: TFunction, actions: UserActions, onDone: (text: string) => void) =>
  openUserDialog('invite', undefined, t, actions, onDone);

export const openUserStep = (
  step: UserStep,
  user: UserRow,
  t: TFunction,
  actions: UserActions,
  onDone: (text: string) => void,
) => openUserDialog(step, user, t, actions, onDone);
