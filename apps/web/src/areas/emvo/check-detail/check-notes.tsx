import { type CheckNote, newCheckNoteSchema } from '@portal/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSessionUser } from '../../../auth/auth-context';
import { hasRole } from '../../../auth/session-user';
import { Form, useFormKit } from '../../../forms/form';
import { TextareaField } from '../../../forms/text-fields';
import { useAddCheckNote, useCheckNotes } from '../reviews-api';
import styles from './check-detail.module.css';
import { When } from './check-format';
import { Section } from './check-parts';

interface NoteValues {
  body: string;
}

/** One note: who wrote it and when, then what they wrote, its lines kept. Its id is where a line leads. */
function Note({ note }: { note: CheckNote }) {
  return (
    <li className={styles.note} id={`note-${note.id}`} tabIndex={-1}>
      <p className={styles.noteMeta}>
        <strong>{note.authorName}</strong> <When iso={note.at} />
      </p>
      <p className={styles.noteBody}>{note.body}</p>
    </li>
  );
}

/** Writing a note (reviewers only): the contract's rules on the field, a refusal shown beside it. */
function NoteForm({ checkId }: { checkId: string }) {
  const { t } = useTranslation();
  const form = useFormKit<NoteValues>({ schema: newCheckNoteSchema, defaultValues: { body: '' } });
  const { mutateAsync, isPending } = useAddCheckNote(checkId);
  return (
    <Form
      form={form}
      className={styles.noteForm}
      aria-label={t('emvo.check.notes.write')}
      onSubmit={(values) =>
        mutateAsync({ params: { id: checkId }, body: { body: values.body.trim() } }).then(
          () => form.reset({ body: '' }),
          // A 400 naming the note marks it; anything else the error handler says.
          (error: unknown) => form.markServerErrors(error),
        )
      }
    >
      <TextareaField name="body" label={t('emvo.check.notes.label')} rows={3} />
      <button type="submit" disabled={isPending}>
        {t('emvo.check.notes.add')}
      </button>
    </Form>
  );
}

/**
 * The reviewers' internal notes on the check, oldest first: written by reviewers, read by reviewers and
 * administrators, never shown to the company (the API refuses it the route and its stream never carries
 * a note). A colleague's new note arrives live (the stream's ADD_NOTE refetches the list).
 */
export function CheckNotes({ checkId, title }: { checkId: string; title?: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { data, isError } = useCheckNotes(checkId);
  const notes = data?.notes ?? [];
  const { hash } = useLocation();
  // A line of activity leads to a note (contracts notePath): once the notes are there, it is shown and
  // focused (the router changes the address, the browser does not scroll to it).
  useEffect(() => {
    if (!data || !hash.startsWith('#note-')) return;
    const note = document.getElementById(hash.slice(1));
    note?.scrollIntoView({ block: 'center' });
    note?.focus({ preventScroll: true });
  }, [data, hash]);
  return (
    <Section title={title ?? t('emvo.check.notes.title')}>
      <p className={styles.hint}>{t('emvo.check.notes.private')}</p>
      {isError ? (
        <p>{t('emvo.check.notes.loadFailed')}</p>
      ) : !data ? (
        <p role="status">{t('emvo.check.notes.loading')}</p>
      ) : notes.length === 0 ? (
        <p>{t('emvo.check.notes.none')}</p>
      ) : (
        <ol className={styles.notes}>
          {notes.map((note) => (
            <Note key={note.id} note={note} />
          ))}
        </ol>
      )}
      {hasRole(user, 'EMVO') && <NoteForm checkId={checkId} />}
    </Section>
  );
}
