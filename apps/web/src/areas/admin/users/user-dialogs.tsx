import {
  INTERNAL_ROLES,
  type InternalRole,
  USER_ACCESSES,
  type UserAccess,
  type UserRow,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField, RadioField } from '../../../forms/choice-fields';
import { Form, useFormKit } from '../../../forms/form';
import { TextField } from '../../../forms/text-fields';
import {
  closeModal,
  getShownModal,
  type ModalButton,
  openModal,
  updateModal,
} from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { isConflict, useUserActions } from './users-api';

/** What an admin does to a user from the list (issue 13 item 1), besides inviting one. */
export type UserStep = 'roles' | 'access' | 'disable' | 'enable';

/** Where a step's texts are in en.json: admin.users.invite, admin.users.change.{step}. */
export const keyOf = (step: UserStep | 'invite') =>
  step === 'invite' ? 'admin.users.invite' : `admin.users.change.${step}`;

/** Where the modal's primary button finds the embedded form's submission, once the form is mounted. */
interface Submitter {
  current: (() => void) | undefined;
}

/** The modal's primary button: it stays open while the call runs; the form closes it when done. */
const confirmButton = (name: string, submitter: Submitter, disabled = false): ModalButton => ({
  name,
  keepOpen: true,
  disabled,
  action: () => submitter.current?.(),
});

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

/**
 * The form in the modal: the invitation's fields, the roles or the access, or nothing (disable, enable:
 * the modal's text says what happens). One submission at a time; the primary button is disabled meanwhile.
 */
function UserDialogForm({
  step,
  user,
  submitter,
  confirmName,
}: {
  step: UserStep | 'invite';
  user: UserRow | undefined;
  submitter: Submitter;
  confirmName: string;
}) {
  const { t } = useTranslation();
  const actions = useUserActions();
  const form = useFormKit<DialogValues>({
    defaultValues: {
      email: '',
      firstName: '',
      lastName: '',
      role: null,
      roles: user ? internalRoles(user.roles) : [],
      access: user?.access ?? null,
    },
  });
  // This modal, so that a late answer never closes another modal opened meanwhile.
  const [modalId] = useState(() => getShownModal()?.id);
  const closeOwn = () => {
    if (getShownModal()?.id === modalId) closeModal();
  };
  const sending = useRef(false);
  const pending = actions.invite.isPending || actions.change.isPending;

  const send = async (values: DialogValues) => {
    if (sending.current) return;
    sending.current = true;
    try {
      if (step === 'invite') {
        if (!values.role) return;
        await actions.invite.mutateAsync({
          body: {
            email: values.email.trim(),
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            role: values.role,
          },
        });
        toast.success(t('admin.users.invite.done', { email: values.email.trim() }));
      } else if (user) {
        const change =
          step === 'roles'
            ? { roles: INTERNAL_ROLES.filter((role) => values.roles.includes(role)) }
            : step === 'access'
              ? { access: values.access ?? 'FULL' }
              : { status: step === 'disable' ? ('DISABLED' as const) : ('ACTIVE' as const) };
        await actions.change.mutateAsync({
          params: { id: user.id },
          body: { version: user.version, ...change },
        });
        toast.success(t(`${keyOf(step)}.done`, { name: user.name }));
      }
      closeOwn();
    } catch (error) {
      // The app's error handler has shown the catalogue's message and the list reloads. A 409 (a stale row,
      // or a rule such as the last admin) makes this step moot: close. Other failures keep what was typed.
      if (isConflict(error)) closeOwn();
    } finally {
      sending.current = false;
    }
  };

  useEffect(() => {
    submitter.current = () => void form.handleSubmit(send)();
  });

  // No second confirmation while the call runs (spec §2: Enter does nothing on a disabled primary button).
  useEffect(() => {
    if (getShownModal()?.id === modalId)
      updateModal({ primaryButton: confirmButton(confirmName, submitter, pending) });
  }, [pending, modalId, confirmName, submitter]);

  const roleItems = INTERNAL_ROLES.map((role) => ({ id: role, name: t(`admin.users.roles.${role}`) }));
  return (
    <Form form={form} onSubmit={send}>
      {step === 'invite' ? (
        <>
          <TextField
            name="email"
            type="email"
            label={t('admin.users.columns.email')}
            required
            autoComplete="off"
          />
          <TextField name="firstName" label={t('admin.users.invite.firstName')} required />
          <TextField name="lastName" label={t('admin.users.invite.lastName')} required />
          <RadioField name="role" label={t('admin.users.columns.roles')} items={roleItems} required />
        </>
      ) : null}
      {step === 'roles' ? (
        <CheckboxGroupField name="roles" label={t('admin.users.columns.roles')} items={roleItems} required />
      ) : null}
      {step === 'access' ? (
        <RadioField
          name="access"
          label={t('admin.users.columns.access')}
          items={USER_ACCESSES.map((access) => ({ id: access, name: t(`admin.users.accesses.${access}`) }))}
          required
        />
      ) : null}
    </Form>
  );
}

/** The shared modal (spec §2) for a step: title, what it does and when it applies, its form, its button. */
function openUserDialog(step: UserStep | 'invite', user: UserRow | undefined, t: TFunction) {
  const submitter: Submitter = { current: undefined };
  const values = { name: user?.name ?? '', email: user?.email ?? '' };
  const confirmName = `${keyOf(step)}.confirm`;
  openModal({
    title: t(`${keyOf(step)}.title`, values),
    text: `${t(`${keyOf(step)}.text`, values)} ${t('admin.users.nextSignIn')}`,
    component: <UserDialogForm step={step} user={user} submitter={submitter} confirmName={confirmName} />,
    primaryButton: confirmButton(confirmName, submitter),
  });
}

/** Invite an internal user (ADMIN or EMVO) by email. */
export const openInviteDialog = (t: TFunction) => openUserDialog('invite', undefined, t);

/** A change to a user: roles (internal), access (external), disable, enable. */
export const openUserStep = (step: UserStep, user: UserRow, t: TFunction) => openUserDialog(step, user, t);
