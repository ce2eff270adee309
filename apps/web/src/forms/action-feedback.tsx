import { type RefObject, useCallback, useRef, useState } from 'react';
import styles from './forms.module.css';

interface Said {
  text: string;
  /** One per confirmation: the same words said again are a new message, announced again. */
  id: number;
}

export interface ActionFeedbackState {
  said: Said | null;
  /** Says that the action is done; `focus` moves the focus to the words (the form that acted is gone). */
  say: (text: string, options?: { focus?: boolean }) => void;
  /** Forgets the last confirmation (a new action starts). */
  clear: () => void;
  ref: RefObject<HTMLParagraphElement | null>;
}

/**
 * The confirmation of an action the person took on this screen (a save, a publication, an invitation),
 * shown beside the buttons that did it rather than in a toast far from them. Toasts stay for what happens
 * elsewhere (an error's catalogue message, a change someone else made).
 */
export function useActionFeedback(): ActionFeedbackState {
  const [said, setSaid] = useState<Said | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  const say = useCallback((text: string, options: { focus?: boolean } = {}) => {
    setSaid((previous) => ({ text, id: (previous?.id ?? 0) + 1 }));
    // After the render that shows the words.
    if (options.focus) requestAnimationFrame(() => ref.current?.focus());
  }, []);
  const clear = useCallback(() => setSaid(null), []);
  return { said, say, clear, ref };
}

/**
 * Where the confirmation shows: place it with the action's buttons. The polite live region is on screen
 * before anything is said in it (a region added with its words is not announced by every screen reader);
 * the words are a new element each time, so the same confirmation twice is announced twice.
 */
export function ActionFeedback({ feedback }: { feedback: ActionFeedbackState }) {
  const { said } = feedback;
  return (
    <p
      ref={feedback.ref}
      role="status"
      tabIndex={-1}
      className={styles.actionFeedback}
      data-action-feedback=""
    >
      {said && (
        <span key={said.id}>
          <span aria-hidden="true" className={styles.actionFeedbackMark}>
            ✓
          </span>{' '}
          {said.text}
        </span>
      )}
    </p>
  );
}
