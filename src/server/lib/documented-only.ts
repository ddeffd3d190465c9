/**
 * A body or an answer its route handles itself (a multipart form, the raw bytes a signature covers, a CSV stream,
 * JSON prepared once and sent as bytes), which Fastify must neither validate nor serialise: the schema lets
 * anything through, and carries the shape the OpenAPI document shows (decision 090).
 */
import { z } from 'zod';

export interface Documentation {
  description: string;
  /** What the document shows: a zod schema's JSON Schema, or a JSON Schema (a multipart form's parts); any value when left out. */
  shape?: z.ZodType | Record<string, unknown>;
}

export function documentedOnly({ description, shape = {} }: Documentation) {
  const { $schema, ...json } =
    shape instanceof z.ZodType ? z.toJSONSchema(shape, { target: 'draft-2020-12', io: 'output' }) : shape;
  return z.unknown().meta({ ...json, description });
}
