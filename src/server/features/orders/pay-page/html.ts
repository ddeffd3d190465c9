/**
 * The HTML of the built-in test payment page (docs/api.md, Checkout and payment): plainly marked as a test, the lines,
 * the subtotal, the discount with its code, delivery and the total,
 * the card fields with visible labels, a Pay button naming the amount, and Cancel. Plain HTML and a stylesheet,
 * no script: it works with any browser and passes the shop's Content-Security-Policy.
 */
import { SHOP_NAME } from '#shared/constants';
import { formatPence } from '#shared/money';
import { escapeHtml } from '../../../lib/html.ts';
import type { CheckoutLine } from '../order-records.ts';
import type { TestCardEntry } from '../payments/test-cards.ts';

export const PAY_PAGE_STYLESHEET_PATH = '/pay/pay.css';

export interface PayPageModel {
  sessionId: string;
  lines: readonly Pick<CheckoutLine, 'name' | 'selectedWeight' | 'qty' | 'unitPricePence'>[];
  subtotalPence: number;
  discountPence: number;
  deliveryPence: number;
  promoCode: string | null;
  amountPence: number;
  email: string;
  error?: { field: keyof TestCardEntry; message: string };
  /** What the shopper typed before a refusal, shown again so nothing needs typing twice. */
  entered?: TestCardEntry | undefined;
}

const fieldIds: Record<keyof TestCardEntry, string> = {
  cardNumber: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  nameOnCard: 'card-name',
};

function field(model: PayPageModel, name: keyof TestCardEntry, label: string, attributes: string): string {
  const id = fieldIds[name];
  const error = model.error?.field === name ? model.error : undefined;
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const entered = model.entered?.[name];
  const value = entered ? ` value="${escapeHtml(entered)}"` : '';
  return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" ${attributes}${value} required${described}>
${error ? `<p id="${id}-error" class="error" role="alert">${escapeHtml(error.message)}</p>` : ''}
</div>`;
}

export function renderPayPage(model: PayPageModel): string {
  const total = formatPence(model.amountPence);
  const rows = model.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(`${line.qty} × ${line.name} (${line.selectedWeight})`)}</td><td class="amount">${escapeHtml(formatPence(line.unitPricePence * line.qty))}</td></tr>`,
    )
    .join('\n');
  const discount: [string, string][] =
    model.discountPence > 0
      ? [[model.promoCode ? `Discount (${model.promoCode})` : 'Discount', `−${formatPence(model.discountPence)}`]]
      : [];
  const sums = [
    ['Subtotal', formatPence(model.subtotalPence)],
    ...discount,
    ['Delivery', model.deliveryPence === 0 ? 'Free' : formatPence(model.deliveryPence)],
  ]
    .map(
      ([label, amount]) =>
        `<tr><th scope="row">${escapeHtml(label ?? '')}</th><td class="amount">${escapeHtml(amount ?? '')}</td></tr>`,
    )
    .join('\n');
  return page(
    `Pay ${total} | Test payment | ${SHOP_NAME}`,
    `<p class="test-banner" role="note"><strong>Test payment page.</strong> No real money is taken and no card is charged. Pay with the test card 4242 4242 4242 4242, any future expiry date and any CVC.</p>
<h1>Pay ${escapeHtml(SHOP_NAME)}</h1>
<section aria-labelledby="summary-heading">
<h2 id="summary-heading">Your order</h2>
<table class="lines">
${rows}
${sums}
<tr class="total"><th scope="row">Total (VAT included)</th><td class="amount">${escapeHtml(total)}</td></tr>
</table>
<p class="muted">A confirmation will be sent to ${escapeHtml(model.email)}.</p>
</section>
<form method="post" action="/pay/${encodeURIComponent(model.sessionId)}" novalidate>
<h2>Card details</h2>
${field(model, 'cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23"')}
<div class="row">
${field(model, 'expiry', 'Expiry', 'autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"')}
${field(model, 'cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"')}
</div>
${field(model, 'nameOnCard', 'Name on card', 'autocomplete="cc-name" maxlength="100"')}
<button type="submit">Pay ${escapeHtml(total)}</button>
</form>
<form method="post" action="/pay/${encodeURIComponent(model.sessionId)}/cancel" class="cancel">
<p><button type="submit" class="link">Cancel</button> and return to the shop</p>
</form>`,
  );
}

/** A page for a payment that cannot be taken here (unknown session). */
export function renderPayMessagePage(title: string, message: string): string {
  return page(
    `${title} | ${SHOP_NAME}`,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/cart">Back to your cart</a></p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${PAY_PAGE_STYLESHEET_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const payPageStylesheet = `*{box-sizing:border-box}
body{margin:0;background:#fdfbf7;color:#292524;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;color:#71391a;margin:1rem 0}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.test-banner{background:#fef3c7;border:2px dashed #b45309;border-radius:.75rem;padding:.75rem 1rem;margin:0}
.lines{width:100%;border-collapse:collapse}
.lines td,.lines th{padding:.4rem 0;border-bottom:1px solid #efe4d2;text-align:left;font-weight:400}
.lines .amount{text-align:right;white-space:nowrap}
.lines .total th,.lines .total td{font-weight:700;border-bottom:0}
.muted{color:#57534e;font-size:.9rem}
form{background:#fff;border:1px solid #efe4d2;border-radius:.75rem;padding:1rem 1.25rem;margin-top:1.5rem}
.field{margin-bottom:1rem;flex:1}
.row{display:flex;gap:1rem}
label{display:block;font-weight:600;font-size:.9rem;margin-bottom:.25rem}
input{width:100%;min-height:2.75rem;padding:0 .75rem;border:1px solid #78716c;border-radius:.5rem;font-size:1rem}
input[aria-invalid=true]{border-color:#b91c1c}
.error{color:#b91c1c;font-weight:600;font-size:.9rem;margin:.25rem 0 0}
button{width:100%;min-height:3rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;font-size:1.1rem;font-weight:700;cursor:pointer}
button:hover{background:#115e59}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.cancel{text-align:center;margin:1rem 0 0}
.cancel .link{all:unset;color:inherit;text-decoration:underline;cursor:pointer}
.cancel .link:focus-visible{outline:2px solid currentColor;outline-offset:2px}
a{color:#0f766e;font-weight:600}
`;
