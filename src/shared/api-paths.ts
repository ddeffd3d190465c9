/**
 * Every API address the browser calls, written once: the web's endpoint files build their URLs here, and each
 * group's `prefix` is where the server mounts that group's routes. Builders encode what they are given, so an id
 * or a token stays one path segment whatever it holds. The owner's addresses are in `#shared/admin-api-paths`.
 */
const segment = encodeURIComponent;

const products = '/api/products';
const auth = '/api/auth';
const cart = '/api/cart';
const orders = '/api/orders';
const contact = '/api/contact';
const reviews = '/api/reviews';

export const apiPaths = {
  products: {
    prefix: products,
    /** GET: the whole catalog; with `?ids=a,b`, only those products. */
    list: products,
    /** GET: a page of the catalog, by category, collection or search words: `{ items, total }`. */
    browse: `${products}/browse`,
    /** GET: one product. */
    one: (productId: string) => `${products}/${segment(productId)}`,
  },
  auth: {
    prefix: auth,
    signup: `${auth}/signup`,
    verifyOtp: `${auth}/verify-otp`,
    resendOtp: `${auth}/resend-otp`,
    login: `${auth}/login`,
    logout: `${auth}/logout`,
    /** GET: the current customer; DELETE: their account, with their password. */
    me: `${auth}/me`,
    /** PUT: a new password, with the current one. */
    password: `${auth}/password`,
    forgotPassword: `${auth}/forgot-password`,
    /** PUT: the new password (a GET of the same address is the page, `pageRoutes.resetPassword`). */
    resetPassword: (token: string) => `${auth}/reset-password/${segment(token)}`,
    /** GET: the customer's address book; POST: keep one more address (UK only). */
    addresses: `${auth}/addresses`,
    /** DELETE: one of the customer's addresses. */
    address: (addressId: string) => `${auth}/addresses/${segment(addressId)}`,
  },
  cart: {
    prefix: cart,
    /** GET: the customer's cart. */
    get: cart,
    add: `${cart}/add`,
    remove: (productId: string) => `${cart}/remove/${segment(productId)}`,
    clear: `${cart}/clear`,
    /** PATCH: another weight for a line. */
    changeWeight: (productId: string) => `${cart}/${segment(productId)}`,
    merge: `${cart}/merge`,
    /** POST: the server's price for lines, a postcode and a promotion code (guest or customer). */
    quote: `${cart}/quote`,
  },
  orders: {
    prefix: orders,
    createCheckoutSession: `${orders}/create-stripe-session`,
    verify: (sessionId: string) => `${orders}/verify-stripe/${segment(sessionId)}`,
    /** POST: a customer's order (bearer token). */
    place: orders,
    placeGuest: `${orders}/guest-order`,
    mine: `${orders}/my-orders`,
    /** GET: one of the customer's own orders, with its history and tracking. */
    one: (orderId: string) => `${orders}/${segment(orderId)}`,
  },
  delivery: {
    prefix: '/api/delivery',
    /** GET: the shop's delivery charges. */
    settings: '/api/delivery',
  },
  staff: {
    prefix: '/api/staff',
    /** GET: who an invitation is for; POST: accept it with a password (`{ password }`). */
    accept: (token: string) => `/api/staff/accept/${segment(token)}`,
  },
  contact: {
    prefix: contact,
    submit: `${contact}/submit`,
  },
  reviews: {
    prefix: reviews,
    list: reviews,
    create: reviews,
  },
  /** A staff or admin account's second login step (bearer token). */
  totp: {
    prefix: `${auth}/totp`,
    /** GET: whether it is on and how many recovery codes are left; DELETE: turn it off (`{ password, code }`). */
    status: `${auth}/totp`,
    /** POST: a new secret to set up, not in force until confirmed. */
    start: `${auth}/totp/start`,
    /** POST: the first code (`{ code }`): turns it on and answers the recovery codes. */
    confirm: `${auth}/totp/confirm`,
  },
} as const;
