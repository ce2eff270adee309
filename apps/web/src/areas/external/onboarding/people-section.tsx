import {
  type OnboardingAnswer,
  onboardingApi,
  type Person,
  spocAssistantInvitationSchema,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { Form, useFormKit } from '../../../forms/form';
import { TextField } from '../../../forms/text-fields';
import { openModal } from '../../../modal/modal-store';
import { TableScrollBox } from '../../../table/table-scroll-box';
import styles from './onboarding.module.css';
import { type OnboardingCall, onboardingCall, useOnboardingWrite } from './onboarding-api';
import { useUnsavedChanges } from './unsaved-changes';

/** The people section's heading: the legitimacy step's contacts link to it. */
export const PEOPLE_TITLE_ID = 'people-title';

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The company's people (domain.md People: at most three). The SPOC or the Initial Requester
 * (canManagePeople, FULL access) invites the SPOC Assistant, removes them and sets their access; each
 * change is confirmed in the shared modal. A stale version shows the reload notice. This is the one place
 * people are invited and removed (the people routes, with their manager check): the legitimacy draft
 * holds no SPOC Assistant. A person whose access the portal withdrew (an administrator
 * disabled or revoked them) is listed with that said, and their access is the company's to see, not to change.
 */
export function PeopleSection({ onboarding }: { onboarding: OnboardingAnswer }) {
  const { t } = useTranslation();
  const write = useOnboardingWrite();
  const [conflict, setConflict] = useState(false);
  const manage = onboarding.canManagePeople && onboarding.access === 'FULL';
  // Those who count towards the three: a disabled person the list shows is the portal's withdrawal.
  const counted = onboarding.people.filter((person) => person.status !== 'DISABLED');
  const hasAssistant = counted.some((person) => person.role === 'SPOC_ASSISTANT');
  const form = useFormKit<InviteValues>({
    defaultValues: { firstName: '', lastName: '', email: '' },
    schema: spocAssistantInvitationSchema,
  });
  const version = onboarding.organisation.version;
  const feedback = useActionFeedback();
  const inviting = manage && !hasAssistant && counted.length < 3;
  useUnsavedChanges('people', form.formState.isDirty);

  /**
   * A write; once done, said beside the invitation form (or under the list once the form is gone). An
   * invitation or a removal takes away the control that made it: the focus goes to the words then.
   */
  const change = (
    call: OnboardingCall,
    done: string,
    options: { focus?: boolean; afterwards?: () => void } = {},
  ) => {
    setConflict(false);
    feedback.clear();
    write
      .mutateAsync(call)
      .then((outcome) => {
        if (outcome.kind === 'conflict') return setConflict(true);
        feedback.say(done, { focus: options.focus ?? false });
        options.afterwards?.();
      })
      // A 400 naming fields marks the invitation's fields.
      .catch((error: unknown) => form.markServerErrors(error));
  };

  const confirmRemove = (person: Person) =>
    openModal({
      title: 'external.onboarding.people.removeTitle',
      text: t('external.onboarding.people.removeText', { name: person.name }),
      primaryButton: {
        name: 'external.onboarding.people.remove',
        action: () =>
          change(
            onboardingCall(onboardingApi.removeSpocAssistant, { query: { version } }),
            t('external.onboarding.people.removed', { name: person.name }),
            { focus: true },
          ),
      },
    });

  const confirmAccess = (person: Person, access: 'FULL' | 'READ_ONLY') =>
    openModal({
      title: 'external.onboarding.people.accessTitle',
      text: t(`external.onboarding.people.accessText.${access}`, { name: person.name }),
      primaryButton: {
        action: () =>
          change(
            onboardingCall(onboardingApi.setPersonAccess, {
              params: { userId: person.id },
              body: { version, access },
            }),
            t(`external.onboarding.people.accessChanged.${access}`, { name: person.name }),
          ),
      },
    });

  return (
    <section className={styles.step} aria-labelledby={PEOPLE_TITLE_ID}>
      <h2 id={PEOPLE_TITLE_ID} className={styles.stepTitle}>
        {t('external.onboarding.people.title')}
      </h2>
      {conflict && (
        <p role="alert" className={`${styles.panel} ${styles.warning}`}>
          {t('external.onboarding.legitimacy.conflict')}
        </p>
      )}
      <TableScrollBox caption={t('external.onboarding.people.title')}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('external.onboarding.people.name')}</th>
              <th scope="col">{t('external.onboarding.people.email')}</th>
              <th scope="col">{t('external.onboarding.people.role')}</th>
              <th scope="col">{t('external.onboarding.people.access')}</th>
              <th scope="col">{t('external.onboarding.people.status')}</th>
              {manage && <th scope="col">{t('external.onboarding.people.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {onboarding.people.map((person) => (
              <tr key={person.id}>
                <td>
                  {person.name}
                  {person.you && ` ${t('external.onboarding.people.you')}`}
                </td>
                <td className={styles.address}>{person.email}</td>
                <td>{person.role ? t(`external.onboarding.people.roles.${person.role}`) : ''}</td>
                <td>
                  {t(`external.onboarding.people.accessLevels.${person.access}`)}
                  {person.withdrawnByPortal && (
                    <>
                      {' '}
                      <span className={styles.help}>{t('external.onboarding.people.withdrawnByPortal')}</span>
                    </>
                  )}
                </td>
                <td>{t(`external.onboarding.contacts.assistantStatus.${person.status}`)}</td>
                {manage && (
                  <td>
                    {!person.you && person.role === 'SPOC_ASSISTANT' && person.status !== 'DISABLED' && (
                      <>
                        {!person.withdrawnByPortal && (
                          <button
                            type="button"
                            disabled={write.isPending}
                            onClick={() =>
                              confirmAccess(person, person.access === 'FULL' ? 'READ_ONLY' : 'FULL')
                            }
                          >
                            {t(
                              person.access === 'FULL'
                                ? 'external.onboarding.people.makeReadOnly'
                                : 'external.onboarding.people.makeFull',
                              { name: person.name },
                            )}
                          </button>
                        )}{' '}
                        <button
                          type="button"
                          disabled={write.isPending}
                          onClick={() => confirmRemove(person)}
                        >
                          {t('external.onboarding.people.removeNamed', { name: person.name })}
                        </button>
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScrollBox>
      {!inviting && <ActionFeedback feedback={feedback} />}
      {inviting && (
        <Form
          form={form}
          aria-labelledby="people-invite-title"
          onSubmit={(values) =>
            change(
              onboardingCall(onboardingApi.inviteSpocAssistant, { body: { ...values, version } }),
              t('external.onboarding.people.invited', { email: values.email }),
              { focus: true, afterwards: () => form.reset() },
            )
          }
        >
          <h3 id="people-invite-title">{t('external.onboarding.people.invite')}</h3>
          <div className={styles.columns}>
            <TextField name="firstName" label={t('external.onboarding.contacts.firstName')} />
            <TextField name="lastName" label={t('external.onboarding.contacts.lastName')} />
            <TextField name="email" label={t('external.onboarding.contacts.email')} type="email" />
          </div>
          <div className="form-actions">
            <ActionFeedback feedback={feedback} />
            <button type="submit" className="primary" disabled={write.isPending}>
              {t('external.onboarding.people.sendInvitation')}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
