import type { z } from 'zod';
import type { CONTRACTS } from './calls.ts';

/**
 * The client's side of `CONTRACTS`, types only: what the web app and the back office send to a path and what they
 * get back, read from the same schemas the server validates with, so no call site names its answer's type by hand.
 * Type-only on purpose: an app importing this file bundles neither zod nor the schemas.
 */

type Contract = (typeof CONTRACTS)[number];

/** A method a call may be made with. */
export type CallMethod = 'GET' | 'POST';

type Answering<C, M> = C extends { methods: readonly (infer X)[] } ? (M extends X ? C : never) : never;

/** Every path a call answers with `M`, as the contracts write it (`/admin/api/users/:id/status` with its `:id`). */
export type PathOf<M extends CallMethod> = Answering<Contract, M>['path'];

/** The contract of the call at `P` answering `M`. */
export type ContractAt<P, M extends CallMethod> = Extract<Answering<Contract, M>, { path: P }>;

/**
 * What a client sends to `P`: the input of its parameters' schema (numbers may be given as strings, optional fields
 * left out); nothing for a call without parameters.
 */
export type ParamsAt<P, M extends CallMethod> =
  ContractAt<P, M> extends { params: infer S extends z.ZodType } ? z.input<S> : Record<string, never>;

/**
 * The envelope's `data` that `P` answers on success. The response schemas transform nothing, so their output is also
 * what the server writes (its router types handlers by the input: the two are the same).
 */
export type AnswerAt<P, M extends CallMethod> =
  ContractAt<P, M> extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;

type OptionalKeys<I> = { [K in keyof I]-?: undefined extends I[K] ? K : never }[keyof I];

/**
 * Parameters as a client sends them: each value narrowed to what its encoding carries (`V`: a query string or a form
 * carries strings, numbers and booleans), and the keys the schema may do without (a default page) optional.
 */
export type SentParams<I, V = unknown> = { [K in Exclude<keyof I, OptionalKeys<I>>]: I[K] & V } & {
  [K in OptionalKeys<I>]?: I[K] & V;
};

/** Whether `P` holds a record's id (`…/:id…`), which the client fills in before sending. */
export type HasId<P> = P extends `${string}/:id${string}` ? true : false;

/** The `id` a path with `:id` needs (and one without it refuses). */
export type IdOption<P> = HasId<P> extends true ? { id: number | string } : { id?: never };

/**
 * What follows the path in a client's call: the parameters `W` (optional when none is required), then the options
 * `O`, needed for a path with `:id`.
 */
export type CallArgs<P, W, O> =
  Record<never, never> extends W
    ? HasId<P> extends true
      ? [params: W | undefined, options: O]
      : [params?: W, options?: O]
    : HasId<P> extends true
      ? [params: W, options: O]
      : [params: W, options?: O];
