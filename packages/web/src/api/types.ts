import type { meResponse, sessionResponse } from '@b2b/domain/api/auth';
import type { detailResponse } from '@b2b/domain/api/common';
import type { listQuery, pageOf } from '@b2b/domain/api/list-query';
import type { z } from 'zod';

/** Shapes of the API answers this app reads (snake_case, as the server sends them). */

/** A page of a list as the server answers it (the domain's `pageOf`), with rows of type T. */
export type Paged<T> = Omit<z.output<ReturnType<typeof pageOf>>, 'results'> & { results: T[] };

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;
export type QueryParams = Record<string, QueryValue>;

/** Paging, order, search and embedded objects of a list (the domain's `listQuery`). */
export type ListParams = Partial<z.output<typeof listQuery>>;

/**
 * The filters a list sends, typed by the domain schema the server parses them with: each as the
 * text the schema reads or as the value it parses it into (the client writes numbers and booleans
 * as text and arrays comma-joined). A field the schema coerces from anything takes its parsed type.
 */
export type FiltersOf<S extends z.ZodType> = {
  [K in keyof z.output<S>]?: K extends keyof z.input<S>
    ? unknown extends z.input<S>[K]
      ? z.output<S>[K]
      : z.input<S>[K] | z.output<S>[K]
    : z.output<S>[K];
};

/** A row read with `expand=`: the named fields come as objects (or null), never as bare ids. */
export type Expanded<T, K extends keyof T> = Omit<T, K> & { [P in K]: Exclude<T[P], number> };

/** The answer of a call that only confirms (a delete, a reset): `{detail}`. */
export type Detail = z.output<typeof detailResponse>;

/** Who is signed in, as `me/` answers (the domain's schema, which the server's route declares). */
export type CurrentUser = z.output<typeof meResponse>;

/** A session as sign-in and refresh answer it. */
export type Session = z.output<typeof sessionResponse>;
