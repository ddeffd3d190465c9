/**
 * The floating chat button on every page: a link that opens a WhatsApp chat with the shop's number in a new tab.
 * It sits in the bottom-right corner and steps aside (fades out and lets taps through) while a button, link, field
 * or any text of the page is under it, so it never covers 'Proceed to Checkout', a card's buttons, a heading or a
 * line of a product's description (decision 040). At the end of every page the footer leaves it
 * an empty corner, where it shows. Keyboard focus always shows it.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { SHOP_CONTACT } from '#shared/shop-contact';

/** Anything a shopper may tap or type into. */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"]';

export function ChatLink() {
  const ref = useRef<HTMLAnchorElement>(null);
  const covering = useCoversControls(ref);

  return (
    <a
      ref={ref}
      href={SHOP_CONTACT.chatUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={clsx(
        'fixed right-[calc(1rem+env(safe-area-inset-right))] bottom-[calc(1rem+env(safe-area-inset-bottom))] z-30',
        'flex size-14 items-center justify-center rounded-full bg-buy text-white shadow-lg ring-2 ring-white',
        'transition-opacity duration-200 hover:bg-buy-hover print:hidden',
        covering && 'pointer-events-none opacity-0 focus-visible:pointer-events-auto focus-visible:opacity-100',
      )}
    >
      <span className="sr-only">Chat with us on WhatsApp (opens in a new tab)</span>
      <ChatIcon />
    </a>
  );
}

/** A speech bubble with three dots, drawn for the shop. */
function ChatIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className="size-7"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 3.5c-4.97 0-9 3.36-9 7.5 0 2.16 1.1 4.1 2.86 5.47L5 20.5l4.38-1.97c.84.2 1.72.3 2.62.3 4.97 0 9-3.36 9-7.5S16.97 3.5 12 3.5Z" />
      <circle cx="8" cy="11" r="0.6" fill="currentColor" />
      <circle cx="12" cy="11" r="0.6" fill="currentColor" />
      <circle cx="16" cy="11" r="0.6" fill="currentColor" />
    </svg>
  );
}

/**
 * True while something interactive of the page lies under the element: checked after scrolling, resizing and
 * changes to the page, at most once a frame. Only effects touch the DOM; rendering never does.
 */
/** Points across the button's square, every few pixels and on its edges, so no word under it slips between them. */
const GRID = 8;
/** A change of the page is checked at most this late, even while the browser stays busy. */
const IDLE_CHECK_TIMEOUT_MS = 300;

/** True when one of the element's own text nodes has a line box overlapping `box`. */
function textOverlaps(element: Element, box: DOMRect): boolean {
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (
        rect.width > 1 &&
        rect.height > 1 &&
        rect.left < box.right &&
        box.left < rect.right &&
        rect.top < box.bottom &&
        box.top < rect.bottom
      )
        return true;
    }
  }
  return false;
}

function useCoversControls(ref: RefObject<HTMLElement | null>): boolean {
  const [covering, setCovering] = useState(false);

  useEffect(() => {
    const self = ref.current;
    if (!self || typeof document.elementsFromPoint !== 'function') return;
    let frame = 0;
    let idle: number | undefined;

    const check = () => {
      frame = 0;
      idle = undefined;
      const box = self.getBoundingClientRect();
      // Every element under the button's square, once each: what it is (a control) or holds (text) is then checked.
      const under = new Set<Element>();
      for (let step = 0; step < GRID; step += 1) {
        const x = box.left + 0.5 + ((box.width - 1) * step) / (GRID - 1);
        for (let row = 0; row < GRID; row += 1) {
          const y = box.top + 0.5 + ((box.height - 1) * row) / (GRID - 1);
          for (const element of document.elementsFromPoint(x, y)) if (!self.contains(element)) under.add(element);
        }
      }
      const covers = [...under].some((element) => element.matches(INTERACTIVE) || textOverlaps(element, box));
      setCovering(covers);
    };
    // What moves under the button as the shopper scrolls is checked in the next frame.
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    // Content that arrives or moves without a scroll (a cart loading, a menu opening) is checked once the browser is
    // idle: while a page is still hydrating and loading its parts, its changes come every frame, and 64 hit tests a
    // frame then held a phone's main thread for most of it.
    const scheduleWhenIdle = () => {
      if (idle !== undefined) return;
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(check, { timeout: IDLE_CHECK_TIMEOUT_MS })
          : window.setTimeout(check, IDLE_CHECK_TIMEOUT_MS);
    };

    scheduleWhenIdle();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resizes = new ResizeObserver(scheduleWhenIdle);
    resizes.observe(document.body);
    const changes = new MutationObserver(scheduleWhenIdle);
    changes.observe(document.body, { childList: true, subtree: true });

    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resizes.disconnect();
      changes.disconnect();
    };
  }, [ref]);

  return covering;
}
