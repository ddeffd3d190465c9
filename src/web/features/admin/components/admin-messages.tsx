/**
 * The owner's Messages screen below its heading: which messages to list (New, Read, Answered, All), then one page of
 * them, newest first. 'Open' shows a message in place of the list (and marks a new one read), with the reply
 * form: the reply is mailed to the sender and the message becomes answered; progress on the button, then the result
 * as a status message, or the server's message as an alert. The list's filter and page and the opened message live
 * in the address (lists.ts, `messagesList`), so Back closes a message and a reload keeps what is shown.
 */
import { clsx } from 'clsx';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type AdminMessage, MESSAGE_STATUSES, type MessageStatus, REPLY_MAX_LENGTH } from '#shared/schemas/admin';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_MESSAGE_FAILED, useAdminMessage } from '../api/get-admin-message.ts';
import { REPLY_FAILED, useReplyToMessage } from '../api/reply-to-message.ts';
import { useAdminList } from '../hooks/use-admin-list.ts';
import { messagesList } from '../lists.ts';
import { formatOrderTime } from '../order-format.ts';
import { AdminList } from './admin-list.tsx';
import { ListFilter } from './list-filter.tsx';
import { OpenedRow } from './opened-row.tsx';

/** The address's name for the message opened in place of the list. */
const MESSAGE_PARAM = 'message';

const STATUS_LABELS: Record<MessageStatus, string> = { new: 'New', read: 'Read', answered: 'Answered' };
const SHOWN_OPTIONS = [
  ...MESSAGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'all' as const, label: 'All' },
];
const tones: Record<MessageStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  read: 'bg-sky-100 text-sky-900',
  answered: 'bg-emerald-100 text-emerald-900',
};
const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-5';

function StatusBadge({ status }: { status: MessageStatus }) {
  return (
    <span className={clsx('inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold', tones[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}

export function AdminMessages() {
  const messages = useAdminList(messagesList);
  const openId = messages.opened(MESSAGE_PARAM);
  const { headingRef } = messages;

  // Back from a message (its link or the browser's): the list is read again from its heading.
  const shownBefore = useRef(openId);
  useEffect(() => {
    if (shownBefore.current && !openId) headingRef.current?.focus();
    shownBefore.current = openId;
  }, [openId, headingRef]);

  // Back to messages returns to the list as it was filtered, as the browser's Back does.
  if (openId) return <OpenMessage messageId={openId} backHref={messages.href()} />;

  return (
    <AdminList
      list={messagesList}
      state={messages}
      row={(message) => <MessageCard message={message} href={messages.href({ [MESSAGE_PARAM]: message._id })} />}
    >
      <ListFilter
        label="Status"
        value={messages.filter.status}
        options={SHOWN_OPTIONS}
        onChange={(status) => messages.apply({ status })}
      />
    </AdminList>
  );
}

function MessageCard({ message, href }: { message: AdminMessage; href: string }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className={card}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold break-words text-roast-900">
            {message.name}
          </h3>
          <p className="text-sm break-all text-stone-600">{message.email}</p>
          <p className="text-sm text-stone-600">
            <time dateTime={message.createdAt}>{formatOrderTime(message.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={message.status} />
      </div>
      <p className="mt-2 line-clamp-2 break-words text-stone-800">{message.message}</p>
      {/* A link: opening a message is a new address, which Back leaves. */}
      <Link to={href} className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'mt-3' })}>
        Open<span className="sr-only"> message from {message.name}</span>
      </Link>
    </article>
  );
}

function OpenMessage({ messageId, backHref }: { messageId: string; backHref: string }) {
  const body = (shown: AdminMessage, headingRef: RefObject<HTMLHeadingElement | null>) => {
    return (
      <div className="flex min-w-0 flex-col gap-6">
        <article aria-labelledby="admin-message-heading" className={card}>
          <div className="flex flex-wrap items-center gap-3">
            <h2
              id="admin-message-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-2xl font-bold break-words text-roast-900"
            >
              Message from {shown.name}
            </h2>
            <StatusBadge status={shown.status} />
          </div>
          <p className="mt-1 text-sm text-stone-600">
            <time dateTime={shown.createdAt}>{formatOrderTime(shown.createdAt)}</time>
          </p>
          <p className="mt-2 break-all text-stone-800">
            <a href={`mailto:${shown.email}`} className="underline underline-offset-4">
              {shown.email}
            </a>
            {shown.phone && <span className="block tabular-nums">{shown.phone}</span>}
          </p>
          <p className="mt-4 break-words whitespace-pre-line text-stone-900">{shown.message}</p>
          {shown.reply && (
            <div className="mt-4 border-t border-cream-200 pt-3">
              <h3 className="font-semibold text-stone-900">
                Your reply
                {shown.answeredAt && (
                  <>
                    {' '}
                    <time dateTime={shown.answeredAt} className="font-normal text-stone-600">
                      {formatOrderTime(shown.answeredAt)}
                    </time>
                  </>
                )}
              </h3>
              <p className="mt-1 break-words whitespace-pre-line text-stone-800">{shown.reply}</p>
            </div>
          )}
        </article>
        <ReplyForm message={shown} />
      </div>
    );
  };

  return (
    <OpenedRow
      backHref={backHref}
      backText="Back to messages"
      query={useAdminMessage(messageId)}
      failed={ADMIN_MESSAGE_FAILED}
    >
      {body}
    </OpenedRow>
  );
}

function ReplyForm({ message }: { message: AdminMessage }) {
  const reply = useReplyToMessage(message._id);
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const send = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!text.trim()) {
      setFieldError('Please write your reply.');
      return;
    }
    setFieldError(undefined);
    reply.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        setResult({ tone: 'success', text: `Your reply has been sent to ${message.email}.` });
      },
      onError: (error) =>
        setResult({ tone: 'error', text: failureMessage(error, { fallback: REPLY_FAILED, offline: OFFLINE_MESSAGE }) }),
    });
  };

  return (
    <form onSubmit={send} noValidate aria-label="Reply" className={`${card} flex flex-col gap-4`}>
      <TextArea
        label={`Reply to ${message.name}`}
        hint="Sent by e-mail, with their message quoted below it."
        value={text}
        error={fieldError}
        maxLength={REPLY_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
      />
      <div>
        <SubmitButton busy={reply.isPending}>{reply.isPending ? 'Sending reply…' : 'Send reply'}</SubmitButton>
      </div>
      <FormMessage tone={result?.tone ?? 'success'}>{result?.text}</FormMessage>
    </form>
  );
}
