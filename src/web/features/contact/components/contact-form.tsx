/**
 * The contact form: name, e-mail, phone and message, sent as typed. The form has no
 * client-side required rules, so nothing blocks sending: the server checks every field, and each field it refuses
 * shows the server's words under it, with focus on the first. A failure that names no field
 * is shown above the button.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { ContactBodyInput } from '#shared/schemas/contact';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage } from '#web/lib/api-client.ts';
import { useSubmitContact } from '../api/submit-contact.ts';

/** The shop's text when the message could not be sent; also shown for an answer without a message of its own. */
export const CONTACT_SUBMIT_FAILED = 'Failed to submit your message. Please try again later.';

type ContactFields = Required<{ [Field in keyof ContactBodyInput]: string }>;

const EMPTY: ContactFields = { name: '', email: '', phone: '', message: '' };

export function ContactForm() {
  const submitContact = useSubmitContact();
  const [values, setValues] = useState<ContactFields>(EMPTY);
  const fields = useRef<Partial<Record<keyof ContactFields, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  // The server's words for each field it refused, from the last answer; gone as soon as the form is sent again.
  const fieldErrors = fieldErrorsOf(submitContact.error);

  const field = (name: keyof ContactFields) => ({
    name,
    error: fieldErrors[name],
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
        // What was typed stays; the first field the server names takes focus, so it can be put right.
        const first = Object.keys(fieldErrorsOf(error))[0] as keyof ContactFields | undefined;
        if (first) fields.current[first]?.focus();
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
          Object.keys(fieldErrors).length === 0 &&
          failureMessage(submitContact.error, { fallback: CONTACT_SUBMIT_FAILED, offline: CONTACT_SUBMIT_FAILED })}
      </FormMessage>

      <SubmitButton variant="buy" size="lg" className="w-full sm:w-auto" busy={submitContact.isPending}>
        {submitContact.isPending ? 'Sending…' : 'Send message'}
      </SubmitButton>
    </form>
  );
}

/** The first message the server gave for each of the form's fields, in the form's order. */
function fieldErrorsOf(error: unknown): Partial<Record<keyof ContactFields, string>> {
  const byField: Partial<Record<keyof ContactFields, string>> = {};
  if (!(error instanceof ApiRequestError)) return byField;
  for (const name of Object.keys(EMPTY) as (keyof ContactFields)[]) {
    const message = error.errors.find(({ field }) => field === name)?.message;
    if (message) byField[name] = message;
  }
  return byField;
}
