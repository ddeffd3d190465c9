/**
 * Stripe's wire conventions as the stand-in speaks them: bracketed form bodies, error answers and list pages, shared
 * by its Checkout Session and refund halves.
 */

/** A refusal answered in Stripe's error shape `{ error: body }`. */
export class StandInError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { type: string; message: string; code?: string; param?: string },
  ) {
    super(body.message);
  }
}

export function invalid(message: string, param?: string, code = 'parameter_invalid'): StandInError {
  return new StandInError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
}

/** Stripe answers 400, not 404, when an object named in the parameters does not exist. */
export function missingObject(kind: string, id: string, param: string): StandInError {
  return invalid(`No such ${kind}: '${id}'`, param, 'resource_missing');
}

/** The 404 for an object named in the URL. */
export function missingResource(kind: string, id: string, param: string): StandInError {
  return new StandInError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

type FormValue = string | FormTree | FormValue[];
export interface FormTree {
  [key: string]: FormValue;
}

/**
 * Stripe's form encoding: `line_items[0][price_data][unit_amount]=450` becomes
 * `{ line_items: [{ price_data: { unit_amount: '450' } }] }`; numeric segments are array indices.
 */
export function parseForm(body: string): FormTree {
  const root: FormTree = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match) throw invalid(`Invalid parameter name: ${name}`, name);
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node: FormTree | FormValue[] = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const slot = node as Record<string, FormValue>;
      if (last) {
        slot[key] = value;
        return;
      }
      const child = slot[key] ?? (/^\d+$/.test(keys[index + 1]!) ? [] : {});
      if (typeof child === 'string') throw invalid(`Invalid parameter: ${name}`, name);
      slot[key] = child;
      node = child;
    });
  }
  return root;
}

/** Stripe refuses a parameter it does not know, which catches a misspelt one in the shop's calls. */
export function refuseUnknown(names: Iterable<string>, known: readonly string[], where: string): void {
  for (const name of names) {
    if (!known.includes(name))
      throw invalid(
        `Received unknown parameter: ${name} (the Stripe stand-in knows only ${known.join(', ')} on ${where})`,
        name,
        'parameter_unknown',
      );
  }
}

export function field(tree: FormTree, key: string, path: string): string | undefined {
  const value = tree[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${path}`, path);
  return value;
}

export function object(tree: FormTree, key: string, path: string): FormTree | undefined {
  const value = tree[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalid(`Invalid hash: ${path}`, path);
  return value;
}

export function integer(text: string | undefined, path: string, minimum: number): number {
  if (text === undefined) throw invalid(`Missing required param: ${path}.`, path, 'parameter_missing');
  if (!/^-?\d+$/.test(text) || Number(text) < minimum)
    throw invalid(`Invalid integer: ${text} (${path} must be at least ${minimum})`, path);
  return Number(text);
}

/** `metadata[key]=value` pairs, within Stripe's limits on their lengths. */
export function readMetadata(tree: FormTree): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(object(tree, 'metadata', 'metadata') ?? {})) {
    if (typeof value !== 'string') throw invalid(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    if (key.length > 40 || value.length > 500) throw invalid('Metadata key or value too long.', `metadata[${key}]`);
    metadata[key] = value;
  }
  return metadata;
}

export interface StandInList<T> {
  object: 'list';
  url: string;
  has_more: boolean;
  data: T[];
}

/**
 * One page of a list endpoint: `items` newest first, cut at `limit` (Stripe's default 10, at most 100) after
 * `starting_after`, so the SDK's auto-pagination ends.
 */
export function listPage<T extends { id: string }>(url: string, items: T[], query: URLSearchParams): StandInList<T> {
  const limitText = query.get('limit') ?? undefined;
  const limit = limitText === undefined ? 10 : integer(limitText, 'limit', 1);
  if (limit > 100) throw invalid(`Invalid integer: ${limitText} (limit must be at most 100)`, 'limit');
  const after = query.get('starting_after');
  let start = 0;
  if (after !== null) {
    start = items.findIndex((item) => item.id === after) + 1;
    if (start === 0) throw missingObject('object', after, 'starting_after');
  }
  const page = items.slice(start, start + limit);
  return { object: 'list', url, has_more: start + limit < items.length, data: page };
}
