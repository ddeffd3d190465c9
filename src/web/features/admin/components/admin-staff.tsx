/**
 * The owner's Staff screen (decision 097): everyone who works in /admin and the invitations still open, each with
 * 'Remove' (asked again: their sessions end at once), and a form that invites someone by e-mail in a role. Server
 * refusals show under the field they name.
 */
import { type FormEvent, useId, useState } from 'react';
import { InviteStaffBodySchema, type StaffMember, type StaffRole } from '#shared/schemas/staff';
import { Button } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { STAFF_FAILED, useInviteStaff, useRemoveStaff, useStaff } from '../api/staff.ts';
import { formatOrderTime } from '../order-format.ts';
import { ChoiceSelect } from './choice-select.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { QueryState } from './query-state.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-6';
const ROLE_LABELS: Record<StaffRole, string> = { staff: 'Staff', admin: 'Admin' };
const ROLE_OPTIONS = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
] as const;

export function AdminStaff() {
  const staff = useStaff();
  return (
    <div className="flex flex-col gap-6">
      <QueryState query={staff} failed={STAFF_FAILED}>
        {({ items }) => <StaffList members={items} />}
      </QueryState>
      <InviteForm />
    </div>
  );
}

function StaffList({ members }: { members: StaffMember[] }) {
  const me = useSession()?.user._id;
  const remove = useRemoveStaff();
  const [asking, setAsking] = useState<StaffMember>();
  const [result, setResult] = useState<string>();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-xl font-bold text-roast-900">
        Who works here
      </h2>
      <FormMessage tone="success">{result}</FormMessage>
      <ul role="list" className="mt-3 flex flex-col divide-y divide-cream-200">
        {members.map((member) => (
          <li key={member._id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold break-words text-stone-900">
                {member.name} <span className="font-normal text-stone-700">· {ROLE_LABELS[member.role]}</span>
              </p>
              <p className="text-sm break-all text-stone-700">{member.email}</p>
              <p className="text-sm text-stone-600">
                {member.status === 'invited'
                  ? `Invited ${formatOrderTime(member.since)}, not joined yet`
                  : `Joined ${formatOrderTime(member.since)}`}
              </p>
            </div>
            {asking?._id === member._id ? (
              <ConfirmStep
                question={
                  member.status === 'invited'
                    ? `Withdraw the invitation to ${member.name}?`
                    : `Remove ${member.name} from the staff?`
                }
                confirmText={member.status === 'invited' ? 'Yes, withdraw it' : 'Yes, remove'}
                busyText="Removing…"
                busy={remove.isPending}
                error={
                  remove.isError
                    ? failureMessage(remove.error, {
                        fallback: 'We could not remove them. Please try again.',
                        offline: OFFLINE_MESSAGE,
                      })
                    : undefined
                }
                onConfirm={() =>
                  remove.mutate(member._id, {
                    onSuccess: () => {
                      setAsking(undefined);
                      setResult(`${member.name} no longer works in the shop’s admin.`);
                    },
                  })
                }
                onBack={() => setAsking(undefined)}
              >
                <p className="text-stone-800">
                  {member.status === 'invited'
                    ? 'The link in their e-mail will stop working.'
                    : 'They are logged out at once and keep only a customer’s account. What they did stays in the audit.'}
                </p>
              </ConfirmStep>
            ) : (
              member._id !== me && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    remove.reset();
                    setResult(undefined);
                    setAsking(member);
                  }}
                >
                  Remove<span className="sr-only"> {member.name}</span>
                </Button>
              )
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [errors, setErrors] = useState<Partial<Record<'email' | 'name' | 'role', string>>>({});
  const [sent, setSent] = useState<string>();
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(undefined);
    const parsed = InviteStaffBodySchema.safeParse({ email, name, role });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as typeof errors,
      );
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (member) => {
        setSent(`Invitation sent to ${member.email}. The link works for 72 hours.`);
        setEmail('');
        setName('');
      },
      onError: (error) => {
        if (error instanceof ApiRequestError)
          setErrors(Object.fromEntries(error.errors.map(({ field, message }) => [field, message])) as typeof errors);
      },
    });
  };
  const fieldErrors = invite.error instanceof ApiRequestError && invite.error.errors.length > 0;

  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-xl font-bold text-roast-900">
        Invite someone
      </h2>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4 sm:max-w-lg">
        <TextField
          label="Name"
          value={name}
          autoComplete="off"
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="E-mail address"
          type="email"
          value={email}
          autoComplete="off"
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <ChoiceSelect
          label="Role"
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value: StaffRole) => setRole(value)}
        />
        <p className="-mt-2 text-sm text-stone-700">
          Staff work orders, packing, messages and reviews. An admin can do everything, prices, refunds and staff
          included.
        </p>
        <FormMessage tone="error">
          {invite.isError &&
            !fieldErrors &&
            failureMessage(invite.error, {
              fallback: 'We could not send the invitation. Please try again.',
              offline: OFFLINE_MESSAGE,
            })}
        </FormMessage>
        <FormMessage tone="success">{sent}</FormMessage>
        <SubmitButton className="self-start" busy={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </SubmitButton>
      </form>
    </section>
  );
}
