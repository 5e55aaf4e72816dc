import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** Where a field sits in an answer: the keys of the objects leading to it. */
export type FieldPath = readonly string[];

/** The schema of the field at `path` of an object schema. */
function schemaAt(schema: z.ZodType, path: FieldPath): z.ZodType {
  let at: z.ZodType = schema;
  for (const key of path) {
    const field = at instanceof z.ZodObject ? (at.shape as Record<string, z.ZodType>)[key] : null;
    if (!field) throw new Error(`the schema has no field ${path.join('.')}`);
    at = field;
  }
  return at;
}

function holderOf(value: unknown, path: FieldPath): Record<string, unknown> | undefined {
  let at = value;
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof at === 'object' && at !== null ? (at as Record<string, unknown>) : undefined;
}

const valueAt = (value: unknown, path: FieldPath): unknown =>
  holderOf(value, path)?.[path[path.length - 1] ?? ''];

/**
 * An answer that is mostly the same for many requests (a value kept in memory) with a few fields
 * that differ per request: checked against the route's schema and serialized as the route's
 * serializer would (same JSON, same key order), but the common part only once per shared value
 * (decision 1300, third pass).
 *
 * `fields` are the paths of the fields that differ per request. The first answer rendered for a
 * `shared` value is checked whole and serialized with a marker in each of those fields; later
 * answers with the same `shared` value check only those fields, each with its own schema from
 * `schema`, and put their JSON in the markers' places. The caller promises that everything else
 * in an answer is the same for the same `shared` object (which therefore must not be changed).
 */
export function jsonTemplate(schema: z.ZodType, fields: FieldPath[]) {
  const slots = fields.map((path) => ({ path, schema: schemaAt(schema, path) }));
  const tag = randomUUID();
  const markers = new RegExp(`"@field-${tag}-(\\d+)@"`);
  /** per shared value: the JSON around the fields, and the fields in the order they appear */
  const templates = new WeakMap<object, { pieces: string[]; slots: typeof slots }>();

  function build(answer: unknown) {
    // zod's output is a new object, ours to write the markers into
    const checked = schema.parse(answer);
    slots.forEach(({ path }, i) => {
      const holder = holderOf(checked, path);
      const key = path[path.length - 1] ?? '';
      if (!holder || !(key in holder)) throw new Error(`the answer has no ${path.join('.')}`);
      holder[key] = `@field-${tag}-${i}@`;
    });
    const split = JSON.stringify(checked).split(markers);
    const pieces = split.filter((_, i) => i % 2 === 0);
    const order = split.filter((_, i) => i % 2 === 1).map(Number);
    if (order.length !== slots.length || new Set(order).size !== slots.length) {
      throw new Error('a field of the template was not found once in its JSON');
    }
    return { pieces, slots: order.map((i) => slots[i]).filter((slot) => slot !== undefined) };
  }

  return function render(shared: object, answer: unknown): string {
    let template = templates.get(shared);
    if (!template) {
      template = build(answer);
      templates.set(shared, template);
    }
    const { pieces } = template;
    let json = pieces[0] ?? '';
    template.slots.forEach((slot, i) => {
      json += JSON.stringify(slot.schema.parse(valueAt(answer, slot.path))) + (pieces[i + 1] ?? '');
    });
    return json;
  };
}
