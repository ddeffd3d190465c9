/** POST /api/contact/submit: sends a contact message as typed; the server validates it and answers `{ message }`. */
import { useMutation } from '@tanstack/react-query';
import type { ContactAnswer, ContactBodyInput } from '#shared/schemas/contact';
import { apiPaths } from '#shared/api-paths';
import { apiRequest } from '#web/lib/api-client.ts';

export function submitContact(body: ContactBodyInput): Promise<ContactAnswer> {
  // No token: anyone may write, and the message says who it is from.
  return apiRequest<ContactAnswer>(apiPaths.contact.submit, { method: 'POST', body, withToken: false });
}

export function useSubmitContact() {
  return useMutation({ mutationFn: submitContact });
}
