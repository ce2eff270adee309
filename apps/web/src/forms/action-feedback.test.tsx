import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionFeedback, type ActionFeedbackState, useActionFeedback } from './action-feedback';

let feedback: ActionFeedbackState | undefined;

function Actions() {
  feedback = useActionFeedback();
  return (
    <div className="form-actions">
      <ActionFeedback feedback={feedback} />
      <button type="button">Save</button>
    </div>
  );
}

const say = (text: string, options?: { focus?: boolean }) => act(() => feedback?.say(text, options));

describe('an action confirmed beside its buttons', () => {
  it('is a polite live region on screen before anything is said in it, beside the buttons', () => {
    render(<Actions />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    expect(region.parentElement).toContainElement(screen.getByRole('button', { name: 'Save' }));
    say('Draft saved.');
    expect(region).toHaveTextContent('Draft saved.');
  });

  it('says the same words again as a new message, and forgets them when a new action starts', () => {
    render(<Actions />);
    say('Draft saved.');
    const first = screen.getByText('Draft saved.');
    say('Draft saved.');
    expect(screen.getByText('Draft saved.')).not.toBe(first);
    act(() => feedback?.clear());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('takes the focus when asked (the control that acted is gone)', async () => {
    render(<Actions />);
    say('Invitation sent.', { focus: true });
    await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
  });
});
