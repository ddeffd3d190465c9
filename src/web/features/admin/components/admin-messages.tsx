/**
 * The owner's Messages screen below its heading: which messages to list (New, Read, Answered, All), then one page of
 * them, newest first. 'Open' shows a message in place of the list (the server marks a new one read), with the reply
 * form: the reply is mailed to the sender and the message becomes answered; progress on the button, then the result
 * as a status message, or the server's message as an alert. The list's filter and page and the opened message live
 * in the address (message-filter.ts), so Back closes a message and a reload keeps what is shown.
 */
import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type AdminMessage, MESSAGE_STATUSES, type MessageStatus, REPLY_MAX_LENGTH } from '#shared/schemas/admin';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_MESSAGE_FAILED, useAdminMessage } from '../api/get-admin-message.ts';
import { ADMIN_MESSAGES_FAILED, useAdminMessages } from '../api/get-admin-messages.ts';
import { REPLY_FAILED, useReplyToMessage } from '../api/reply-to-message.ts';
import {
  type MessagesFilter,
  type MessagesShown,
  messagesFilterParams,
  messagesQuery,
  openMessageParams,
  readMessagesFilter,
  readOpenMessage,
} from '../message-filter.ts';
import { formatOrderTime } from '../order-format.ts';
import { ListFilter } from './list-filter.tsx';
import { ListPager } from './list-pager.tsx';

const STATUS_LABELS: Record<MessageStatus, string> = { new: 'New', read: 'Read', answered: 'Answered' };
const SHOWN_OPTIONS: { value: MessagesShown; label: string }[] = [
  ...MESSAGE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'all', label: 'All' },
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
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readMessagesFilter(searchParams);
  const openId = readOpenMessage(searchParams);
  const messages = useAdminMessages(messagesQuery(filter));
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  // Back from a message (its link or the browser's): the list is read again from its heading.
  const shownBefore = useRef(openId);
  useEffect(() => {
    if (shownBefore.current && !openId) listHeadingRef.current?.focus();
    shownBefore.current = openId;
  }, [openId]);

  if (openId) {
    // Back to messages returns to the list as it was filtered, as the browser's Back does.
    return <OpenMessage messageId={openId} backHref={`?${messagesFilterParams(filter).toString()}`} />;
  }

  const show = (next: MessagesFilter) => setSearchParams(messagesFilterParams(next), { preventScrollReset: true });

  // The buttons sit below the list: the new page is read from its top, where focus goes (and the view with it).
  const turnTo = (page: number) => {
    show({ ...filter, page });
    listHeadingRef.current?.focus();
  };

  const results = () => {
    if (messages.isPending) return <PageLoading />;
    if (messages.isError) {
      return (
        <LoadError
          message={failureMessage(messages.error, { fallback: ADMIN_MESSAGES_FAILED, offline: OFFLINE_MESSAGE })}
          onRetry={() => void messages.refetch()}
          retrying={messages.isFetching}
        />
      );
    }
    // The page shown, which is the last one while another loads: everything below describes its own rows.
    const { items, total } = messages.data;
    return (
      <div className="flex flex-col gap-4">
        <h2 ref={listHeadingRef} tabIndex={-1} className="text-lg font-bold text-roast-900 tabular-nums">
          {total === 0 ? 'No messages' : total === 1 ? '1 message' : `${total.toLocaleString('en-GB')} messages`}
        </h2>
        {items.length > 0 && (
          <ul role="list" aria-label="Messages, newest first" className="flex flex-col gap-3">
            {items.map((message) => (
              <li key={message._id}>
                <MessageCard message={message} href={`?${openMessageParams(filter, message._id).toString()}`} />
              </li>
            ))}
          </ul>
        )}
        <ListPager label="Pages of messages" list={messages.data} onTurnTo={turnTo} />
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <ListFilter
        label="Status"
        value={filter.status}
        options={SHOWN_OPTIONS}
        onChange={(status) => show({ status, page: 1 })}
      />
      {/* While another page or filter loads, the list shown is the last one, marked busy. */}
      <div aria-busy={messages.isPlaceholderData}>{results()}</div>
    </div>
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
  const message = useAdminMessage(messageId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = message.isSuccess;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  const body = () => {
    if (message.isPending) return <PageLoading />;
    if (message.isError) {
      return (
        <LoadError
          message={failureMessage(message.error, { fallback: ADMIN_MESSAGE_FAILED, offline: OFFLINE_MESSAGE })}
          onRetry={() => void message.refetch()}
          retrying={message.isFetching}
        />
      );
    }
    const shown = message.data;
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
    <div className="flex flex-col gap-6">
      <p>
        <Link to={backHref} className="font-semibold text-roast-800 underline underline-offset-4 hover:text-roast-900">
          Back to messages
        </Link>
      </p>
      {body()}
    </div>
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
