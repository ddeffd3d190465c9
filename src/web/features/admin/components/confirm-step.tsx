/**
 * The question asked in the page before money moves (a refund, a cancellation), in place of the form that led to it:
 * the question, read first (focus moves to it), what will be sent, the server's refusal, then 'Yes, …' (disabled and
 * in words while it works) and 'Back' to the form.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';

interface ConfirmStepProps {
  /** "Refund £4.19 to the customer's card?" */
  question: string;
  /** What will be sent, to read before saying yes. */
  children?: ReactNode;
  /** "Yes, refund £4.19". */
  confirmText: string;
  /** "Refunding…". */
  busyText: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onBack: () => void;
}

export function ConfirmStep({
  question,
  children,
  confirmText,
  busyText,
  busy,
  error,
  onConfirm,
  onBack,
}: ConfirmStepProps) {
  const questionId = useId();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    questionRef.current?.focus();
  }, []);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };

  return (
    <form
      onSubmit={confirm}
      aria-labelledby={questionId}
      className="flex flex-col gap-3 rounded-xl bg-cream-50 p-4 ring-1 ring-cream-300"
    >
      <p id={questionId} ref={questionRef} tabIndex={-1} className="text-lg font-bold text-roast-900">
        {question}
      </p>
      {children}
      <FormMessage tone="error">{error}</FormMessage>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy}>{busy ? busyText : confirmText}</SubmitButton>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
      </div>
    </form>
  );
}
