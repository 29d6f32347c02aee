import { z } from 'zod';

/**
 * The query string every list takes and the page every list answers (spec: `{count, next,
 * previous, results}`), with the value parsers its filters are built from. Written once here so
 * the server parses with them and the web app types what it sends and reads by them.
 */

/** Upper bound for `limit=-1` (all): the spec's largest lists ask for 10000. */
export const MAX_PAGE = 10_000;

export const listQuery = z.object({
  limit: z.coerce.number().int().min(-1).max(MAX_PAGE).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  ordering: z.string().max(200).optional(),
  search: z.string().trim().max(200).optional(),
  expand: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    /** Present (true) when a count above EXACT_COUNT_LIMIT is the planner's estimate. */
    count_is_estimate: z.boolean().optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** `a,b,c` -> ['a','b','c']; used for `expand` and `__in` filters. */
export const csvList = (value: string | undefined): string[] =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];

/** A comma list of allowed values (`status__in=new,confirmed`); an unknown one is a 400. */
export const valueList = <T extends string>(allowed: readonly T[]) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const values = csvList(value);
      const unknown = values.find((v) => !(allowed as readonly string[]).includes(v));
      if (unknown) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown value '${unknown}'. Allowed: ${allowed.join(', ')}.`,
        });
        return z.NEVER;
      }
      return values as T[];
    });

export const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'Expected a comma-separated list of ids.')
  .transform((v) => v.split(',').map(Number));

export const booleanParam = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((v) => v === 'true' || v === 'True' || v === '1');
