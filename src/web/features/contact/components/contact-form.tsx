/**
 * The contact form (spec §3, §5, §8): name, e-mail, phone and message, sent as typed. The spec has no
 * client-side required rules, so nothing blocks sending: the server checks every field and its message is shown.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { ContactBodyInput } from '#shared/schemas/contact';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { useSubmitContact } from '../api/submit-contact.ts';

/** The spec's text (§8) when the message could not be sent; also shown for an answer without a message of its own. */
export const CONTACT_SUBMIT_FAILED = 'Failed to submit your message. Please try again later.';

type ContactFields = Required<{ [Field in keyof ContactBodyInput]: string }>;

const EMPTY: ContactFields = { name: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const submitContact = useSubmitContact();
  const [values, setValues] = useState<ContactFields>(EMPTY);
  const fields = useRef<Partial<Record<keyof ContactFields, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const field = (name: keyof ContactFields) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[name] = element;
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitContact.mutate(values, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => {
        // What was typed stays; the field the server names first takes focus, so it can be put right.
        const first = error instanceof ApiRequestError ? error.errors[0]?.field : undefined;
        if (first && first in EMPTY) fields.current[first as keyof ContactFields]?.focus();
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm text-stone-600">Fields marked * are required.</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name *" autoComplete="name" aria-required="true" {...field('name')} />
        <TextField label="Email *" type="email" autoComplete="email" aria-required="true" {...field('email')} />
      </div>
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <TextArea label="Message *" hint="Up to 2,000 characters." aria-required="true" {...field('message')} />

      <FormMessage tone="success">{submitContact.isSuccess && submitContact.data.message}</FormMessage>
      <FormMessage tone="error">
        {submitContact.isError &&
          failureMessage(submitContact.error, { fallback: CONTACT_SUBMIT_FAILED, offline: CONTACT_SUBMIT_FAILED })}
      </FormMessage>

      <SubmitButton variant="buy" size="lg" className="w-full sm:w-auto" disabled={submitContact.isPending}>
        {submitContact.isPending ? 'Sending…' : 'Send message'}
      </SubmitButton>
    </form>
  );
}
