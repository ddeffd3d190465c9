/**
 * The owner's Messages screen below its heading: which messages to list (New, Read, Answered, All), then one page of
 * them, newest first. 'Open' shows a message in place of the list (the server marks a new one read), with the reply
 * form: the reply is mailed to the sender and the message becomes answered; progress on the button, then the result
 * as a status message, or the server's message as an alert.
 */
import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AdminMessage, MESSAGE_STATUSES, type MessageStatus, REPLY_MAX_LENGTH } from '#shared/schemas/admin';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { ADMIN_MESSAGE_FAILED, useAdminMessage } from '../api/get-admin-message.ts';
import { ADMIN_MESSAGES_FAILED, useAdminMessages } from '../api/get-admin-messages.ts';
import { REPLY_FAILED, useReplyToMessage } from '../api/reply-to-message.ts';
import { PER_PAGE, pageOffset } from '../list-page.ts';
import { formatOrderTime } from '../order-format.ts';
import { ListPager } from './list-pager.tsx';

const STATUS_LABELS: Record<MessageStatus, string> = { new: 'New', read: 'Read', answered: 'Answered' };
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
  const [status, setStatus] = useState<MessageStatus | undefined>('new');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const messages = useAdminMessages({ status, limit: PER_PAGE, offset: pageOffset(page) });

  if (openId) {
    return (
      <OpenMessage
        messageId={openId}
        onBack={() => {
          setOpenId(null);
          requestAnimationFrame(() => listHeadingRef.current?.focus());
        }}
      />
    );
  }

  const turnTo = (next: number) => {
    setPage(next);
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
                <MessageCard message={message} onOpen={() => setOpenId(message._id)} />
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
      <div className={card}>
        <FormField label="Status" className="sm:w-56">
          {(control) => (
            <select
              {...control}
              value={status ?? ''}
              onChange={(event) => {
                setStatus(MESSAGE_STATUSES.find((option) => option === event.target.value));
                setPage(1);
              }}
              className={clsx(
                'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
                fieldBorder(undefined),
              )}
            >
              {MESSAGE_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {STATUS_LABELS[option]}
                </option>
              ))}
              <option value="">All</option>
            </select>
          )}
        </FormField>
      </div>
      <div aria-busy={messages.isPlaceholderData}>{results()}</div>
    </div>
  );
}

function MessageCard({ message, onOpen }: { message: AdminMessage; onOpen: () => void }) {
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
      <Button variant="secondary" size="sm" className="mt-3" onClick={onOpen}>
        Open<span className="sr-only"> message from {message.name}</span>
      </Button>
    </article>
  );
}

function OpenMessage({ messageId, onBack }: { messageId: string; onBack: () => void }) {
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
        <button
          type="button"
          onClick={onBack}
          className="font-semibold text-roast-800 underline underline-offset-4 hover:text-roast-900"
        >
          Back to messages
        </button>
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
